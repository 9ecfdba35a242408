// A stand-in for github.com/babelqueue/babelqueue-go (shared/sdk-api/go.md):
// the signatures the generated scaffolds call, with minimal bodies, so
// templates/go's lint test compiles SDK-bound output. Not the SDK's code.
module github.com/babelqueue/babelqueue-go

go 1.21
