// A stand-in for babelqueue-go's sqs transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/sqs

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/aws/aws-sdk-go-v2 v0.0.0
	github.com/aws/aws-sdk-go-v2/service/sqs v0.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/aws/aws-sdk-go-v2 => ../../thirdparty/aws-sdk-go-v2
replace github.com/aws/aws-sdk-go-v2/service/sqs => ../../thirdparty/aws-sdk-go-v2/service/sqs
