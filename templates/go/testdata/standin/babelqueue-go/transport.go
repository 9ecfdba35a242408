package babelqueue

import (
	"context"
	"time"
)

// ReceivedMessage is a message a Transport reserved.
type ReceivedMessage struct {
	Body   string
	Queue  string
	Handle any
}

// Transport is the broker contract the App runs on.
type Transport interface {
	Publish(ctx context.Context, queue, body string) error
	Pop(ctx context.Context, queue string, timeout time.Duration) (*ReceivedMessage, error)
	Ack(ctx context.Context, msg *ReceivedMessage) error
}

// Handler handles one envelope.
type Handler func(ctx context.Context, env Envelope) error

// App routes the envelopes a Transport delivers to their URN's handler.
type App struct {
	transport Transport
	queue     string
	handlers  map[string]Handler
}

// AppOption tunes NewApp.
type AppOption func(*App)

// WithDefaultQueue sets the queue the App consumes by default.
func WithDefaultQueue(queue string) AppOption { return func(a *App) { a.queue = queue } }

// NewApp returns an App on transport.
func NewApp(transport Transport, opts ...AppOption) *App {
	a := &App{transport: transport, queue: "default", handlers: map[string]Handler{}}
	for _, opt := range opts {
		opt(a)
	}
	return a
}

// Handle registers the handler of urn.
func (a *App) Handle(urn string, h Handler) { a.handlers[urn] = h }

// Drain handles at most max messages of queue and reports how many it took.
func (a *App) Drain(ctx context.Context, queue string, max int) (int, error) {
	n := 0
	for ; n < max; n++ {
		msg, err := a.transport.Pop(ctx, queue, 0)
		if err != nil || msg == nil {
			return n, err
		}
		if env, err := Decode([]byte(msg.Body)); err == nil && env.Accepts() {
			if h, ok := a.handlers[env.URN()]; ok {
				if err := h(ctx, env); err != nil {
					return n, err
				}
			}
		}
		if err := a.transport.Ack(ctx, msg); err != nil {
			return n, err
		}
	}
	return n, nil
}
