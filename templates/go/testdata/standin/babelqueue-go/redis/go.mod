// A stand-in for babelqueue-go's redis transport module (../../README.md).
module github.com/babelqueue/babelqueue-go/redis

go 1.21

require (
	github.com/babelqueue/babelqueue-go v0.0.0
	github.com/redis/go-redis/v9 v9.0.0
)

replace github.com/babelqueue/babelqueue-go => ../
replace github.com/redis/go-redis/v9 => ../../thirdparty/go-redis
