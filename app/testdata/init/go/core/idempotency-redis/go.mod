module github.com/babelqueue/babelqueue-go/idempotency-redis

go 1.22

require github.com/babelqueue/babelqueue-go v1.8.0

replace github.com/babelqueue/babelqueue-go => ../
