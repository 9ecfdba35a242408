package verify

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/results"
	gobackend "github.com/babelqueue/bqgen/templates/go"
)

// fileOutcome is how one test file's tests ended in a run, as its result
// files report them.
type fileOutcome struct {
	passed, failed, skipped int
	found                   int // its tests the result files name
}

// attribute reads res's result files, the runner's own format, and counts
// how the tests of each of files (indexes into sel.files) ended, by test
// file path, through the runner names the test index gives each test. It
// is nil when that cannot be told: no result file, one that does not read,
// or a test reported twice.
func attribute(lang string, res Result, sel *selection, files []int) map[string]fileOutcome {
	if len(res.Files) == 0 {
		return nil
	}
	type place struct {
		file string
		test int
	}
	claims := map[backend.RunnerName]place{}
	for _, i := range files {
		f := sel.files[i]
		for j, t := range f.Tests {
			for _, n := range t.Names {
				claims[runnerNameIn(lang, n)] = place{f.Path, j}
			}
		}
	}
	data, err := readResultFiles(res.Files)
	if err != nil {
		return nil
	}
	seen := map[place]bool{}
	out := map[string]fileOutcome{}
	for name, content := range data {
		run, err := results.Read(name, content)
		if err != nil {
			return nil
		}
		for _, t := range run.Tests {
			p, ok := claims[backend.RunnerName{Suite: t.Suite, Name: t.Name}]
			if !ok {
				continue // a parent of subtests, or a file outside the batch's
			}
			if seen[p] {
				return nil
			}
			seen[p] = true
			o := out[p.file]
			o.found++
			switch t.Outcome {
			case results.Pass:
				o.passed++
			case results.Fail:
				o.failed++
			default:
				o.skipped++
			}
			out[p.file] = o
		}
	}
	return out
}

// runnerNameIn is n as lang's result files name it (resultSuite).
func runnerNameIn(lang string, n backend.RunnerName) backend.RunnerName {
	if suite, ok := resultSuite(lang); ok {
		n.Suite = suite
	}
	return n
}

// resultSuite is the suite lang's result files name every oracle-bound
// test under, where the index cannot know it: go test -json names a test's
// package by its import path.
func resultSuite(lang string) (string, bool) {
	if lang == "go" {
		return gobackend.VerifyPackage, true
	}
	return "", false
}

// sharedResult is the result of files' tests in a shared run, from their
// outcomes; false when the run's result files do not name every one of
// their tests.
func sharedResult(run Result, outcomes map[string]fileOutcome, files []string, tests int) (Result, bool) {
	if outcomes == nil {
		return Result{}, false
	}
	var res Result
	found := 0
	for _, f := range files {
		o := outcomes[f]
		res.Passed, res.Failed, res.Skipped = res.Passed+o.passed, res.Failed+o.failed, res.Skipped+o.skipped
		found += o.found
	}
	if found != tests {
		return Result{}, false
	}
	res.Summary = fmt.Sprintf("%d passed, %d failed, %d skipped, read from the result files of a run shared with other mutants' files (the run: %s)",
		res.Passed, res.Failed, res.Skipped, run.Summary)
	res.Output, res.Files = run.Output, run.Files
	return res, true
}
