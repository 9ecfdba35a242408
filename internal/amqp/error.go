package amqp

import "fmt"

// Reply codes a test is likely to check (AMQP 0-9-1 §1.1 constants).
const (
	AccessRefused      = 403
	NotFound           = 404
	ResourceLocked     = 405
	PreconditionFailed = 406
)

// Error is the server closing a channel or the whole connection: its reply
// code and text ("PRECONDITION_FAILED - unknown delivery tag 1"). It is
// the broker's own verdict, so tests assert on it rather than on ours.
type Error struct {
	Code int
	Text string
	// Connection is true when the server closed the connection, not just
	// one channel: every channel of it is then gone.
	Connection bool
	// ClassID and MethodID name the method that caused it, when the server
	// says (0 otherwise).
	ClassID, MethodID uint16
}

func (e *Error) Error() string {
	scope := "channel"
	if e.Connection {
		scope = "connection"
	}
	return fmt.Sprintf("amqp: server closed the %s: %d %s", scope, e.Code, e.Text)
}

// readClose decodes a connection.close or channel.close's arguments.
func readClose(d *decoder, connection bool) (*Error, error) {
	e := &Error{Code: int(d.short()), Text: d.shortstr(), Connection: connection}
	e.ClassID, e.MethodID = d.short(), d.short()
	if d.err != nil {
		return nil, fmt.Errorf("amqp: malformed close: %w", d.err)
	}
	return e, nil
}
