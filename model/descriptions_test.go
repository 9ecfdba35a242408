package model_test

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
)

// Cases take their manifest descriptions; broker cases, which carry none,
// take their sub-block's.
func TestCaseDescriptions(t *testing.T) {
	s := suitetest.Canonical(t)
	d := s.CaseDescriptions()
	if d["cases/"+s.Cases[0].Name] != s.Cases[0].Description || s.Cases[0].Description == "" {
		t.Errorf("cases/%s: %q", s.Cases[0].Name, d["cases/"+s.Cases[0].Name])
	}
	if s.SQS != nil && s.SQS.Gate != nil && len(s.SQS.Gate.Cases) > 0 && d["sqs/"+s.SQS.Gate.Cases[0].Name] != s.SQS.Gate.Description {
		t.Errorf("sqs gate case: %q", d["sqs/"+s.SQS.Gate.Cases[0].Name])
	}
	for _, id := range s.CaseIDs() {
		delete(d, id.String())
	}
	if len(d) > 0 {
		t.Errorf("descriptions of no case: %v", d)
	}
}
