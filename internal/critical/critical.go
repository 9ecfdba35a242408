// Package critical is the part of a run a signal has to wait for. Outside
// a critical phase nothing needs undoing, so a signal ends the process at
// once, even while it waits on a file. Inside one (writing into a checkout,
// which the writer undoes; verify, which stops its tools and removes its
// temp dir) the run sees its context end, cleans up and ends itself.
package critical

import (
	"context"
	"sync"
)

// Guard is a run's critical phase, shared by the run and the process that
// turns signals into the end of the run's context.
type Guard struct {
	mu          sync.Mutex
	inside      bool
	interrupted bool
}

type guardKey struct{}

// With is ctx carrying g, for Enter to find.
func With(ctx context.Context, g *Guard) context.Context {
	return context.WithValue(ctx, guardKey{}, g)
}

// Enter starts the critical phase of the run of ctx and returns the
// function that ends it; ok is false when the run is interrupted already,
// and then nothing may start.
func Enter(ctx context.Context) (leave func(), ok bool) {
	g, _ := ctx.Value(guardKey{}).(*Guard)
	if g == nil { // a run without a Guard, as tests make: no signals to wait for
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

// Interrupt reports whether the run may end at once: it is not inside its
// critical phase, and now never will be.
func (g *Guard) Interrupt() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.interrupted = !g.inside
	return g.interrupted
}
