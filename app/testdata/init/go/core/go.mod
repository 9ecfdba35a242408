module github.com/babelqueue/babelqueue-go

go 1.22
