package app

import (
	"encoding/json"
	"fmt"
	"html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/report"
)

// The inputs of the output property test (output_property_test.go): every
// kind of text bqgen prints from a file it does not control, each carrying
// what an attacker would put there.

// hostilePieces are what a hostile text is made of: every character that
// could end a line, forge a workflow command, drive a terminal, reorder or
// hide text, or make Markdown link, tag, fence or code.
var hostilePieces = []string{
	"\r", "\n", "\r\n", "\x1b[31m", "\x1b]0;owned\a", "\a", "\x7f", "\u0085", "\u009b", "\u202e", "\u2066",
	"\u061c", "\u200b", "\u200e", "\ufeff", "\u00ad", "\u2028", "\u2029", "\U000e0041", "::error::x",
	"##[error]x", "\n::warning::w", "\r::notice::n", "  ::error::indented", "%0A", "[x](http://evil.example)",
	"www.evil.example", "x@evil.example", "`", "```", "~~~", "\nFORGED", "<script>", "é", "\xff", "a", "-",
}

// linkMarkers are hostile text that must never reach Markdown as it is:
// each would be a link, an autolink or a tag.
var linkMarkers = []string{"[x](http", "www.evil.example", "http://evil.example", "x@evil.example", "<script>"}

// hostileGen makes one trial's hostile texts (text) and its choices (rng).
type hostileGen struct {
	rng  *rand.Rand
	text func() string
}

// seededGen is a trial of the seeded property test: texts of a few
// hostile pieces each.
func seededGen(seed uint64) hostileGen {
	rng := rand.New(rand.NewPCG(seed, 45))
	return hostileGen{rng: rng, text: func() string {
		var b strings.Builder
		b.WriteString("h")
		for range 2 + rng.IntN(5) {
			b.WriteString(hostilePieces[rng.IntN(len(hostilePieces))])
		}
		return b.String()
	}}
}

// everyPieceGen is a trial whose every text holds every hostile piece, so
// that each reaches each input in every run of the test.
func everyPieceGen(seed uint64) hostileGen {
	every := "h" + strings.Join(hostilePieces, "")
	return hostileGen{rng: rand.New(rand.NewPCG(seed, 45)), text: func() string { return every }}
}

// fuzzedGen is a trial of the fuzz target: every text is the fuzzer's.
func fuzzedGen(seed uint64, text string) hostileGen {
	return hostileGen{rng: rand.New(rand.NewPCG(seed, 45)), text: func() string { return text }}
}

// hostileWorld is one set of hostile inputs, in a temp dir.
type hostileWorld struct {
	suite     string // a suite whose names, descriptions, version and a fixture's name are hostile
	config    string // a bqgen.yaml with a hostile key or value
	checked   string // a python checkout generated from the embedded suite, a generated file hand-edited
	goOut     string // a go checkout generated from the embedded suite, for report
	results   string // go test -json of goOut's tests, names and messages hostile
	junit     string // JUnit XML, names and messages hostile
	merged    string // a JSON report to --merge whose names and messages are hostile
	summary   string // where generate --summary writes
	clean     string // a python checkout generated from the embedded suite, as it was written
	arg       string // a command-line argument (the Action passes its args input on)
	derived   string // where derive writes (absent)
	workspace string // a node workspace whose package's directory and name are hostile, for init
	requests  string // JSON lines for oracle serve, ids and operations hostile
}

// newHostileWorld builds the inputs of one trial; goOut is shared.
func newHostileWorld(t *testing.T, g hostileGen, goOut string) hostileWorld {
	t.Helper()
	dir := t.TempDir()
	w := hostileWorld{goOut: goOut, summary: filepath.Join(dir, "summary.md"), clean: mkdirs(t, dir, "clean")}
	w.suite = hostileSuite(t, g)
	w.config = hostileConfig(t, g, mkdirs(t, dir, "repo"))
	w.checked = mkdirs(t, dir, "checked")
	for _, out := range []string{w.checked, w.clean} {
		if code, _, stderr := run(t, "generate", "--lang", "python", "--out", out, "--blocks", "cases"); code != 0 {
			t.Fatalf("generate: exit %d\n%s", code, stderr)
		}
	}
	handEdit(t, g, filepath.Join(w.checked, "tests", "test_conformance_cases.py"))
	w.results, w.junit = hostileResults(t, g, dir, goOut)
	w.merged = hostileReport(t, g, dir)
	w.arg = "h" + g.text() // never the name of a command that would run
	w.derived = filepath.Join(dir, "derived")
	w.workspace = hostileWorkspace(t, g)
	w.requests = hostileRequests(t, g)
	return w
}

// hostileSuite is a copy of the embedded suite with hostile text where a
// suite has text: its description and a case's description (a suite that
// loads, so that every output renders them); in three trials of four also
// a case's name, the suite's version or the name of a fixture no case
// names, which validation refuses (so that its errors name them).
func hostileSuite(t *testing.T, g hostileGen) string {
	t.Helper()
	refused := g.rng.IntN(4)
	dir := editedSuite(t, func(m map[string]json.RawMessage) {
		m["description"] = jsonOf(t, g.text())
		var cases []map[string]any
		if err := json.Unmarshal(m["cases"], &cases); err != nil {
			t.Fatal(err)
		}
		cases[0]["description"] = g.text()
		if refused == 1 {
			cases[1]["name"] = g.text()
		}
		m["cases"] = jsonOf(t, cases)
	})
	if refused == 2 {
		writeInto(t, dir, "CONFORMANCE_VERSION", "1.9.0"+g.text()+"\n")
	}
	if refused != 3 {
		return dir
	}
	name := strings.NewReplacer("/", "-", "\x00", "-").Replace(g.text()) + ".json"
	if err := os.WriteFile(filepath.Join(dir, "fixtures", name), []byte("{}\n"), 0o644); err != nil {
		t.Skipf("this file system refuses the name %q: %v", name, err)
	}
	return dir
}

