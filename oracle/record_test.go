package oracle

import (
	"strings"
	"testing"
)

// TestRecordingKeepsWhatItsConnectionsAsk checks that a connection opening
// with a recording's token is served as any other and its requests recorded
// byte for byte, that the listener's own token is not recorded, and that a
// recording's token is refused once it stopped.
func TestRecordingKeepsWhatItsConnectionsAsk(t *testing.T) {
	t.Parallel()
	l := listening(t)
	rec, err := l.Record(1 << 20)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	input := listenRequests(t)
	recorded := exchange(t, dial(t, l, helloLine(t, rec.Token(), None)), input)
	if want := serve(t, correct(t), input); strings.Join(recorded, "\n") != strings.Join(want, "\n") {
		t.Errorf("a recorded connection was answered\n%s\nServe answers\n%s", recorded, want)
	}
	exchange(t, dial(t, l, helloLine(t, l.Token(), None)), input)
	convs, complete, err := rec.Stop()
	if err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if !complete || len(convs) != 1 {
		t.Fatalf("Stop: %d conversations, complete %v; want the one recorded connection's, complete", len(convs), complete)
	}
	if got := string(convs[0].Requests); got != input {
		t.Errorf("recorded requests\n%q\nwant what the client sent\n%q", got, input)
	}
	refused := exchange(t, dial(t, l, helloLine(t, rec.Token(), None)), input)
	if len(refused) != 1 || !strings.Contains(refused[0], "not this server's") {
		t.Errorf("a stopped recording's token was answered %q; want one refusal", refused)
	}
}

// TestAnsweredAlike checks the replay a mutant's runs are chosen by: the
// correct oracle answers a recorded conversation alike, even one asking
// make (whose ids and clock are random and live outside a replay), a
// mutant that answers one of its requests otherwise does not, and one that
// changes what make builds does not either.
func TestAnsweredAlike(t *testing.T) {
	t.Parallel()
	conv := Conversation{Requests: []byte(listenRequests(t))}
	made := Conversation{Requests: []byte(requestLine(t, 1, "make", map[string]any{"urn": "urn:x", "queue": "q", "data": map[string]any{}}) + "\n")}
	for _, c := range []struct {
		name  string
		conv  Conversation
		fault Fault
		want  bool
	}{
		{"the correct oracle", conv, None, true},
		{"the correct oracle, making an envelope", made, None, true},
		{"a mutant the requests tell apart", conv, faultEchoSubject, false},
		{"a mutant making another envelope", made, faultEmptyDataAsArray, false},
	} {
		got, err := c.conv.AnsweredAlike(c.fault)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: AnsweredAlike = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRecordingOverflows checks that a recording past its budget says so
// rather than keep more.
func TestRecordingOverflows(t *testing.T) {
	t.Parallel()
	rec := &Recording{l: &Listener{}, maxBytes: 1 << 10}
	c := rec.conn()
	c.keep([]byte("{}\n"))
	c.keep(make([]byte, 1<<10))
	convs, complete, err := rec.Stop()
	if err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if complete {
		t.Error("Stop says complete past the budget")
	}
	if len(convs) != 1 || string(convs[0].Requests) != "{}\n" {
		t.Errorf("kept %d request bytes past the budget, want the 3 before it", len(convs[0].Requests))
	}
}
