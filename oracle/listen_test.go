package oracle

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// listening starts a Listener closed at the end of the test.
func listening(t *testing.T) *Listener {
	t.Helper()
	l, err := Listen()
	if err != nil {
		t.Fatalf("Listen: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// dial connects to l and sends hello as the first line.
func dial(t *testing.T, l *Listener, hello string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", l.Addr())
	if err != nil {
		t.Fatalf("dial %s: %v", l.Addr(), err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(time.Minute))
	if _, err := io.WriteString(conn, hello+"\n"); err != nil {
		t.Fatalf("send the hello: %v", err)
	}
	return conn
}

// helloLine is a client's first line.
func helloLine(t *testing.T, token string, fault Fault) string {
	t.Helper()
	return toJSON(t, map[string]string{"token": token, "fault": string(fault)})
}

// exchange sends input on conn, closes its sending side and returns every
// line the server answered before it closed the connection.
func exchange(t *testing.T, conn net.Conn, input string) []string {
	t.Helper()
	if _, err := io.WriteString(conn, input); err != nil {
		t.Fatalf("send: %v", err)
	}
	conn.(*net.TCPConn).CloseWrite()
	out, err := io.ReadAll(conn)
	if err != nil {
		t.Fatalf("read the answers: %v", err)
	}
	text := strings.TrimSuffix(string(out), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// listenRequests are requests whose answers tell the correct oracle from
// the echo subjects.
func listenRequests(t *testing.T) string {
	return requestLine(t, 1, "decode", map[string]any{"envelope": envelopeJSON}) + "\n" +
		"not json\n" +
		requestLine(t, 2, "sqs_reconcile", map[string]any{"body_attempts": 1, "approximate_receive_count": "4"}) + "\n"
}

// TestListenerServesAsServeDoes checks that a connection is answered line
// for line as Serve answers the same input, with the fault its hello names,
// and that connections open at once each get their own oracle.
func TestListenerServesAsServeDoes(t *testing.T) {
	t.Parallel()
	l := listening(t)
	input := listenRequests(t)
	faults := []Fault{None, faultEchoSubject, faultEchoSubjectAffirmative}
	conns := make([]net.Conn, len(faults))
	for i, fault := range faults {
		conns[i] = dial(t, l, helloLine(t, l.Token(), fault))
	}
	for i, fault := range faults {
		got := strings.Join(exchange(t, conns[i], input), "\n")
		want := strings.Join(serve(t, newOracle(t, fault), input), "\n")
		if got != want {
			t.Errorf("fault %q: the listener answered\n%s\nServe answers\n%s", fault, got, want)
		}
	}
	correctAnswers := strings.Join(serve(t, correct(t), input), "\n")
	if echoed := strings.Join(serve(t, newOracle(t, faultEchoSubject), input), "\n"); echoed == correctAnswers {
		t.Fatal("the requests do not tell the echo subject from the correct oracle: the test proves nothing")
	}
}

// TestListenerRefusesABadHello checks that a connection without the token,
// with an unknown fault, or with a hello past its budget gets one error
// answer saying why, then is closed, and serves nothing.
func TestListenerRefusesABadHello(t *testing.T) {
	t.Parallel()
	l := listening(t)
	cases := map[string]struct{ hello, says string }{
		"no token":      {helloLine(t, "", None), "token"},
		"wrong token":   {helloLine(t, strings.Repeat("0", len(l.Token())), None), "token"},
		"unknown fault": {helloLine(t, l.Token(), "no-such-fault"), `unknown fault "no-such-fault"`},
		"not JSON":      {"hello", "not a JSON object"},
		"too long":      {strings.Repeat(" ", maxHelloBytes) + helloLine(t, l.Token(), None), "longer than"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			lines := exchange(t, dial(t, l, c.hello), listenRequests(t))
			if len(lines) != 1 {
				t.Fatalf("got %d answers, want the one refusal: %q", len(lines), lines)
			}
			r := parse(t, lines[0])
			if r.OK || r.Error == nil || r.Error.Code != codeBadRequest || !strings.Contains(r.Error.Message, c.says) || string(r.ID) != "null" {
				t.Errorf("answer %s, want a bad_request with id null saying %q", lines[0], c.says)
			}
		})
	}
}

// TestListenerCloseEndsOpenConnections checks that Close returns while a
// client still holds a connection open, and the client then reads the end.
func TestListenerCloseEndsOpenConnections(t *testing.T) {
	t.Parallel()
	l, err := Listen()
	if err != nil {
		t.Fatalf("Listen: %v", err)
	}
	conn := dial(t, l, helloLine(t, l.Token(), None))
	reader := bufio.NewReader(conn)
	io.WriteString(conn, requestLine(t, 1, "capabilities", map[string]any{})+"\n")
	var first wireResponse
	if line, err := reader.ReadBytes('\n'); err != nil || json.Unmarshal(line, &first) != nil || !first.OK {
		t.Fatalf("first answer %q, %v: want the capabilities", line, err)
	}
	closed := make(chan error, 1)
	go func() { closed <- l.Close() }()
	select {
	case <-closed:
	case <-time.After(30 * time.Second):
		t.Fatal("Close did not return while a connection was open")
	}
	if rest, err := io.ReadAll(reader); err != nil && !isReset(err) || len(rest) != 0 {
		t.Errorf("after Close the client read %q, %v; want the end of the stream", rest, err)
	}
	if _, err := net.Dial("tcp", l.Addr()); err == nil {
		t.Error("the listener still accepts connections after Close")
	}
}

// isReset reports a connection the other side closed with data unread.
func isReset(err error) bool {
	return strings.Contains(err.Error(), "connection reset")
}

// TestListenerRefusesPastItsConnections checks that a connection past
// maxConnections is answered with why and closed rather than left waiting,
// and that one is served again once another closes.
func TestListenerRefusesPastItsConnections(t *testing.T) {
	t.Parallel()
	l := listening(t)
	hello := helloLine(t, l.Token(), None)
	capabilities := requestLine(t, 1, "capabilities", map[string]any{}) + "\n"
	held := make([]net.Conn, maxConnections)
	for i := range held {
		held[i] = dial(t, l, hello)
		io.WriteString(held[i], capabilities)
		if line, err := bufio.NewReader(held[i]).ReadString('\n'); err != nil || !parse(t, line).OK {
			t.Fatalf("connection %d: answer %q, %v; want the capabilities", i, line, err)
		}
	}
	lines := exchange(t, dial(t, l, hello), capabilities)
	if len(lines) != 1 || !strings.Contains(lines[0], "connections are open") {
		t.Fatalf("connection %d got %q, want one refusal saying the connections are all taken", maxConnections+1, lines)
	}
	held[0].Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		lines := exchange(t, dial(t, l, hello), capabilities)
		if len(lines) == 1 && parse(t, lines[0]).OK {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a connection closed, a new one still got %q", lines)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// panickingConn gives a hello, then panics on the next read; it keeps what
// is written to it.
type panickingConn struct {
	net.Conn // nil: only the methods below are called
	hello    []byte
	written  strings.Builder
}

func (c *panickingConn) Read(p []byte) (int, error) {
	if len(c.hello) == 0 {
		panic("a read that breaks")
	}
	n := copy(p, c.hello)
	c.hello = c.hello[n:]
	return n, nil
}

func (c *panickingConn) Write(p []byte) (int, error)     { return c.written.Write(p) }
func (c *panickingConn) SetReadDeadline(time.Time) error { return nil }
func (c *panickingConn) SetDeadline(time.Time) error     { return nil }
func (c *panickingConn) Close() error                    { return nil }

// TestServeConnSurvivesAPanic checks that a panic while serving a
// connection ends that connection with an answer saying so, not the
// process the listener runs in.
func TestServeConnSurvivesAPanic(t *testing.T) {
	t.Parallel()
	conn := &panickingConn{hello: []byte(helloLine(t, "secret", None) + "\n")}
	(&Listener{token: "secret"}).serveConn(conn)
	r := parse(t, strings.TrimSuffix(conn.written.String(), "\n"))
	if r.OK || r.Error == nil || r.Error.Code != codeFailed || !strings.Contains(r.Error.Message, "a read that breaks") {
		t.Errorf("answer %q; want one failed answer carrying the panic", conn.written.String())
	}
}
