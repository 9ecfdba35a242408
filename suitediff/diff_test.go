package suitediff

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

func embedded(t *testing.T) *model.Suite {
	t.Helper()
	s, problems := model.Load(conformance.FS)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

func only(t *testing.T, s *model.Suite, blocks ...string) *model.Suite {
	t.Helper()
	sel, err := s.Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

// A suite compared with itself has no change.
func TestCompareSameSuite(t *testing.T) {
	s := embedded(t)
	d := Compare(s, s, "a", "b", nil)
	if !d.Empty() || len(d.Operations) != 0 || d.From.Version != s.Version || d.To.Version != s.Version || s.Version == "" {
		t.Errorf("%+v", d)
	}
	if !strings.Contains(Text(d), "no case added, removed or changed") {
		t.Error(Text(d))
	}
}

// Blocks added and removed, the operations the new blocks' tests call, and
// per target: tests that appear and disappear, exemptions that stop
// matching, scaffold methods to add (by where the SDK keeps transports).
func TestCompareBlocksOperationsAndTargets(t *testing.T) {
	s := embedded(t)
	from, to := only(t, s, "cases", "settlement"), only(t, s, "cases", "row_errors", "sqs")
	apart := Target{Name: "go core", Blocks: []string{"cases", "settlement", "row_errors", "sqs"}, Exemptions: []string{"settlement/*", "cases/*"}}
	inCore := apart
	inCore.Name, inCore.Layout = "python core", backend.TransportsInCore
	d := Compare(from, to, "old", "new", []Target{apart, inCore})
	if !reflect.DeepEqual(d.BlocksAdded, []string{"sqs", "row_errors"}) || !reflect.DeepEqual(d.BlocksRemoved, []string{"settlement"}) {
		t.Errorf("blocks: +%v -%v", d.BlocksAdded, d.BlocksRemoved)
	}
	var ops []string
	for _, op := range d.Operations {
		ops = append(ops, op.Name)
	}
	if strings.Join(ops, ",") != "sqs_attributes,sqs_reconcile,sqs_schema_version_gate,read_message" {
		t.Errorf("operations gained: %v", ops)
	}
	g, p := d.Targets[0], d.Targets[1]
	if !reflect.DeepEqual(g.ExemptionsUnmatched, []string{"settlement/*"}) || len(g.Disappear) != len(s.Settlement.Cases) ||
		len(g.Appear) != len(only(t, s, "row_errors", "sqs").CaseIDs()) || !reflect.DeepEqual(g.BlocksMissing, []string{"settlement"}) {
		t.Errorf("go core: %+v", g)
	}
	if strings.Join(g.ScaffoldMethods, ",") != "read_message" || strings.Join(p.ScaffoldMethods, ",") != "sqs_attributes,sqs_reconcile,sqs_schema_version_gate,read_message" {
		t.Errorf("scaffold methods: go %v, python %v", g.ScaffoldMethods, p.ScaffoldMethods)
	}
	missing := Compare(s, from, "old", "new", []Target{{Name: "t", Blocks: []string{"cases", "row_errors", "failed_writes"}}}).Targets[0]
	if !reflect.DeepEqual(missing.BlocksMissing, []string{"row_errors", "failed_writes"}) {
		t.Errorf("blocks missing: %v", missing.BlocksMissing)
	}
}

// The JSON is the documented shape: its format number first, every list
// present (never null) so a consumer need not tell null from empty.
func TestJSONShape(t *testing.T) {
	s := embedded(t)
	out, err := JSON(Compare(s, s, "embedded", "embedded", []Target{{Name: "t"}}))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "{\n  \"bqgen_suite_diff\": 1,\n  \"from\": {") || strings.Contains(string(out), "null") {
		t.Errorf("%s", out)
	}
	var back Diff
	if err := json.Unmarshal(out, &back); err != nil || back.Format != Format {
		t.Errorf("%v %+v", err, back)
	}
}

// Names from a suite reach neither a terminal's control sequences nor
// Markdown's syntax: a case name with an escape, a link, HTML, a code
// fence and a line break is inert in text and Markdown.
func TestHostileNamesAreInert(t *testing.T) {
	name := "x\x1b[31m](http://evil)<img src=x>`code`\n- item|cell"
	d := &Diff{From: Side{Name: "a", Version: "1"}, To: Side{Name: "b", Version: "2"},
		Blocks: []BlockDiff{{Block: "cases", Added: []string{name}, Changed: []Change{{Case: name, From: "{\"a\":\"``\"}", To: "{}"}}}}}
	text := Text(d)
	if strings.Contains(text, "\x1b") || strings.Contains(text, "\n- item") {
		t.Errorf("text:\n%q", text)
	}
	md := Markdown(d)
	// What a backslash escapes is inert: look at what is left unescaped.
	bare := strings.NewReplacer(`\]`, "", `\|`, "", "\\`", "").Replace(md)
	for _, bad := range []string{"\x1b", "](http", "<img", "\n- item", "|cell", "`code`"} {
		if strings.Contains(bare, bad) {
			t.Errorf("markdown holds %q:\n%s", bad, md)
		}
	}
	if !strings.Contains(md, "``` {\"a\":\"``\"} ```") {
		t.Errorf("the expectation's backticks end its code span:\n%s", md)
	}
}
