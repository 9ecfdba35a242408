// Package reportio is what bqgen report reads and writes: the runners'
// result files, earlier reports to merge, the history and each target's
// test index in its checkout, read through safefile with their limits; the
// report built from them with where and when its results come from; and
// the report, its pages and badges, and the verdict for CI.
package reportio

import (
	"io"

	"github.com/babelqueue/bqgen/plan"
)

// Flags are report's flags, by name, as a *cli.Context has them.
type Flags interface {
	plan.Flags
	StringSlice(name string) []string
}

// Request is a report run as the command line asks for it.
type Request struct {
	Plan   plan.Request // the targets, as check reads them
	Flags  Flags        // report's own flags (the targets' among them)
	Stdout io.Writer    // where the report goes without --output
}
