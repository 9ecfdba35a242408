// A stand-in for babelqueue-go's kafka transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/kafka

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/segmentio/kafka-go v0.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/segmentio/kafka-go => ../../thirdparty/kafka-go
