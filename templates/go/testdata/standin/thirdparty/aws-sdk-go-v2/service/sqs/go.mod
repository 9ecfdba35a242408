// A stand-in for github.com/aws/aws-sdk-go-v2/service/sqs: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/aws/aws-sdk-go-v2/service/sqs

go 1.21
