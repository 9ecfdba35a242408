package python

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// fakeOperation is a 19th operation with a record of its own, for a
// transport no template of this backend knows.
var (
	fakeRecord = protocol.RecordType{Name: "NATSMessage", Doc: "the projected NATS message", Fields: []protocol.Field{
		{Name: "subject", Type: protocol.Type{Kind: protocol.Text}},
		{Name: "headers", Type: protocol.Type{Kind: protocol.TextMap}, Doc: "the message headers"},
	}}
	fakeOperation = protocol.Operation{Name: "nats_message", Transport: "nats",
		Doc: "runs the NATS transport's produce-side projection",
		Params: []protocol.Field{
			{Name: "envelope", Type: protocol.Type{Kind: protocol.Envelope}},
			{Name: "max_bytes", Type: protocol.Type{Kind: protocol.OptionalInteger}, Doc: "a limit"},
		},
		Result: protocol.Result{Type: protocol.Type{Kind: protocol.Record, Record: "NATSMessage"}}}
)

// renderWith generates the canonical suite for binding over the protocol
// plus the fake operation and record, returning the files by path.
func renderWith(t *testing.T, binding backend.Binding) map[string]string {
	t.Helper()
	s := canonicalSuite(t)
	ops := append(protocol.All(), fakeOperation)
	records := append(slices.Clone(protocol.Records), fakeRecord)
	v, err := buildViewOf(s, backend.Options{Binding: binding}, ops, records)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	files, err := render(tmpl, v, binding, s)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range files {
		out[f.Path] = string(f.Content)
	}
	if py, err := exec.LookPath("python3"); err == nil && tier.Extended(t, "py_compile of the generated modules") {
		dir := t.TempDir()
		writeFiles(t, dir, files)
		args := []string{"-m", "py_compile"}
		for path := range out {
			if strings.HasSuffix(path, ".py") {
				args = append(args, filepath.Join(dir, path))
			}
		}
		if msg, err := exec.Command(py, args...).CombinedOutput(); err != nil {
			t.Errorf("the output does not compile: %v\n%s", err, msg)
		}
	}
	return out
}

// TestNewOperationNeedsNoBackendEdit: an operation added to the protocol
// appears in the Subject protocol, the oracle subject and the scaffold
// (there as not provided), with its record, and nothing else is needed.
func TestNewOperationNeedsNoBackendEdit(t *testing.T) {
	signature := "    def nats_message(self, envelope: str, max_bytes: Optional[int]) -> NATSMessage:\n"

	oracle := renderWith(t, backend.BindOracle)
	support := oracle[modulePath(supportModule)]
	for _, want := range []string{
		"class NATSMessage(TypedDict):\n    \"\"\"The projected NATS message.\"\"\"\n\n    subject: str\n    headers: dict[str, str]\n",
		signature + "        \"\"\"Runs the NATS transport's produce-side projection.\n\n        Args:\n            max_bytes: A limit.\n",
	} {
		if !strings.Contains(support, want) {
			t.Errorf("support module lacks\n%s", want)
		}
	}
	client := oracle[modulePath(oracleModule)]
	for _, want := range []string{
		"    NATSMessage,\n",
		signature + "        result = self._call(\"nats_message\", {\"envelope\": envelope, \"max_bytes\": max_bytes})\n" +
			"        return cast(NATSMessage, result)\n",
	} {
		if !strings.Contains(client, want) {
			t.Errorf("oracle subject lacks\n%s", want)
		}
	}

	scaffold := renderWith(t, backend.BindSDK)[modulePath(scaffoldModule)]
	stub := signature + "        raise NotProvided(\"nats_message is not mapped onto the babelqueue SDK in this scaffold\")\n"
	if !strings.Contains(scaffold, stub) {
		t.Errorf("scaffold lacks the not-provided stub\n%s", stub)
	}
	operations := regexp.MustCompile(`(?s)\nOPERATIONS = \[\n(.*?)\n\]`).FindStringSubmatch(scaffold)
	if operations == nil {
		t.Fatal("scaffold has no OPERATIONS list")
	}
	if strings.Contains(operations[1], "nats_message") {
		t.Error("the scaffold lists an operation it has no mapping for among its capabilities")
	}
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range protocol.All() {
		listed := strings.Contains(operations[1], `"`+op.Name+`"`)
		if mapped := tmpl.Lookup("scaffold."+op.Name) != nil; listed != mapped {
			t.Errorf("%s: listed among the capabilities: %v, mapped: %v", op.Name, listed, mapped)
		}
	}
}

// TestEveryOperationIsMappedOrSaysWhyNot: the scaffold maps every operation
// of the protocol onto the SDK or, where the SDK lacks what it needs, says
// why in a reason of its own (none falls back to the generic stub); either
// sits in its transport block's template, or in a core template when it has
// none, and never both.
func TestEveryOperationIsMappedOrSaysWhyNot(t *testing.T) {
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range protocol.All() {
		mapping, reason := tmpl.Lookup("scaffold."+op.Name), tmpl.Lookup("not-provided."+op.Name)
		switch {
		case mapping != nil && reason != nil:
			t.Errorf("%s has a scaffold mapping and a reason why it has none", op.Name)
		case mapping == nil && reason == nil:
			t.Errorf("%s has neither a scaffold mapping nor a reason why it has none", op.Name)
		}
		for _, def := range []*template.Template{mapping, reason} {
			if def != nil && op.Transport != "" && def.Tree.ParseName != op.Transport+".tmpl" {
				t.Errorf("%s is in %s, not in its block's template", def.Name(), def.Tree.ParseName)
			}
		}
	}
}

