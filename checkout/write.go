package checkout

import (
	"context"
	"fmt"

	"github.com/babelqueue/bqgen/internal/console"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/scaffoldaudit"
)

// Write writes each of gens into its checkout, in order, and says what it
// did: the files written and removed (notes and details on o), the tests
// that vanished and what --adopt took over (always), and, as warnings,
// what the SDK's own files lack. The caller is inside its critical phase:
// an interruption undoes the target being written.
func Write(ctx context.Context, gens []plan.Generated, o *console.Output) error {
	for _, g := range gens {
		written, said, err := g.Write(ctx)
		if err != nil {
			return err
		}
		o.Note("%s: %d file(s) written, %d removed", g.Describe(), len(written.Changes), len(written.Removals))
		for _, ch := range written.Changes {
			o.Detail("  wrote %s", quote.Name(ch.File.Path))
		}
		for _, r := range written.Removals {
			o.Detail("  removed %s", quote.Name(r))
		}
		// Never quiet: a test that disappears is said, whatever the flags.
		fmt.Fprint(o.Out, said)
		scaffoldaudit.Warn(o.Err, g, written)
	}
	return nil
}
