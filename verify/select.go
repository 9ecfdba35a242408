package verify

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/oracle"
)

// Selecting is a toolchain whose runs can be limited to some of the
// generated test files, in a process of its own (RunOnly) and in its warm
// runners (SelectiveRunner).
//
// A mutant changes the answers to a few files' requests, seldom more, and
// a test given the same answers to the same requests does what it did: a
// run of the others proves again what the run against the oracle proved.
// Mutation tools select so too (PIT's and Stryker's tests per mutant, by
// coverage); here the "coverage" is what each file asked the oracle,
// recorded, and the oracle's own answers replayed to each mutant.
type Selecting interface {
	Toolchain
	// Selectors names what the language's runner selects file f by:
	// module paths, class names or test functions. Each must be a plain
	// name (selectorPattern): the runner is given it as a name, never as
	// code or a pattern.
	Selectors(f testFile) ([]string, error)
	// RunOnly is Run limited to the tests the selectors name.
	RunOnly(ctx context.Context, dir string, env, only []string) (Result, error)
}

// SelectiveRunner is a warm runner that can run only some of the tests.
type SelectiveRunner interface {
	WarmRunner
	RunOnly(ctx context.Context, env, only []string) (Result, error)
}

// selectorPattern is every character a selector may have: generated file
// paths, class and function names. Anything else means the index is not
// what the backend writes, and verify runs every test.
var selectorPattern = regexp.MustCompile(`^[A-Za-z0-9_./\\-]+$`)

// maxRecordedBytes bounds what verify keeps of the test files' requests,
// all files together, each its share: a suite's questions are kilobytes,
// and a suite whose tests ask more is verified with every test in every
// run rather than held in memory.
const maxRecordedBytes = 64 << 20

// selection is which test files each mutant's run runs: those whose
// recorded requests the mutant answers otherwise than the oracle did.
type selection struct {
	files []selectedFile
	// why is why every run runs every test ("" when runs are selected).
	why string
	// shared: mutants whose files differ share runs (planSharing).
	shared bool
}

// selectedFile is a test file with its selectors and what its tests asked
// the oracle and were answered, run alone.
type selectedFile struct {
	testFile
	selectors []string
	asked     []oracle.Conversation
}

// used reports whether mutants' runs are selected.
func (s *selection) used() bool { return s != nil && s.why == "" }

// off is a selection that runs every test, and why.
func off(why string) *selection { return &selection{why: why} }

// selectionOf is the selection of index's files, with each file's
// selectors, not yet recorded, or why every run runs every test.
func selectionOf(cfg Config, link *oracleLink, index testFiles) *selection {
	files := index.files
	tc, ok := cfg.Toolchain.(Selecting)
	switch {
	case cfg.OracleOnly:
		return off("no mutant runs")
	case cfg.EveryTest:
		return off("asked for")
	case link.listener == nil:
		return off("the oracle is not served by verify here, so what each test file asks cannot be recorded")
	case !ok:
		return off(cfg.Toolchain.Lang() + "'s runner cannot run some of the tests alone")
	case index.why != "":
		return off(index.why)
	}
	sel := &selection{files: make([]selectedFile, len(files))}
	for i, f := range files {
		selectors, err := tc.Selectors(f)
		if err == nil {
			err = checkSelectors(selectors)
		}
		if err != nil {
			return off(fmt.Sprintf("%s: %v", f.Path, err))
		}
		sel.files[i] = selectedFile{testFile: f, selectors: selectors}
	}
	return sel
}

// holding is s, or why every run runs every test when its index does not
// list the total tests the run against the oracle ran.
func (s *selection) holding(total int) *selection {
	if !s.used() {
		return s
	}
	listed := 0
	for _, f := range s.files {
		listed += len(f.Tests)
	}
	if listed != total {
		return off(fmt.Sprintf("the test index lists %d tests, the run against the oracle ran %d", listed, total))
	}
	return s
}

// selectorsByTest is the selectors of f's tests, one a test (of, which
// says what is missing when a test's runner names lack one), each named
// once, in order.
func selectorsByTest(f testFile, of func(t indexedTest) (string, error)) ([]string, error) {
	var out []string
	for _, t := range f.Tests {
		s, err := of(t)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// checkSelectors refuses a selector that is not a plain name.
func checkSelectors(selectors []string) error {
	if len(selectors) == 0 {
		return fmt.Errorf("no selector")
	}
	for _, s := range selectors {
		if !selectorPattern.MatchString(s) {
			return fmt.Errorf("selector %q is not a plain name", s)
		}
	}
	return nil
}

// record runs each file alone, as many at once as there are workers, and
// keeps what its tests asked; alongside, when set, gets a runner of the
// same workers first (the run against the oracle goes beside the
// recordings). A file that cannot be recorded turns the selection off.
func (s *selection) record(ctx context.Context, pool *runners, link *oracleLink, configured int, alongside func(r *runner)) {
	first := 0
	if alongside != nil {
		first = 1
	}
	files := 0
	if s.used() {
		files = len(s.files)
	}
	whys := make([]string, files)
	onRunners(ctx, pool, configured, first+files, func(r *runner, i int) {
		if i < first {
			alongside(r)
			return
		}
		whys[i-first] = s.recordOne(ctx, r, link, &s.files[i-first])
	})
	for _, why := range whys {
		if why != "" {
			*s = *off(why)
			return
		}
	}
}

// recordOne runs f alone against the correct oracle, recorded.
func (s *selection) recordOne(ctx context.Context, r *runner, link *oracleLink, f *selectedFile) string {
	rec, err := link.listener.Record(maxRecordedBytes / int64(len(s.files)))
	if err != nil {
		return err.Error()
	}
	res, selected, err := r.runOnly(ctx, link.envWithToken("", rec.Token()), f.selectors)
	asked, complete, replayErr := rec.Stop()
	switch {
	case err != nil:
		return fmt.Sprintf("running %s alone: %v", f.Path, err)
	case replayErr != nil:
		return fmt.Sprintf("replaying what %s's tests asked: %v", f.Path, replayErr)
	case !selected:
		return "a run fell back to a runner that runs every test"
	case !complete:
		return fmt.Sprintf("what %s's tests asked the oracle is past what a recording keeps", f.Path)
	case res.Failed > 0 || res.Skipped > 0 || res.Total() != len(f.Tests):
		return fmt.Sprintf("%s run alone: %d passed, %d failed, %d skipped of its %d tests (%s)",
			f.Path, res.Passed, res.Failed, res.Skipped, len(f.Tests), res.Summary)
	}
	f.asked = asked
	return ""
}

// describeFiles says which files a mutant's run ran, for its line of the report.
func describeFiles(files []string, of int) string {
	if len(files) == 0 {
		return "not run: it answers every request of the tests as the oracle did"
	}
	base := make([]string, len(files))
	for i, f := range files {
		base[i] = f[strings.LastIndex(f, "/")+1:]
	}
	return fmt.Sprintf("ran %d of %d test files: %s", len(files), of, strings.Join(base, ", "))
}