// hostileConfig is a bqgen.yaml in repo with one hostile key or value.
func hostileConfig(t *testing.T, g hostileGen, repo string) string {
	t.Helper()
	mkdirs(t, repo, "core")
	h := yamlString(g.text())
	bodies := []string{
		"version: 1\n" + h + ": 1\ntargets:\n  - lang: python\n    out: core\n",
		"version: 1\ntargets:\n  - lang: " + h + "\n    out: core\n",
		"version: 1\ntargets:\n  - lang: python\n    out: " + h + "\n",
		"version: 1\nsuite: " + h + "\ntargets:\n  - lang: python\n    out: core\n",
		"version: 1\ntargets:\n  - lang: python\n    out: core\n    exemptions:\n      - case: " + h + "\n        action: skip\n        reason: " + yamlString(g.text()) + "\n",
		"version: 1\ntargets:\n  - lang: python\n    out: core\n    blocks: [" + h + "]\n",
		"version: " + h + "\ntargets: []\n",
	}
	return writeConfig(t, repo, bodies[g.rng.IntN(len(bodies))])
}

// yamlString is s as a YAML double-quoted scalar (JSON's escapes are
// YAML's).
func yamlString(s string) string {
	out, _ := json.Marshal(s)
	return string(out)
}

// handEdit puts hostile control characters into a line of a generated file
// (no line break: check's diff shows a file's lines as lines).
func handEdit(t *testing.T, g hostileGen, file string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	noBreak := strings.NewReplacer("\n", "\r", "\u2028", "\r").Replace(g.text())
	i := strings.Index(string(data), "\n") + 1
	edited := string(data[:i]) + "# " + noBreak + "\n" + string(data[i:])
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
}

// hostileResults writes a go test -json file and a JUnit file for goOut's
// generated tests: the first fails with a hostile message, a test of the
// generated package the index lacks and one of another package have
// hostile names. XML holds no C0 control, escaped or not: the JUnit file
// gets the others.
func hostileResults(t *testing.T, g hostileGen, dir, goOut string) (goJSON, junit string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(goOut, backend.IndexFileName))
	if err != nil {
		t.Fatal(err)
	}
	idx, err := report.ReadIndex("index", data)
	if err != nil || len(idx.Tests) == 0 {
		t.Fatalf("the test index: %v", err)
	}
	first := idx.Tests[0].Names[0]
	goJSON = writeInto(t, dir, "go.json", goEvents(first.Suite, [3]string{first.Name, "fail", g.text()},
		[3]string{first.Name + "/" + g.text(), "fail", g.text()}, [3]string{g.text(), "pass", ""}))
	x := func() string { return html.EscapeString(strings.Map(xmlChar, g.text())) }
	junit = writeInto(t, dir, "junit.xml", fmt.Sprintf("<?xml version=\"1.0\"?>\n<testsuite name=\"%s\">"+
		"<testcase name=\"%s\"><failure message=\"%s\">%s</failure></testcase>"+
		"<testcase name=\"%s\"><failure message=\"%s\">%s</failure></testcase></testsuite>\n",
		html.EscapeString(first.Suite), html.EscapeString(first.Name), x(), x(), x(), x(), x()))
	return goJSON, junit
}

// xmlChar drops what XML 1.0 cannot hold.
func xmlChar(r rune) rune {
	if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF || r == utf8.RuneError {
		return -1
	}
	return r
}

// hostileWorkspace is a node workspace with a transport package whose
// directory is hostile.
func hostileWorkspace(t *testing.T, g hostileGen) string {
	t.Helper()
	dir := copyStandIn(t, "node/workspace")
	pkg := filepath.Join(dir, "packages", strings.NewReplacer("/", "-", "\x00", "-").Replace(g.text()))
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Skipf("this file system refuses the name %q: %v", pkg, err)
	}
	writeInto(t, pkg, "package.json", string(jsonOf(t, map[string]any{"name": "@babelqueue/sqs", "type": "module",
		"dependencies": map[string]string{"@babelqueue/core": "^1.4.0"}})))
	return dir
}

// hostileRequests are oracle requests whose id and operation are hostile,
// and a line that is not JSON.
func hostileRequests(t *testing.T, g hostileGen) string {
	t.Helper()
	var b strings.Builder
	for range 2 {
		b.Write(jsonOf(t, map[string]any{"id": g.text(), "op": g.text(), "args": map[string]any{g.text(): g.text()}}))
		b.WriteString("\n")
	}
	b.WriteString(strings.ReplaceAll(g.text(), "\n", " ") + "\n")
	return b.String()
}

// hostileReport writes a --format json report whose SDK, target, case and
// message are hostile.
func hostileReport(t *testing.T, g hostileGen, dir string) string {
	t.Helper()
	id := "cases/" + g.text()
	r := report.Report{Newest: "1.4.0", Cases: []report.Case{{ID: id, Block: "cases", Description: g.text()}},
		SDKs: []report.SDK{{Repository: g.text(), Target: g.text(), Lang: "go", ConformanceVersion: "1.4.0",
			Results: map[string]report.Result{id: {Status: report.Failed, Message: g.text()}}}}}
	data, err := report.JSON(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	return writeInto(t, dir, "merged.json", string(data))
}

func jsonOf(t *testing.T, v any) json.RawMessage {
	t.Helper()
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// writeInto writes content to dir/name and returns its path.
func writeInto(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
