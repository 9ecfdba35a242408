package java

import (
	"path"
	"strings"
	"testing"
)

// A sequence that says expect_raised asks idempotency_raised about the very
// deliveries it replayed, and a wrong answer names the delivery (its index,
// meta id and outcome) beside expected and actual.
func TestRaisedChecksNameTheDelivery(t *testing.T) {
	files := map[string]string{}
	for _, f := range generate(t, canonical(t), bindings["oracle"]) {
		files[path.Base(f.Path)] = string(f.Content)
	}
	test, support := files["ConformanceIdempotencyTest.java"], files["ConformanceAssertions.java"]
	asks := strings.Count(test, "subject.idempotencyRaised(")
	if asks == 0 {
		t.Fatal("no sequence of the canonical suite checks raised: the test proves nothing")
	}
	if got := strings.Count(test, "List<Boolean> raised = subject.idempotencyRaised(deliveries);\n"+
		"        assertRaised(deliveries, raised, "); got != asks {
		t.Errorf("%d of %d raised checks ask about the replayed deliveries and pass them to assertRaised", got, asks)
	}
	if got := strings.Count(test, "List<Boolean> invoked = subject.idempotencyReplay(deliveries);"); got == 0 {
		t.Error("no sequence replays its deliveries list")
	}
	for _, want := range []string{`"delivery " + i + " (" + d.metaId() + ", " + d.outcome() + "): `,
		`" but was: " + raised.get(i)`} {
		if !strings.Contains(support, want) {
			t.Errorf("assertRaised's message lacks %s", want)
		}
	}
}
