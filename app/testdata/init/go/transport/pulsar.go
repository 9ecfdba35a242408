// Package bqpulsar is a stand-in.
package bqpulsar
