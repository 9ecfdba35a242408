// A stand-in for github.com/Azure/go-amqp: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/Azure/go-amqp

go 1.21
