// A stand-in for github.com/segmentio/kafka-go: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/segmentio/kafka-go

go 1.21
