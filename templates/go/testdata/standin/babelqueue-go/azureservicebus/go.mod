// A stand-in for babelqueue-go's azureservicebus transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/azureservicebus

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus v0.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/Azure/azure-sdk-for-go/sdk/messaging/azservicebus => ../../thirdparty/azservicebus
