package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/oracle"
)

// planSelection is the selection as Report.run plans it, less the run
// against the oracle beside the recordings: each test file run alone
// against the correct oracle, what its tests ask recorded, and the
// selection the mutants' runs go by, or why every run runs every test.
func planSelection(ctx context.Context, cfg Config, pool *runners, link *oracleLink, index testFiles, total int) *selection {
	sel := selectionOf(cfg, link, index)
	sel.record(ctx, pool, link, cfg.Workers, nil)
	return sel.holding(total)
}

// oracleClientToolchain is a runner in Go that does what a generated test
// file does: each file is one test asking the oracle one request over the
// connection verify's environment names, and passing when the answer is
// the correct oracle's. Files whose name is in failAlone fail when run
// alone (as a test leaning on another file's state would).
type oracleClientToolchain struct {
	fakeToolchain
	requests  map[string]string // file → request line
	correct   map[string]string // file → the correct oracle's answer
	failAlone map[string]bool
	// resultsDir, when set, is where each run writes a JUnit result file
	// naming each file's one test (classname the file, name "t"), but the
	// first emptyReports runs write one naming no test.
	resultsDir   string
	emptyReports int

	mu   sync.Mutex
	runs [][]string // the files each run ran
}

func (tc *oracleClientToolchain) Selectors(f testFile) ([]string, error) {
	return []string{f.Path}, nil
}

func (tc *oracleClientToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return tc.RunOnly(ctx, dir, env, nil)
}

func (tc *oracleClientToolchain) RunOnly(_ context.Context, _ string, env, only []string) (Result, error) {
	files := only
	if files == nil {
		files = slices.Sorted(func(yield func(string) bool) {
			for f := range tc.requests {
				if !yield(f) {
					return
				}
			}
		})
	}
	tc.mu.Lock()
	tc.runs = append(tc.runs, files)
	tc.mu.Unlock()
	vars := map[string]string{}
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		vars[name] = value
	}
	var res Result
	var junit strings.Builder
	junit.WriteString("<testsuites><testsuite name=\"fake\">")
	for _, f := range files {
		answer, err := ask(vars, tc.requests[f])
		if err != nil {
			return res, err
		}
		failure := ""
		if answer != tc.correct[f] || (tc.failAlone[f] && len(files) == 1) {
			res.Failed++
			failure = "<failure message=\"answered otherwise\"/>"
		} else {
			res.Passed++
		}
		fmt.Fprintf(&junit, "<testcase classname=%q name=\"t\">%s</testcase>", f, failure)
	}
	junit.WriteString("</testsuite></testsuites>\n")
	tc.mu.Lock()
	if tc.emptyReports > 0 {
		tc.emptyReports--
		junit.Reset()
		junit.WriteString("<testsuites><testsuite name=\"fake\"></testsuite></testsuites>\n")
	}
	tc.mu.Unlock()
	if tc.resultsDir != "" {
		file, err := os.CreateTemp(tc.resultsDir, "results-*.xml")
		if err != nil {
			return res, err
		}
		defer file.Close()
		if _, err := file.WriteString(junit.String()); err != nil {
			return res, err
		}
		res.Files = []string{file.Name()}
	}
	return res, nil
}

// ask sends one request to the oracle the environment names and returns
// its answer line.
func ask(vars map[string]string, request string) (string, error) {
	conn, err := net.Dial("tcp", vars[EnvOracleAddr])
	if err != nil {
		return "", err
	}
	defer conn.Close()
	hello, _ := json.Marshal(map[string]string{"token": vars[EnvOracleToken], "fault": vars[EnvOracleFault]})
	fmt.Fprintf(conn, "%s\n%s\n", hello, request)
	return bufio.NewReader(conn).ReadString('\n')
}

// selectionFixture is two files, each asking one request, and the faults
// that change the answer of the first only, and of neither.
type selectionFixture struct {
	tc                       *oracleClientToolchain
	files                    []testFile
	firstOnly, neither, both oracle.Fault
}

