package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// run feeds events, one JSON line each, to read.
func run(t *testing.T, events ...event) (*tally, string) {
	t.Helper()
	var in strings.Builder
	for _, e := range events {
		line, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(append(line, '\n'))
	}
	var out strings.Builder
	got, err := read(strings.NewReader(in.String()), &out)
	if err != nil {
		t.Fatal(err)
	}
	return got, out.String()
}

func pass(pkg, test string) event { return event{Action: "pass", Package: pkg, Test: test} }
func skip(pkg, test string) event { return event{Action: "skip", Package: pkg, Test: test} }
func output(pkg, test, text string) event {
	return event{Action: "output", Package: pkg, Test: test, Output: text}
}

// A test is proved when it passed and nothing below it skipped or failed,
// in every package with a test of its name.
func TestProvedAreTheTestsRunWhole(t *testing.T) {
	got, _ := run(t,
		pass("a", "TestWhole/sub"), pass("a", "TestWhole"),
		skip("a", "TestToolchain"),
		skip("a", "TestExtended/full_tier_part"), pass("a", "TestExtended"),
		pass("a", "TestDeep/x/y"), skip("a", "TestDeep/x/z"), pass("a", "TestDeep/x"), pass("a", "TestDeep"),
		pass("a", "TestShared"), skip("b", "TestShared"),
		pass("b", "TestOther"),
	)
	if names := strings.Join(got.provedNames(), " "); names != "TestOther TestWhole" {
		t.Errorf("proved %q, want %q", names, "TestOther TestWhole")
	}
	if n := got.topLevel(); n != 7 {
		t.Errorf("%d top-level tests, want 7", n)
	}
	if got.failed {
		t.Error("a passing run counts as failed")
	}
}

// The pattern skips exactly the names, at the top level, and nothing when
// there are none.
func TestSkipPatternMatchesExactlyTheNames(t *testing.T) {
	re := regexp.MustCompile(skipPattern([]string{"TestA", "TestB_2"}))
	for name, want := range map[string]bool{"TestA": true, "TestB_2": true, "TestAB": false, "XTestA": false, "TestB": false} {
		if re.MatchString(name) != want {
			t.Errorf("%s: matched %v, want %v", name, !want, want)
		}
	}
	none := regexp.MustCompile(skipPattern(nil))
	if none.MatchString("TestA") {
		t.Error("the empty pattern skips TestA")
	}
}

// Output is what go test prints without -json: package lines, and the
// output of failed tests only.
func TestPrintsPackagesAndFailures(t *testing.T) {
	got, out := run(t,
		output("a", "TestOK", "=== RUN   TestOK\n"), output("a", "TestOK", "--- PASS: TestOK\n"), pass("a", "TestOK"),
		output("a", "TestBad/sub", "    bad_test.go:9: want 1, got 2\n"),
		event{Action: "fail", Package: "a", Test: "TestBad/sub"}, event{Action: "fail", Package: "a", Test: "TestBad"},
		output("a", "", "FAIL\n"), output("a", "", "FAIL\ta\t0.1s\n"), event{Action: "fail", Package: "a"},
		output("b", "", "ok  \tb\t0.2s\n"), event{Action: "pass", Package: "b"},
	)
	want := "    bad_test.go:9: want 1, got 2\nFAIL\ta\t0.1s\nok  \tb\t0.2s\n"
	if out != want {
		t.Errorf("printed\n%s\nwant\n%s", out, want)
	}
	if !got.failed {
		t.Error("a failing run counts as passed")
	}
}

// A package that dies mid-test (a panic, a timeout) prints what its
// running tests said.
func TestADyingPackagePrintsItsRunningTests(t *testing.T) {
	_, out := run(t,
		output("a", "TestHangs", "panic: test timed out after 1s\n"),
		output("a", "", "FAIL\ta\t1.0s\n"), event{Action: "fail", Package: "a"},
	)
	if !strings.Contains(out, "panic: test timed out") {
		t.Errorf("the timeout is not printed:\n%s", out)
	}
}

// A build failure is printed and fails the run.
func TestABuildFailureFails(t *testing.T) {
	got, out := run(t,
		event{Action: "build-output", ImportPath: "a [a.test]", Output: "a/x.go:1:1: syntax error\n"},
		event{Action: "build-fail", ImportPath: "a [a.test]"},
	)
	if !got.failed || !strings.Contains(out, "syntax error") {
		t.Errorf("failed %v, printed %q", got.failed, out)
	}
}

// A pattern too long for one argument of a command becomes one that skips
// nothing: the full tier then runs everything, as it would without CI's
// pattern.
func TestAPatternTooLongSkipsNothing(t *testing.T) {
	long := make([]string, 5000)
	for i := range long {
		long[i] = "TestAVeryLongNameThatGoesOnAndOn" + strings.Repeat("X", 20) + string(rune('A'+i%26)) + strings.Repeat("Y", i%7)
	}
	if p, fits := argumentPattern(long); fits || p != skipPattern(nil) {
		t.Errorf("a %d-byte pattern fits: %v", len(skipPattern(long)), fits)
	}
	if p, fits := argumentPattern([]string{"TestA"}); !fits || p != "^(TestA)$" {
		t.Errorf("argumentPattern(TestA) = %q, %v", p, fits)
	}
}
