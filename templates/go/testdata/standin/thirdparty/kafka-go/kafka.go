// Package kafka is a stand-in for kafka-go's records.
package kafka

import "time"

// Header is a record header.
type Header struct {
	Key   string
	Value []byte
}

// Message is a record.
type Message struct {
	Topic   string
	Value   []byte
	Headers []Header
	Time    time.Time
}