func newSelectionFixture(t *testing.T) selectionFixture {
	t.Helper()
	requests := map[string]string{
		"a_test": `{"id":1,"op":"sqs_reconcile","args":{"body_attempts":1,"approximate_receive_count":"4"}}`,
		"b_test": `{"id":2,"op":"kafka_reconcile","args":{"body_attempts":5,"header_attempts":"1"}}`,
	}
	answer := func(f oracle.Fault, file string) string {
		o, err := oracle.New(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := oracle.Serve(strings.NewReader(requests[file]+"\n"), &out, o); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	fx := selectionFixture{tc: &oracleClientToolchain{requests: requests, correct: map[string]string{}}}
	for file := range requests {
		fx.tc.correct[file] = answer(oracle.None, file)
		fx.files = append(fx.files, testFile{Path: file, Tests: []indexedTest{{Case: file}}})
	}
	slices.SortFunc(fx.files, func(a, b testFile) int { return strings.Compare(a.Path, b.Path) })
	for _, f := range oracle.Faults() {
		a, b := answer(f.Name, "a_test") != fx.tc.correct["a_test"], answer(f.Name, "b_test") != fx.tc.correct["b_test"]
		switch {
		case a && !b && fx.firstOnly == "":
			fx.firstOnly = f.Name
		case !a && !b && fx.neither == "":
			fx.neither = f.Name
		}
	}
	if fx.firstOnly == "" || fx.neither == "" {
		t.Fatalf("no fault changes the first file's answer alone (%q) or neither (%q): the test proves nothing", fx.firstOnly, fx.neither)
	}
	return fx
}

// selectionRun plans the selection for fx and runs each mutant of faults.
func selectionRun(t *testing.T, fx selectionFixture, cfg Config, faults ...oracle.Fault) (*selection, []MutantResult) {
	t.Helper()
	cfg.Toolchain, cfg.Workers = fx.tc, 1
	link := openOracleLink(cfg, nil)
	defer link.close()
	pool := &runners{tc: fx.tc, log: &strings.Builder{}, cold: true}
	ctx := context.Background()
	sel := planSelection(ctx, cfg, pool, link, testFiles{files: fx.files}, 2)
	var ms []Mutant
	for _, f := range faults {
		ms = append(ms, Mutant{Name: string(f), ExpectedFailures: 1})
	}
	cfg.Backend = lackingBackend{}
	out, _, err := runMutants(ctx, cfg, pool, link, sel, ms, 2, newProgress(cfg, time.Now(), len(ms)))
	if err != nil {
		t.Fatalf("mutants %v: %v", faults, err)
	}
	return sel, out
}

// TestMutantRunsRunTheFilesWhoseAnswersChange checks the selection end to
// end against a listening oracle: each file is run alone and recorded, a
// mutant that changes one file's answer runs that file alone (and its
// failure kills it), and one that changes none is not run at all.
func TestMutantRunsRunTheFilesWhoseAnswersChange(t *testing.T) {
	fx := newSelectionFixture(t)
	sel, results := selectionRun(t, fx, Config{}, fx.firstOnly, fx.neither)
	if !sel.used() {
		t.Fatalf("the selection is off: %s", sel.why)
	}
	first, neither := results[0], results[1]
	if !slices.Equal(first.Files, []string{"a_test"}) || !first.Killed || first.Result.Total() != 1 {
		t.Errorf("mutant %s: ran %v, %+v, killed %v; want a_test alone, failing, killed", fx.firstOnly, first.Files, first.Result, first.Killed)
	}
	if !neither.Replayed || neither.Killed || neither.AsExpected {
		t.Errorf("mutant %s: %+v; want not run (replayed), not killed, not as the reference expects", fx.neither, neither)
	}
	want := [][]string{{"a_test"}, {"b_test"}, {"a_test"}} // each file alone, then the first mutant's
	if !slices.EqualFunc(fx.tc.runs, want, slices.Equal) {
		t.Errorf("runs %v, want %v", fx.tc.runs, want)
	}
}

// TestSelectionOffRunsEveryTest checks that every mutant's run runs every
// test when asked, and when a file's tests do not pass alone.
func TestSelectionOffRunsEveryTest(t *testing.T) {
	for _, c := range []struct {
		name      string
		cfg       Config
		failAlone map[string]bool
		why       string
	}{
		{"asked for", Config{EveryTest: true}, nil, "asked for"},
		{"a file failing alone", Config{}, map[string]bool{"b_test": true}, "b_test run alone: 0 passed, 1 failed"},
		{"no oracle served here", Config{ProcessPerRun: true}, nil, "cannot be recorded"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fx := newSelectionFixture(t)
			fx.tc.failAlone = c.failAlone
			if c.cfg.ProcessPerRun {
				fx.tc.requests = map[string]string{} // no oracle to ask: the plan must not run
			}
			sel := func() *selection {
				cfg := c.cfg
				cfg.Toolchain, cfg.Workers = fx.tc, 1
				link := openOracleLink(cfg, nil)
				defer link.close()
				pool := &runners{tc: fx.tc, log: &strings.Builder{}, cold: true}
				return planSelection(context.Background(), cfg, pool, link, testFiles{files: fx.files}, 2)
			}()
			if sel.used() || !strings.Contains(sel.why, c.why) {
				t.Errorf("selection used %v, why %q; want off because %q", sel.used(), sel.why, c.why)
			}
		})
	}
}

// TestSelectorsAreRefusedUnlessPlainNames checks that a selector a runner
// could read as anything but a name turns the selection off.
func TestSelectorsAreRefusedUnlessPlainNames(t *testing.T) {
	for _, s := range []string{"a b", "x;rm -rf", "Test(A|B)", "a\nb", "$(x)", "*.py", ""} {
		if err := checkSelectors([]string{s}); err == nil {
			t.Errorf("checkSelectors(%q) passed", s)
		}
	}
	if err := checkSelectors([]string{"./test/conformance-sqs.gen.test.js", `BabelQueue\Tests\SqsConformanceTest`, "TestConformanceSuiteSQS"}); err != nil {
		t.Errorf("plain names refused: %v", err)
	}
}
