// A stand-in for babelqueue-go's amqp transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/amqp

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/rabbitmq/amqp091-go v0.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/rabbitmq/amqp091-go => ../../thirdparty/amqp091-go
