package oracle

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"sync"
)

// A Recording keeps what the connections that open with its token ask: the
// requests of each connection, byte for byte. bqgen verify records what each
// generated test file asks the correct oracle, and then asks each mutant the
// same (AnsweredAlike): a file whose every answer is the same bytes as the
// correct oracle's gets what it got from the oracle, so its tests do what
// they did.
type Recording struct {
	token string
	l     *Listener

	maxBytes int64 // the most request bytes it keeps

	mu       sync.Mutex
	convs    []*recordedConn
	bytes    int64
	overflow bool
	stopped  bool
}

// Conversation is one connection's requests, as sent.
type Conversation struct {
	Requests []byte
	// correct is the correct oracle's replayed answers, kept by Stop:
	// every mutant's are compared with them. consulted is the faults that
	// replay asked about: a mutant of another answers alike, unasked.
	correct   []byte
	consulted Consulted
}

// recordedConn is one connection of a recording being served.
type recordedConn struct {
	rec      *Recording
	requests bytes.Buffer
}

// Record starts a recording with a token of its own: a connection whose
// hello carries it is served the oracle its hello names, as any other, and
// its requests kept, at most maxBytes of them: past that, the recording
// says it overflowed rather than hold more. Stop ends the recording.
func (l *Listener) Record(maxBytes int64) (*Recording, error) {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("oracle: record: %w", err)
	}
	r := &Recording{token: hex.EncodeToString(secret), l: l, maxBytes: maxBytes}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.recordings == nil {
		l.recordings = map[string]*Recording{}
	}
	l.recordings[r.token] = r
	return r, nil
}

// Token is what a recorded client's hello carries.
func (r *Recording) Token() string { return r.token }

// Stop ends the recording: a connection that opens with its token from now
// on is refused, and what open ones send from now on is not kept. It
// returns every connection's conversation, in the order they connected,
// each with the correct oracle's answers replayed, and false when the
// recording overflowed its budget.
func (r *Recording) Stop() ([]Conversation, bool, error) {
	r.l.mu.Lock()
	delete(r.l.recordings, r.token)
	r.l.mu.Unlock()
	r.mu.Lock()
	r.stopped = true
	out := make([]Conversation, len(r.convs))
	for i, c := range r.convs {
		out[i] = Conversation{Requests: bytes.Clone(c.requests.Bytes())}
	}
	complete := !r.overflow
	r.mu.Unlock()
	for i := range out {
		consulted := Consulted{}
		correct, err := out[i].replay(None, consulted)
		if err != nil {
			return nil, false, err
		}
		out[i].correct, out[i].consulted = correct, consulted
	}
	return out, complete, nil
}

// recordingFor is the recording whose token a hello carries, if any.
func (l *Listener) recordingFor(token string) *Recording {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.recordings[token]
}

// conn starts recording one connection.
func (r *Recording) conn() *recordedConn {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := &recordedConn{rec: r}
	if !r.stopped {
		r.convs = append(r.convs, c)
	}
	return c
}

// keep appends p to the connection's requests within the recording's
// budget.
func (c *recordedConn) keep(p []byte) {
	r := c.rec
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.stopped || r.overflow:
	case r.bytes+int64(len(p)) > r.maxBytes:
		r.overflow = true
	default:
		r.bytes += int64(len(p))
		c.requests.Write(p)
	}
}

// reader is in with what is read from it kept as the connection's requests.
func (c *recordedConn) reader(in io.Reader) io.Reader {
	return readerFunc(func(p []byte) (int, error) {
		n, err := in.Read(p)
		c.keep(p[:n])
		return n, err
	})
}

type readerFunc func([]byte) (int, error)

func (f readerFunc) Read(p []byte) (int, error) { return f(p) }

// AnsweredAlike reports whether the oracle with fault f answers c's
// requests byte for byte as the correct oracle does. The oracle keeps no
// state between requests and answers in request order, so the same requests
// get the same answers whether they arrive at once or one at a time; both
// replays count their ids and stop their clock alike (replaySource), so
// what make generates differs only where f makes it. A conversation whose
// correct replay never asked about f is answered alike without a replay
// (Consulted).
func (c Conversation) AnsweredAlike(f Fault) (bool, error) {
	alike, _, err := c.Reach(f)
	return alike, err
}

// replay is what a replaying oracle with fault f answers c's requests; it
// adds the faults the replay asks about to consulted, when set.
func (c Conversation) replay(f Fault, consulted Consulted) ([]byte, error) {
	o, err := New(f)
	if err != nil {
		return nil, err
	}
	o.replay, o.consulted = &replaySource{}, consulted
	var answers bytes.Buffer
	if err := Serve(bytes.NewReader(c.Requests), &answers, o); err != nil {
		return nil, err
	}
	return answers.Bytes(), nil
}
