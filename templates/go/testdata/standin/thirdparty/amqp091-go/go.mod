// A stand-in for github.com/rabbitmq/amqp091-go: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/rabbitmq/amqp091-go

go 1.21
