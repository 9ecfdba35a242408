package sqs
