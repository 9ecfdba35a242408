// A stand-in for babelqueue-go's artemis transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/artemis

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/Azure/go-amqp v0.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/Azure/go-amqp => ../../thirdparty/go-amqp
