// A stand-in for github.com/redis/go-redis/v9: only what the stand-in transports and the
// generated scaffolds use (templates/go/testdata/standin/README.md).
module github.com/redis/go-redis/v9

go 1.21
