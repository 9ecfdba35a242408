package app

import (
	"context"
	"fmt"
	"io"

	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/urfave/cli/v2"
)

// SIGINT and SIGTERM end a run with exit 130 wherever they arrive: at once
// outside its critical phase, after cleaning up inside it (package
// critical).

// Main runs bqgen as a process: Run, with the signals turned into the end of
// its context. cmd/bqgen calls it; tests call Run.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return critical.Run(func(ctx context.Context) int { return Run(ctx, args, stdin, stdout, stderr) }, func() int {
		fmt.Fprintln(stderr, "bqgen: interrupted")
		return exitInterrupted
	})
}

// interrupted is the error of a command whose run was interrupted, checked
// between its steps, or nil.
func interrupted(c *cli.Context) error {
	if c.Context.Err() != nil {
		return interruptedErr("interrupted; nothing was written")
	}
	return nil
}
