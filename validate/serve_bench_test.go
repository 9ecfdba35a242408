package validate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/oracle"
)

// BenchmarkServeCanonical is `bqgen oracle serve` answering the canonical
// suite's questions, one request line each, as a run of the generated
// tests asks them (the process's start and the pipes aside): what each of
// a verification's runs costs its oracle server.
func BenchmarkServeCanonical(b *testing.B) {
	var lines bytes.Buffer
	for i, e := range expectations(suitetest.Canonical(b)) {
		args, err := json.Marshal(e.args)
		if err != nil {
			b.Fatal(err)
		}
		fmt.Fprintf(&lines, "{\"id\":%d,\"op\":%q,\"args\":%s}\n", i+1, e.op, args)
	}
	b.ReportAllocs()
	for b.Loop() {
		o, err := oracle.New(oracle.None)
		if err != nil {
			b.Fatal(err)
		}
		if err := oracle.Serve(bytes.NewReader(lines.Bytes()), io.Discard, o); err != nil {
			b.Fatal(err)
		}
	}
}
