package oracle

import (
	"bytes"
	"strings"
	"testing"
)

// replayTogether is what Together(faults), replaying, answers c's requests.
func replayTogether(t *testing.T, c Conversation, faults ...Fault) []byte {
	t.Helper()
	o, err := Together(faults)
	if err != nil {
		t.Fatal(err)
	}
	o.replay = &replaySource{}
	var answers bytes.Buffer
	if err := Serve(bytes.NewReader(c.Requests), &answers, o); err != nil {
		t.Fatal(err)
	}
	return answers.Bytes()
}

// TestTogetherAnswersAsTheFaultItsRequestsAsk: for every fault f that
// changes an answer, and every fault g that neither the correct oracle's
// answers nor f's asked about (Reach), f and g together answer as f
// alone does, in either order. A g they did ask about is run too, so the
// test also sees FaultsAsked name the faults that matter.
func TestTogetherAnswersAsTheFaultItsRequestsAsk(t *testing.T) {
	t.Parallel()
	requests := []byte(listenRequests(t) + requestLine(t, 9, "make", map[string]any{"urn": "urn:x", "queue": "q", "data": map[string]any{}}) + "\n")
	c := Conversation{Requests: requests}
	changing, apart := 0, 0
	for _, f := range Faults() {
		alone, err := c.replay(f.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		alike, asked, err := c.Reach(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		if want, err := c.AnsweredAlike(f.Name); err != nil || alike != want {
			t.Fatalf("mutant %s: Reach says alike = %v, AnsweredAlike %v (%v)", f.Name, alike, want, err)
		}
		if alike {
			continue
		}
		changing++
		if !asked.Has(f.Name) {
			t.Errorf("mutant %s changes an answer, yet Reach does not name it among the faults asked", f.Name)
		}
		for _, g := range Faults() {
			if g.Name == f.Name || asked.Has(g.Name) {
				continue
			}
			apart++
			for _, order := range [][]Fault{{f.Name, g.Name}, {g.Name, f.Name}} {
				if got := replayTogether(t, c, order...); !bytes.Equal(got, alone) {
					t.Errorf("%s: answers\n%s\nwant %s's alone\n%s", JoinFaults(order), got, f.Name, alone)
				}
			}
		}
	}
	if changing == 0 || apart == 0 {
		t.Fatalf("%d mutants change an answer, %d pairs run apart: the requests prove nothing", changing, apart)
	}
}

// TestTogetherRefusesWhatIsNotSeveralFaults: no fault, an unknown one, one
// named twice and the correct oracle among faults are errors; one fault is
// New's oracle.
func TestTogetherRefusesWhatIsNotSeveralFaults(t *testing.T) {
	t.Parallel()
	f, g := Faults()[0].Name, Faults()[1].Name
	for _, faults := range [][]Fault{nil, {f, "no-such-fault"}, {f, g, f}, {f, None}} {
		if _, err := Together(faults); err == nil {
			t.Errorf("Together(%q) = nil error", faults)
		}
	}
	o, err := Together([]Fault{f})
	if err != nil || o.Fault() != f {
		t.Errorf("Together(%s) = %v, %v; want %s's oracle", f, o, err, f)
	}
}

// TestListenerServesFaultsTogether: a hello naming faults joined by
// FaultSeparator is served Together's oracle, and one naming an unknown
// fault among them is refused.
func TestListenerServesFaultsTogether(t *testing.T) {
	t.Parallel()
	l := listening(t)
	faults := []Fault{Faults()[0].Name, Faults()[1].Name}
	input := listenRequests(t)
	got := exchange(t, dial(t, l, helloLine(t, l.Token(), Fault(JoinFaults(faults)))), input)
	o, err := Together(faults)
	if err != nil {
		t.Fatal(err)
	}
	want := serve(t, o, input)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("served\n%s\nwant Together's\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	refused := exchange(t, dial(t, l, helloLine(t, l.Token(), Fault(string(faults[0])+FaultSeparator+"no-such-fault"))), input)
	if len(refused) != 1 || !strings.Contains(refused[0], "no-such-fault") {
		t.Errorf("a hello with an unknown fault among others was answered %q, want one refusal naming it", refused)
	}
}
