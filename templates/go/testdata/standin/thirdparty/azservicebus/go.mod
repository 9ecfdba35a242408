// A stand-in for github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus

go 1.21
