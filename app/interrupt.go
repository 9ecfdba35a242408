package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/urfave/cli/v2"
)

// SIGINT and SIGTERM end a run with exit 130 wherever they arrive. Outside
// a critical phase nothing needs undoing, so the process ends at once, even
// while it waits on a file. Inside one — writing into a checkout, which the
// writer undoes; verify, which stops its tools and removes its temp dir —
// the run sees its context end, cleans up and returns 130 itself.

// Main runs bqgen as a process: Run, with the signals turned into the end of
// its context. cmd/bqgen calls it; tests call Run.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	g := &critical{}
	done := make(chan int, 1)
	go func() { done <- Run(context.WithValue(ctx, criticalKey{}, g), args, stdin, stdout, stderr) }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	stop() // a second signal ends the process at once: a crash the next run undoes
	if g.interrupt() {
		fmt.Fprintln(stderr, "bqgen: interrupted")
		return exitInterrupted
	}
	return <-done
}

// critical is the part of a run a signal has to wait for.
type critical struct {
	mu          sync.Mutex
	inside      bool
	interrupted bool
}

type criticalKey struct{}

// enterCritical starts the critical phase of the run of ctx and returns
// the function that ends it; ok is false when the run is interrupted
// already, and then nothing may start.
func enterCritical(ctx context.Context) (leave func(), ok bool) {
	g, _ := ctx.Value(criticalKey{}).(*critical)
	if g == nil { // Run called directly, as tests do: no signals to wait for
		return func() {}, ctx.Err() == nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.interrupted || ctx.Err() != nil {
		return nil, false
	}
	g.inside = true
	return func() { g.mu.Lock(); g.inside = false; g.mu.Unlock() }, true
}

// interrupt reports whether the run may end at once: it is not inside its
// critical phase, and now never will be.
func (g *critical) interrupt() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.interrupted = !g.inside
	return g.interrupted
}

// interrupted is the error of a command whose run was interrupted, checked
// between its steps, or nil.
func interrupted(c *cli.Context) error {
	if c.Context.Err() != nil {
		return interruptedErr("interrupted; nothing was written")
	}
	return nil
}
