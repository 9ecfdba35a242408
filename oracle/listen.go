package oracle

import (
	"bufio"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// Listener serves the oracle over TCP on the loopback interface, one
// connection per oracle subject: what `bqgen oracle serve` is over stdin and
// stdout, without starting a process for each. bqgen verify runs one while it
// verifies, and a run's tests connect to it where they would have started a
// server (docs/subject-protocol.md, "Connecting instead of starting").
//
// A connection opens with a hello line, {"token": ..., "fault": ...}: the
// listener's token, so no other program on the machine gets an oracle from
// it, and the mutant to serve ("" for the correct oracle). Then it is the
// protocol of Serve, with an oracle of its own.
type Listener struct {
	ln    net.Listener
	token string
	slots chan struct{} // one per connection being served
	wg    sync.WaitGroup

	mu         sync.Mutex
	conns      map[net.Conn]struct{}
	closed     bool
	recordings map[string]*Recording // by token (Record)
}

// Budgets of a connection before it is served.
const (
	// maxHelloBytes bounds the hello line: a token and a fault name.
	maxHelloBytes = 4 << 10
	// helloTimeout bounds the wait for it: a client sends it at once.
	helloTimeout = 30 * time.Second
	// maxConnections bounds the connections served at once. verify has a
	// few runs going, each with one connection (or one per test file).
	maxConnections = 64
	// refuseDrainTime and maxRefusedBytes bound what a refused client's
	// input costs before its connection closes.
	refuseDrainTime = 2 * time.Second
	maxRefusedBytes = 1 << 20
)

// Listen starts a Listener on a free port of the loopback interface, with a
// random token.
func Listen() (*Listener, error) {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return nil, fmt.Errorf("oracle: listen: %w", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("oracle: listen: %w", err)
	}
	l := &Listener{ln: ln, token: hex.EncodeToString(secret), slots: make(chan struct{}, maxConnections), conns: map[net.Conn]struct{}{}}
	l.wg.Add(1)
	go l.accept()
	return l, nil
}

// Addr is the host:port clients connect to.
func (l *Listener) Addr() string { return l.ln.Addr().String() }

// Token is what a client's hello must carry.
func (l *Listener) Token() string { return l.token }

// Close stops accepting, closes every open connection and waits for their
// goroutines to end.
func (l *Listener) Close() error {
	l.mu.Lock()
	l.closed = true
	for conn := range l.conns {
		conn.Close()
	}
	l.mu.Unlock()
	err := l.ln.Close()
	l.wg.Wait()
	return err
}

// accept serves each connection in a goroutine of its own until the
// listener closes. A connection past maxConnections is refused, not queued:
// connections a client leaked must not stall the runs after it.
func (l *Listener) accept() {
	defer l.wg.Done()
	for {
		conn, err := l.ln.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return
			}
			time.Sleep(10 * time.Millisecond) // a passing failure (out of descriptors): try again
			continue
		}
		select {
		case l.slots <- struct{}{}:
		default:
			l.wg.Add(1)
			go func() {
				defer l.wg.Done()
				refuse(conn, fmt.Sprintf("%d connections are open, the most this oracle serves at once", maxConnections))
			}()
			continue
		}
		if !l.track(conn) {
			conn.Close()
			<-l.slots
			return
		}
		l.wg.Add(1)
		go func() {
			defer l.wg.Done()
			defer func() { <-l.slots }()
			defer l.untrack(conn)
			l.serveConn(conn)
		}()
	}
}

// refuse answers conn's first request with why it is not served, and
// closes it. What the client sent is read and dropped first, for a while:
// closing with it unread would reset the connection, and the client could
// lose the answer.
func refuse(conn net.Conn, why string) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(helloTimeout))
	if _, err := conn.Write(answerLine(failure(nil, codeBadRequest, why))); err != nil {
		return
	}
	if tcp, ok := conn.(*net.TCPConn); ok {
		tcp.CloseWrite()
	}
	conn.SetReadDeadline(time.Now().Add(refuseDrainTime))
	io.CopyN(io.Discard, conn, maxRefusedBytes)
}

// track records conn for Close; false once the listener is closed.
func (l *Listener) track(conn net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false
	}
	l.conns[conn] = struct{}{}
	return true
}

func (l *Listener) untrack(conn net.Conn) {
	l.mu.Lock()
	delete(l.conns, conn)
	l.mu.Unlock()
	conn.Close()
}

// hello is a connection's first line.
type hello struct {
	Token string `json:"token"`
	Fault string `json:"fault"`
}

// serveConn reads the hello, then serves the oracle it names until the
// client closes its side. A bad hello is answered with one error response
// (id null, bad_request) before the connection closes, so the client's
// first request reads why.
func (l *Listener) serveConn(conn net.Conn) {
	// Serve is held to never panic (FuzzServe), but it now runs inside the
	// verifying process: should it, the connection says so and ends, as a
	// server of its own would have, and the process goes on.
	defer func() {
		if p := recover(); p != nil {
			conn.Write(answerLine(failure(nil, codeFailed, fmt.Sprintf("internal error: the oracle stopped serving this connection: %v", p))))
		}
	}()
	in := bufio.NewReaderSize(conn, 64<<10) // Serve reads on from it: the first request may be buffered already
	o, rec, err := l.readHello(conn, in)
	if err != nil {
		refuse(conn, err.Error())
		return
	}
	if rec == nil {
		Serve(in, conn, o)
		return
	}
	Serve(rec.conn().reader(in), conn, o)
}

// readHello reads and checks the hello line, within its budgets, and
// returns the oracle it names and the recording its token is for (nil for
// the listener's own token).
func (l *Listener) readHello(conn net.Conn, in *bufio.Reader) (*Oracle, *Recording, error) {
	conn.SetReadDeadline(time.Now().Add(helloTimeout))
	defer conn.SetReadDeadline(time.Time{})
	lines := &lineReader{r: in, max: maxHelloBytes}
	line, tooLong, err := lines.next()
	switch {
	case tooLong:
		return nil, nil, fmt.Errorf("the hello line is longer than %d bytes", maxHelloBytes)
	case err != nil:
		return nil, nil, fmt.Errorf("no hello line: %w", err)
	}
	var h hello
	if err := json.Unmarshal(line, &h); err != nil {
		return nil, nil, fmt.Errorf("the hello line is not a JSON object {\"token\", \"fault\"}: %w", err)
	}
	var rec *Recording
	if subtle.ConstantTimeCompare([]byte(h.Token), []byte(l.token)) != 1 {
		if rec = l.recordingFor(h.Token); rec == nil {
			return nil, nil, errors.New("the hello's token is not this server's")
		}
	}
	o, err := Together(splitFaults(h.Fault))
	return o, rec, err
}
