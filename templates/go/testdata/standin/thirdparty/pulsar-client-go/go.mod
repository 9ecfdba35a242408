// A stand-in for github.com/apache/pulsar-client-go: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/apache/pulsar-client-go

go 1.21
