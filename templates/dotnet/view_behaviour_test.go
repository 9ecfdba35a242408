package dotnet

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// A sequence that says expect_raised asks idempotency_raised about the very
// deliveries it replayed, and a wrong answer names the delivery (its index,
// meta id and outcome) beside expected and actual.
func TestRaisedChecksNameTheDelivery(t *testing.T) {
	files := filesByPath(generate(t, loadSuites(t)[0].suite, backend.BindOracle))
	test := string(files[testClassName(model.BlockIdempotency)+".cs"].Content)
	support := string(files[supportFileName].Content)
	asks := strings.Count(test, "ConformanceSubjects.Current.IdempotencyRaised(")
	if asks == 0 {
		t.Fatal("no sequence of the canonical suite checks raised: the test proves nothing")
	}
	if got := strings.Count(test, "IReadOnlyList<bool> raised = ConformanceSubjects.Current.IdempotencyRaised(deliveries);\n"+
		"        WrittenAssert.Raised(deliveries, "); got != asks {
		t.Errorf("%d of %d raised checks ask about the replayed deliveries and pass them to WrittenAssert.Raised", got, asks)
	}
	if !strings.Contains(test, "IReadOnlyList<bool> invoked = ConformanceSubjects.Current.IdempotencyReplay(deliveries);") {
		t.Error("no sequence replays its deliveries list")
	}
	for _, want := range []string{`"delivery " + i + " (" + deliveries[i].MetaId + ", "`,
		`+ deliveries[i].Outcome + "): `, `: expected "
                    + want + ", got " + raised[i]`} {
		if !strings.Contains(support, want) {
			t.Errorf("WrittenAssert.Raised's message lacks %s", want)
		}
	}
}
