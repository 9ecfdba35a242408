// Package redis is a stand-in for go-redis: a client whose commands answer
// nothing (the lint test compiles code against it, never runs it).
package redis

import (
	"context"
	"net"
	"time"
)

// Options configure a Client.
type Options struct {
	Addr     string
	Protocol int
	Dialer   func(ctx context.Context, network, addr string) (net.Conn, error)
}

// Client is a Redis client.
type Client struct{ opt Options }

// NewClient returns a client for opt.
func NewClient(opt *Options) *Client { return &Client{opt: *opt} }

// Options are the client's options.
func (c *Client) Options() *Options { return &c.opt }

// Close closes the client.
func (c *Client) Close() error { return nil }

// IntCmd is a command with an integer answer.
type IntCmd struct {
	val int64
	err error
}

// Result is the answer.
func (c *IntCmd) Result() (int64, error) { return c.val, c.err }

// StringCmd is a command with a string answer.
type StringCmd struct {
	val string
	err error
}

// Result is the answer.
func (c *StringCmd) Result() (string, error) { return c.val, c.err }

// RPush appends values to the list key.
func (c *Client) RPush(context.Context, string, ...any) *IntCmd { return &IntCmd{} }

// LLen is the length of the list key.
func (c *Client) LLen(context.Context, string) *IntCmd { return &IntCmd{} }

// LRem removes count occurrences of value from the list key.
func (c *Client) LRem(context.Context, string, int64, any) *IntCmd { return &IntCmd{} }

// BLMove moves an element between lists, waiting up to timeout.
func (c *Client) BLMove(context.Context, string, string, string, string, time.Duration) *StringCmd {
	return &StringCmd{}
}