// TestNotProvidedReasons: an operation the SDK cannot provide raises
// NotProvided with its own reason, naming the SDK module, one literal a
// line within the line width; the generic stub remains for the rest.
func TestNotProvidedReasons(t *testing.T) {
	scaffold := renderWith(t, backend.BindSDK)[modulePath(scaffoldModule)]
	tmpl, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	reasons := 0
	for _, op := range protocol.All() {
		if tmpl.Lookup("not-provided."+op.Name) == nil {
			continue
		}
		reasons++
		body := methodBody(t, scaffold, op.Name)
		if !strings.Contains(body, "raise NotProvided(\n            \"babelqueue.") {
			t.Errorf("%s does not say why it is not provided:\n%s", op.Name, body)
		}
		for _, line := range strings.Split(body, "\n") {
			if len(line) > lineWidth {
				t.Errorf("%s: line of %d characters: %s", op.Name, len(line), line)
			}
		}
	}
	if reasons == 0 {
		t.Error("no operation has a reason why it is not provided")
	}
	if !strings.Contains(methodBody(t, scaffold, fakeOperation.Name), "is not mapped onto the babelqueue SDK") {
		t.Error("an operation without a mapping or a reason lost the generic stub")
	}
}

func TestRaiseNotProvided(t *testing.T) {
	if got, want := raiseNotProvided("\n  short\nreason \"x\"\n"), "        raise NotProvided(\"short reason \\\"x\\\"\")\n"; got != want {
		t.Errorf("short reason:\n%q\nwant\n%q", got, want)
	}
	long := strings.Repeat("word ", 40) + "\n\tend \"q\" \\ \x00"
	got := raiseNotProvided(long)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if lines[0] != "        raise NotProvided(" || lines[len(lines)-1] != "        )" {
		t.Fatalf("long reason layout:\n%s", got)
	}
	joined := ""
	for _, line := range lines[1 : len(lines)-1] {
		if len(line) > lineWidth || !strings.HasPrefix(line, "            \"") {
			t.Errorf("line %q", line)
		}
		joined += strings.TrimSuffix(strings.TrimPrefix(line, "            \""), "\"")
	}
	if joined != escapeString(strings.Join(strings.Fields(long), " ")) {
		t.Errorf("the pieces do not join back to the reason: %q", joined)
	}
}

// methodBody is the text of the method name of a rendered class, up to the
// next method or the end of the class.
func methodBody(t *testing.T, module, name string) string {
	t.Helper()
	_, rest, ok := strings.Cut(module, "\n    def "+name+"(")
	if !ok {
		t.Fatalf("no method %s", name)
	}
	if end := strings.Index(rest, "\n    def "); end >= 0 {
		rest = rest[:end]
	}
	if end := strings.Index(rest, "\n\n\ndef "); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// TestGeneratedTestModulesMatchTheGlob: the runners collect exactly the
// generated test modules by TestFileGlob.
func TestGeneratedTestModulesMatchTheGlob(t *testing.T) {
	for _, f := range generate(t, canonicalSuite(t), backend.BindOracle) {
		if f.Kind == backend.Vendored {
			continue
		}
		matched, err := filepath.Match(TestDir+"/"+TestFileGlob, f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if test := strings.HasPrefix(filepath.Base(f.Path), "test_"); matched != test {
			t.Errorf("%s: matched by %s: %v", f.Path, TestFileGlob, matched)
		}
	}
}

// TestNoLongLines: no generated line of the suites the proof covers is
// longer than 120 characters (JSON expectations and calls break between
// items, long reasons into adjacent literals).
func TestNoLongLines(t *testing.T) {
	all := map[string]func(*testing.T) *model.Suite{"canonical": canonicalSuite, "upstream": upstreamSuite,
		"upstream-next": func(t *testing.T) *model.Suite { return suitetest.UpstreamNext(t) }}
	for name, load := range all {
		t.Run(name, func(t *testing.T) {
			s := load(t)
			for bname, binding := range bindings {
				for _, f := range generate(t, s, binding) {
					if f.Kind == backend.Vendored {
						continue
					}
					for i, line := range strings.Split(string(f.Content), "\n") {
						if len([]rune(line)) > 120 {
							t.Errorf("%s %s:%d is %d characters long", bname, f.Path, i+1, len([]rune(line)))
						}
					}
				}
			}
		})
	}
}

func TestWrapCall(t *testing.T) {
	short := wrapCall(8, "f(", []string{"a", "b"}, ")")
	if short != "f(a, b)" {
		t.Errorf("short call: %q", short)
	}
	long := strings.Repeat("x", lineWidth)
	got := wrapCall(4, "def f(", []string{"self", long}, ") -> int:")
	if want := "def f(\n    self,\n    " + long + ",\n) -> int:"; got != want {
		t.Errorf("long call:\n%s\nwant\n%s", got, want)
	}
}

func TestPyDocText(t *testing.T) {
	if got := pyDocText(`Says "hi" \ there.`, docWidth); got != `"""Says "hi" \\ there."""` {
		t.Errorf("one line: %s", got)
	}
	long := strings.TrimSpace(strings.Repeat("word ", 30))
	got := pyDocText(long+"\n\nArgs:\n    name: "+long, 40)
	for _, line := range strings.Split(got, "\n") {
		if len(line) > 40+len(`"""`)+len("        ") {
			t.Errorf("line %q is not wrapped", line)
		}
	}
	if !strings.Contains(got, "\n    name: word") || !strings.Contains(got, "\n        word") || !strings.HasSuffix(got, "\n\"\"\"") {
		t.Errorf("layout:\n%s", got)
	}
}
