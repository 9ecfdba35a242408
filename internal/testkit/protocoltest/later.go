package protocoltest

import (
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/protocol"
)

// OldScaffoldSuite is the suite revision the backends' old scaffolds
// (testdata/upgrade) were written for: an operation added after it has no
// method there.
const OldScaffoldSuite = "1.5.0"

// WithoutLaterMissing is findings less the warnings, each of a missing
// method, of operations added after OldScaffoldSuite: an old scaffold's
// audit names them, as it should, and the upgrade tests check that those
// operations' tests skip. Every other finding about them is kept, and so is
// every finding about Probe, which the upgrade tests append.
func WithoutLaterMissing(findings []backend.ScaffoldFinding) []backend.ScaffoldFinding {
	var kept []backend.ScaffoldFinding
	for _, f := range findings {
		op, _ := protocol.Lookup(f.Operation)
		if !f.Breaks && after(op.Since, OldScaffoldSuite) && f.Stub != "" && op.Name != Probe.Name {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// after reports whether the revision a (major.minor.patch) comes after b.
func after(a, b string) bool {
	x, y := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(x) && i < len(y); i++ {
		m, _ := strconv.Atoi(x[i])
		n, _ := strconv.Atoi(y[i])
		if m != n {
			return m > n
		}
	}
	return len(x) > len(y)
}
