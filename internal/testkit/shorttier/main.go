// Command shorttier reads `go test -short -json` on standard input, prints
// it as go test prints without -json (a line per package, and the output of
// every test that failed), and writes to the file -proved names a pattern
// for go test's -skip: the top-level tests the -short tier ran whole.
//
// CI's full tier (`go test ./...`) runs every in-process test a second
// time, for nothing: a test that passed in -short with no test of its tree
// skipped ran exactly what it runs in the full tier, since every difference
// between the tiers is a skip (internal/testkit/tier). So CI gives the full
// tier -skip with the pattern, and it runs only what -short left out.
//
// A name is proved only where it passed whole in every package that has a
// test of that name: -skip matches names, not packages.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
)

func main() {
	proved := flag.String("proved", "", "the file to write the -skip pattern of the tests -short ran whole to")
	flag.Parse()
	if *proved == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go test -short -json ./... | shorttier -proved FILE")
		os.Exit(2)
	}
	tally, err := read(os.Stdin, os.Stdout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shorttier:", err)
		os.Exit(1)
	}
	if tally.failed {
		// go test's own exit status fails the step; nothing is proved.
		os.Exit(1)
	}
	names := tally.provedNames()
	pattern, fits := argumentPattern(names)
	if !fits {
		fmt.Printf("shorttier: the pattern of %d names would be over the %d bytes an argument may hold: the full tier skips nothing\n",
			len(names), maxPattern)
		names = nil
	}
	if err := os.WriteFile(*proved, []byte(pattern+"\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "shorttier:", err)
		os.Exit(1)
	}
	fmt.Printf("shorttier: %d of %d top-level tests ran whole in the -short tier (pattern in %s)\n",
		len(names), tally.topLevel(), *proved)
}

// maxPattern is the longest pattern written: Linux holds one argument of a
// command to 128 KiB, and the pattern is one.
const maxPattern = 120 << 10

// event is one line of go test -json (cmd/test2json's TestEvent).
type event struct {
	Action     string
	Package    string
	ImportPath string // build events
	Test       string
	Output     string
}

// testKey is a top-level test of a package.
type testKey struct{ pkg, name string }

// tally is what a run said of each top-level test.
type tally struct {
	passed  map[testKey]bool // the test itself passed
	partial map[testKey]bool // it, or a test below it, skipped or failed
	failed  bool             // a test, a package or a build failed
}

// read copies the run to out as go test prints it and tallies its tests.
func read(in io.Reader, out io.Writer) (*tally, error) {
	t := &tally{passed: map[testKey]bool{}, partial: map[testKey]bool{}}
	held := map[testKey][]string{} // output of tests still running
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			var e event
			if jerr := json.Unmarshal(line, &e); jerr != nil {
				// A line that is not an event (go's own message before a
				// package runs): printed as it came.
				out.Write(line)
			} else {
				t.add(e, held, out)
			}
		}
		if errors.Is(err, io.EOF) {
			return t, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// add takes one event: package lines and build output are printed at once;
// a test's output is held until it ends, and printed if it failed.
func (t *tally) add(e event, held map[testKey][]string, out io.Writer) {
	switch e.Action {
	case "build-output":
		io.WriteString(out, e.Output)
		return
	case "build-fail":
		t.failed = true
		return
	}
	if e.Test == "" {
		if e.Action == "output" && e.Output != "PASS\n" && e.Output != "FAIL\n" {
			io.WriteString(out, e.Output)
		}
		if e.Action == "fail" {
			// A package that panicked or timed out ends its running tests
			// with no event of their own: their output says what happened.
			t.failed = true
			flushPackage(held, e.Package, out)
		}
		return
	}
	top, _, nested := strings.Cut(e.Test, "/")
	key := testKey{e.Package, top}
	switch e.Action {
	case "output":
		held[key] = append(held[key], e.Output)
	case "skip":
		t.partial[key] = true
		if !nested {
			delete(held, key)
		}
	case "fail":
		t.partial[key], t.failed = true, true
		if !nested {
			io.WriteString(out, strings.Join(held[key], ""))
			delete(held, key)
		}
	case "pass":
		if !nested {
			t.passed[key] = true
			delete(held, key)
		}
	}
}

// provedNames are the test names that passed whole in every package that
// has a test of the name, sorted.
func (t *tally) provedNames() []string {
	ok := map[string]bool{}
	for key := range t.passed {
		if _, seen := ok[key.name]; !seen {
			ok[key.name] = true
		}
	}
	for key := range t.partial {
		ok[key.name] = false
	}
	var names []string
	for name, whole := range ok {
		if whole {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// topLevel counts the top-level tests the run reported.
func (t *tally) topLevel() int {
	all := map[testKey]bool{}
	for key := range t.passed {
		all[key] = true
	}
	for key := range t.partial {
		all[key] = true
	}
	return len(all)
}

// argumentPattern is skipPattern(names) if it fits in one argument of a
// command (maxPattern), else the pattern that skips nothing.
func argumentPattern(names []string) (string, bool) {
	if p := skipPattern(names); len(p) <= maxPattern {
		return p, true
	}
	return skipPattern(nil), false
}

// skipPattern is a -skip pattern matching exactly names at the top level;
// one that matches nothing when names is empty.
func skipPattern(names []string) string {
	if len(names) == 0 {
		return "^$"
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}

// flushPackage prints the held output of pkg's tests that never ended.
func flushPackage(held map[testKey][]string, pkg string, out io.Writer) {
	var keys []testKey
	for key := range held {
		if key.pkg == pkg {
			keys = append(keys, key)
		}
	}
	slices.SortFunc(keys, func(a, b testKey) int { return strings.Compare(a.name, b.name) })
	for _, key := range keys {
		io.WriteString(out, strings.Join(held[key], ""))
		delete(held, key)
	}
}
