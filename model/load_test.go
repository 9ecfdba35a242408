package model_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

func TestLoadEmbedded(t *testing.T) {
	s, problems := model.Load(conformance.FS)
	for _, p := range problems {
		t.Log(p)
	}
	if len(problems.Errors()) > 0 {
		t.Fatal("embedded suite has errors")
	}
	t.Log(s.Blocks(), s.Version, len(s.Files))
}

// TestKafkaHeaderAttemptsIsText: the bq-attempts header is text on the wire,
// so the model holds it as a string; an older suite's integer becomes its
// canonical decimal text, a string stays exactly as written, and any other
// kind is an error naming the member.
func TestKafkaHeaderAttemptsIsText(t *testing.T) {
	manifest := `{"schema_version": 1, "kafka": {"attempts_reconciliation": {"cases": [
		{"name": "int", "body_attempts": 1, "header_attempts": 2, "expected_attempts": 2},
		{"name": "text", "body_attempts": 1, "header_attempts": " 2", "expected_attempts": 1},
		{"name": "absent", "body_attempts": 1, "header_attempts": null, "expected_attempts": 1},
		{"name": "raw", "body_attempts": 1, "header_attempts": null, "header_text": "2.0", "expected_attempts": 1}]}}}`
	s, problems := model.Load(fstest.MapFS{"manifest.json": {Data: []byte(manifest)}})
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("problems: %v", errs)
	}
	want := []model.Value{model.StringValue("2"), model.StringValue(" 2"), model.NullValue(), model.StringValue("2.0")}
	for i, c := range s.Kafka.Reconciliation.Cases {
		if c.Native.Kind != want[i].Kind || c.Native.Text != want[i].Text {
			t.Errorf("case %s: native = %+v, want %+v", c.Name, c.Native, want[i])
		}
	}
	bad := `{"schema_version": 1, "kafka": {"attempts_reconciliation": {"cases": [
		{"name": "bool", "body_attempts": 1, "header_attempts": true, "expected_attempts": 1}]}}}`
	_, problems = model.Load(fstest.MapFS{"manifest.json": {Data: []byte(bad)}})
	if !strings.Contains(fmt.Sprint(problems.Errors()), "/kafka/attempts_reconciliation/cases/0/header_attempts") {
		t.Errorf("a boolean header is not refused at its member: %v", problems.Errors())
	}
	// header_text stands in for a header_attempts that is null (1.4.0): a case
	// with both, or a header_text that is not a string, is refused at it.
	for _, c := range []string{`"header_attempts": 2, "header_text": "2.0"`, `"header_attempts": null, "header_text": 2`} {
		bad := `{"schema_version": 1, "kafka": {"attempts_reconciliation": {"cases": [
			{"name": "x", "body_attempts": 1, ` + c + `, "expected_attempts": 1}]}}}`
		_, problems = model.Load(fstest.MapFS{"manifest.json": {Data: []byte(bad)}})
		if !strings.Contains(fmt.Sprint(problems.Errors()), "/kafka/attempts_reconciliation/cases/0/header_text") {
			t.Errorf("%s: not refused at header_text: %v", c, problems.Errors())
		}
	}
}
