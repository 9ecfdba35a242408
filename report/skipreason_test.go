package report

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/results"
)

// A bare skip (PHPUnit 9's JUnit) of a generated test without an exemption
// is a not-provided one, naming what the block's tests call; with a known
// failure's or a skip's exemption it is that exemption's.
func TestBareSkipsGetTheReasonBqgenKnows(t *testing.T) {
	bare := results.Test{Outcome: results.Skip}
	got := classify(nil, withSkipReason(&IndexEntry{Block: "idempotency"}, bare))
	if got.Status != NotProvided || !strings.Contains(got.Reason, "idempotency_replay") || !strings.Contains(got.Reason, "PHPUnit 9") {
		t.Errorf("no exemption: %+v", got)
	}
	known := &Exemption{Action: "fail", Reason: "r"}
	if got := classify(known, withSkipReason(&IndexEntry{Block: "cases", Exemption: known}, bare)); got.Status != KnownFailure {
		t.Errorf("a known failure: %+v", got)
	}
	skip := &Exemption{Action: "skip", Reason: "r"}
	if got := classify(skip, withSkipReason(&IndexEntry{Block: "cases", Exemption: skip}, bare)); got.Status != Exempted {
		t.Errorf("an exempted test: %+v", got)
	}
	said := results.Test{Outcome: results.Skip, Message: "why"}
	if got := withSkipReason(&IndexEntry{Block: "cases"}, said); got.Message != "why" {
		t.Errorf("a reason the runner gave is kept: %+v", got)
	}
}

// A known failure that now passes names what to remove once: in the
// reason, unless the test's own message already says it.
func TestKnownFailureThatPassesSaysTheRemedyOnce(t *testing.T) {
	ex := &Exemption{Action: "fail", Reason: "r", Remedy: `remove "cases/a" from .bqgen/go.baseline`}
	said := classify(ex, results.Test{Outcome: results.Fail, Message: "now passes: " + ex.Remedy})
	if said.Status != Failed || strings.Contains(said.Reason, ex.Remedy) {
		t.Errorf("the message has the remedy: %+v", said)
	}
	silent := classify(ex, results.Test{Outcome: results.Fail})
	if !strings.HasSuffix(silent.Reason, ex.Remedy) {
		t.Errorf("no message: %+v", silent)
	}
}
