// Package idempotency is a stand-in for babelqueue-go's idempotency helper
// (shared/sdk-api/go.md §8).
package idempotency

import (
	"context"
	"sync"

	babelqueue "github.com/babelqueue/babelqueue-go"
)

// Store remembers the ids of handled messages.
type Store interface {
	Seen(ctx context.Context, id string) (bool, error)
	Remember(ctx context.Context, id string) error
	Forget(ctx context.Context, id string) error
}

// InMemoryStore is a Store in a map.
type InMemoryStore struct {
	mu  sync.Mutex
	ids map[string]bool
}

// NewInMemoryStore returns an empty store.
func NewInMemoryStore() *InMemoryStore { return &InMemoryStore{ids: map[string]bool{}} }

// Seen reports whether id was remembered.
func (s *InMemoryStore) Seen(_ context.Context, id string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ids[id], nil
}

// Remember remembers id.
func (s *InMemoryStore) Remember(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ids[id] = true
	return nil
}

// Forget forgets id.
func (s *InMemoryStore) Forget(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.ids, id)
	return nil
}

// Wrap runs handler once per meta.id.
func Wrap(store Store, handler babelqueue.Handler) babelqueue.Handler {
	return func(ctx context.Context, env babelqueue.Envelope) error {
		if env.Meta.ID == "" {
			return handler(ctx, env)
		}
		seen, err := store.Seen(ctx, env.Meta.ID)
		if err != nil || seen {
			return err
		}
		if err := handler(ctx, env); err != nil {
			return err
		}
		_ = store.Remember(ctx, env.Meta.ID)
		return nil
	}
}
