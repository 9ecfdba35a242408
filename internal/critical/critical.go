// Package critical is the part of a run a signal has to wait for. Outside
// a critical phase nothing needs undoing, so a signal ends the process at
// once, even while it waits on a file. Inside one (writing into a checkout,
// which the writer undoes; verify, which stops its tools and removes its
// temp dir) the run sees its context end, cleans up and ends itself.
package critical

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Run runs run with SIGINT and SIGTERM turned into the end of its context,
// and returns run's exit code. A signal outside the critical phase ends
// the run at once: Run returns interrupted() without waiting for it.
// Inside, the run cleans up and returns by itself. A second signal ends
// the process at once: a crash the next run undoes.
func Run(run func(ctx context.Context) int, interrupted func() int) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	g := &guard{}
	done := make(chan int, 1)
	go func() { done <- run(context.WithValue(ctx, guardKey{}, g)) }()
	select {
	case code := <-done:
		return code
	case <-ctx.Done():
	}
	stop()
	if g.interrupt() {
		return interrupted()
	}
	return <-done
}

// guard is a run's critical phase, shared by the run and Run, which turns
// signals into the end of the run's context.
type guard struct {
	mu          sync.Mutex
	inside      bool
	interrupted bool
}

type guardKey struct{}

// Enter starts the critical phase of the run of ctx and returns the
// function that ends it; ok is false when the run is interrupted already,
// and then nothing may start.
func Enter(ctx context.Context) (leave func(), ok bool) {
	g, _ := ctx.Value(guardKey{}).(*guard)
	if g == nil { // a run Run did not start, as tests make: no signals to wait for
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
func (g *guard) interrupt() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.interrupted = !g.inside
	return g.interrupted
}
