// A stand-in for babelqueue-go's pulsar transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/pulsar

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/apache/pulsar-client-go v0.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/apache/pulsar-client-go => ../../thirdparty/pulsar-client-go
