package oracle

import (
	"bytes"
	"strings"
	"testing"
)

// TestRecordingKeepsWhatItsConnectionsExchange checks that a connection
// opening with a recording's token is served as any other and recorded byte
// for byte, that the listener's own token is not recorded, and that a
// recording's token is refused once it stopped.
func TestRecordingKeepsWhatItsConnectionsExchange(t *testing.T) {
	t.Parallel()
	l := listening(t)
	rec, err := l.Record()
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	input := listenRequests(t)
	recorded := exchange(t, dial(t, l, helloLine(t, rec.Token(), None)), input)
	exchange(t, dial(t, l, helloLine(t, l.Token(), None)), input)
	convs, complete := rec.Stop()
	if !complete || len(convs) != 1 {
		t.Fatalf("Stop: %d conversations, complete %v; want the one recorded connection's, complete", len(convs), complete)
	}
	if got := string(convs[0].Requests); got != input {
		t.Errorf("recorded requests\n%q\nwant what the client sent\n%q", got, input)
	}
	if got, want := strings.TrimSuffix(string(convs[0].Answers), "\n"), strings.Join(recorded, "\n"); got != want {
		t.Errorf("recorded answers\n%s\nwant what the client read\n%s", got, want)
	}
	refused := exchange(t, dial(t, l, helloLine(t, rec.Token(), None)), input)
	if len(refused) != 1 || !strings.Contains(refused[0], "not this server's") {
		t.Errorf("a stopped recording's token was answered %q; want one refusal", refused)
	}
}

// TestAnsweredAlike checks the replay a mutant's runs are chosen by: the
// correct oracle answers a recorded conversation alike, a mutant that
// answers one of its requests otherwise does not, and a conversation whose
// answers were altered is not answered alike.
func TestAnsweredAlike(t *testing.T) {
	t.Parallel()
	input := listenRequests(t)
	conv := Conversation{Requests: []byte(input), Answers: []byte(strings.Join(serve(t, correct(t), input), "\n") + "\n")}
	for _, c := range []struct {
		name  string
		conv  Conversation
		fault Fault
		want  bool
	}{
		{"the correct oracle", conv, None, true},
		{"a mutant the requests tell apart", conv, faultEchoSubject, false},
		{"answers not the oracle's", Conversation{Requests: conv.Requests, Answers: bytes.Replace(conv.Answers, []byte("true"), []byte("false"), 1)}, None, false},
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
	rec := &Recording{l: &Listener{}}
	c := rec.conn()
	c.keep(&c.requests, make([]byte, maxRecordedBytes))
	c.keep(&c.answers, []byte("x"))
	convs, complete := rec.Stop()
	if complete {
		t.Error("Stop says complete past the budget")
	}
	if len(convs) != 1 || len(convs[0].Answers) != 0 {
		t.Errorf("kept %d answer bytes past the budget", len(convs[0].Answers))
	}
}
