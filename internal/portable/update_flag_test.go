package portable

// The shared -update flag, so `go test ./... -update` runs in every package.
import _ "github.com/babelqueue/bqgen/internal/testkit/testflag"
