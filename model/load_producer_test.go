package model_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/model"
)

// TestProducerBlockReadsEveryClause reads a make and a dead_letter case
// whole: the given trace id (and none), the error (and none), every
// expect clause in manifest order.
func TestProducerBlockReadsEveryClause(t *testing.T) {
	manifest := `{"schema_version": 1, "producer": {"cases": [
		{"name": "m", "mode": "make", "urn": "u", "queue": "q", "data": {"a": 1}, "trace_id": " ",
		 "expect": {"types": {"/job": "string", "/attempts": "integer"}, "equal": {"/attempts": 0},
		            "own_lang": ["/meta/lang"], "now_millis": ["/meta/created_at"], "fresh_ids": ["/trace_id"], "absent": ["/dead_letter"]}},
		{"name": "d", "mode": "dead_letter", "file": "f.json", "reason": "failed", "original_queue": "q", "expect": {}}]}}`
	s, problems := model.Load(fstest.MapFS{"manifest.json": {Data: []byte(manifest)}, "f.json": {Data: []byte("{}")}})
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("problems: %v", errs)
	}
	m, d := s.Producer.Cases[0], s.Producer.Cases[1]
	if m.TraceID == nil || *m.TraceID != " " || d.Error != nil || d.File != "f.json" {
		t.Errorf("given values: trace_id %v, error %v, file %q", m.TraceID, d.Error, d.File)
	}
	x := m.Expect
	got := fmt.Sprint(x.Types, len(x.Equal), x.OwnLang, x.NowMillis, x.FreshIDs, x.Absent)
	if want := "[{/job string} {/attempts integer}] 1 [/meta/lang] [/meta/created_at] [/trace_id] [/dead_letter]"; got != want {
		t.Errorf("expect = %s, want %s", got, want)
	}
	if ids := fmt.Sprint(s.CaseIDs()); ids != "[producer/m producer/d]" {
		t.Errorf("case ids = %s", ids)
	}
}

// TestProducerBlockRefusesAtThePlace: each malformed clause is an error
// naming its manifest member.
func TestProducerBlockRefusesAtThePlace(t *testing.T) {
	for _, c := range []struct{ entry, at string }{
		{`"mode": "publish", "expect": {}`, "/producer/cases/0/mode"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": [], "expect": {}`, "/producer/cases/0/data"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": {}, "trace_id": 1, "expect": {}`, "/producer/cases/0/trace_id"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": {}, "expect": {"types": {"/job": "text"}}`, "/producer/cases/0/expect/types/~1job"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": {}, "expect": {"types": {"job": "string"}}`, "/producer/cases/0/expect/types/job"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": {}, "expect": {"fresh_ids": [1]}`, "/producer/cases/0/expect/fresh_ids/0"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": {}, "expect": {"now_millis": ["x"]}`, "/producer/cases/0/expect/now_millis/0"},
		{`"mode": "dead_letter", "file": "f.json", "reason": "failed", "original_queue": "q", "expect": {"fresh_ids": ["/trace_id"]}`, "/producer/cases/0/expect/fresh_ids"},
		{`"mode": "dead_letter", "file": "../f.json", "reason": "failed", "original_queue": "q", "expect": {}`, "/producer/cases/0/file"},
		{`"mode": "make", "urn": "u", "queue": "q", "data": {}`, "/producer/cases/0"},
	} {
		manifest := `{"schema_version": 1, "producer": {"cases": [{"name": "x", ` + c.entry + `}]}}`
		_, problems := model.Load(fstest.MapFS{"manifest.json": {Data: []byte(manifest)}, "f.json": {Data: []byte("{}")}})
		if !strings.Contains(fmt.Sprint(problems.Errors()), c.at) {
			t.Errorf("%s: not refused at %s: %v", c.entry, c.at, problems.Errors())
		}
	}
}

// TestExpectRaisedIsABoolean: a delivery's expect_raised is read as said,
// absent is "not said", anything but a boolean is refused at it.
func TestExpectRaisedIsABoolean(t *testing.T) {
	seq := func(d string) string {
		return `{"schema_version": 1, "idempotency": {"sequences": {"cases": [{"name": "s", "expected_effects": 1, "deliveries": [` + d + `]}]}}}`
	}
	s, problems := model.Load(fstest.MapFS{"manifest.json": {Data: []byte(seq(
		`{"meta_id": "a", "expect_effect": "run", "outcome": "throw", "expect_raised": true}, {"meta_id": "a", "expect_effect": "run", "outcome": "ok"}`))}})
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("problems: %v", errs)
	}
	ds := s.Idempotency.Sequences[0].Deliveries
	if ds[0].ExpectRaised == nil || !*ds[0].ExpectRaised || ds[1].ExpectRaised != nil || !s.Idempotency.Sequences[0].ChecksRaised() {
		t.Errorf("expect_raised read as %v, %v", ds[0].ExpectRaised, ds[1].ExpectRaised)
	}
	_, problems = model.Load(fstest.MapFS{"manifest.json": {Data: []byte(seq(`{"meta_id": "a", "expect_effect": "skip", "expect_raised": "no"}`))}})
	if !strings.Contains(fmt.Sprint(problems.Errors()), "/deliveries/0/expect_raised") {
		t.Errorf("a string expect_raised is not refused at its member: %v", problems.Errors())
	}
}
