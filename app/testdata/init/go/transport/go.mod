module github.com/example/babelqueue-pulsar

go 1.22

require github.com/babelqueue/babelqueue-go v1.8.0
