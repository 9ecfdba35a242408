package results

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// The complexity tests of the result formats: each format's reader, through
// Read, on adversarial files at n … 16n (issue 27). The generators mix many
// small tests, long lines, deep nesting and repeated events; the size-limit
// inputs are 64 MiB, the result-file limit the safe reader applies.

// readAll is the run of a complexity test: Read, which must not fail.
func readAll(t *testing.T) func([]byte) {
	return func(data []byte) {
		if _, err := Read("results", data); err != nil {
			t.Fatal(err)
		}
	}
}

// goJSONRepeated is the shape: one test, n output events each
// followed by a fail event, which rebuilt the whole message each time.
func goJSONRepeated(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"Action":"run","Package":"p","Test":"TestX"}` + "\n")
	for i := range n {
		fmt.Fprintf(&b, `{"Action":"output","Package":"p","Test":"TestX","Output":"    x_test.go:%d: %s\n"}`+"\n", i, strings.Repeat("why ", 10))
		b.WriteString(`{"Action":"fail","Package":"p","Test":"TestX"}` + "\n")
	}
	return []byte(b.String())
}

// goJSONMixed is n events of many tests: runs, framing, logs, long lines,
// outcomes.
func goJSONMixed(n int) []byte {
	var b strings.Builder
	for i := range n {
		test := fmt.Sprintf("TestCase%d/sub_%d", i%97, i)
		fmt.Fprintf(&b, `{"Action":"run","Package":"p%d","Test":"%s"}`+"\n", i%3, test)
		fmt.Fprintf(&b, `{"Action":"output","Package":"p%d","Test":"%s","Output":"=== RUN   %s\n"}`+"\n", i%3, test, test)
		fmt.Fprintf(&b, `{"Action":"output","Package":"p%d","Test":"%s","Output":"    a_test.go:1: %s\n        continued\n"}`+"\n", i%3, test, strings.Repeat("l", i%300))
		fmt.Fprintf(&b, `{"Action":"%s","Package":"p%d","Test":"%s"}`+"\n", []string{"pass", "fail", "skip"}[i/3%3], i%3, test)
	}
	for p := range 3 {
		fmt.Fprintf(&b, `{"Action":"output","Package":"p%d","Output":"FAIL\n"}`+"\n", p)
		fmt.Fprintf(&b, `{"Action":"fail","Package":"p%d"}`+"\n", p)
	}
	return []byte(b.String())
}

// junitCases is n testcases with failures, errors, skips and stack traces,
// as pytest, Surefire, the JUnit launcher and PHPUnit write them.
func junitCases(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `<testcase classname="pkg.Class%d" name="test_%d" time="0.1">`, i%13, i)
		switch i % 4 {
		case 1:
			fmt.Fprintf(&b, `<failure message="">%s</failure>`, strings.Repeat("  at frame.f(F.java:1)\n", i%20)+"assert 1 == 2")
		case 2:
			b.WriteString(`<error type="E">boom &amp; &lt;more&gt;</error><system-out>` + strings.Repeat("o", i%500) + `</system-out>`)
		case 3:
			b.WriteString(`<skipped message="not provided"/>`)
		}
		b.WriteString("</testcase>\n")
	}
	return b.String()
}

// junitFlat is a Surefire or pytest file: one suite of n cases.
func junitFlat(n int) []byte {
	return []byte(`<?xml version="1.0"?><testsuite name="s">` + junitCases(n) + `</testsuite>`)
}

// junitNested is a PHPUnit or JUnit launcher file: suites in suites, n
// cases spread over them, nested up to 50 deep.
func junitNested(n int) []byte {
	var b strings.Builder
	b.WriteString(`<testsuites>`)
	for i := 0; i < n; i += 50 {
		depth := 1 + (i/50)%50
		b.WriteString(strings.Repeat(`<testsuite name="Nested\Suite">`, depth))
		b.WriteString(junitCases(min(50, n-i)))
		b.WriteString(strings.Repeat(`</testsuite>`, depth))
	}
	b.WriteString(`</testsuites>`)
	return []byte(b.String())
}

// nodeTestDeep is node:test's JUnit reporter: describe blocks nested in
// chains up to 10 deep (each suite's path names every enclosing one), a
// test in each, n in all, and the closing totals comment that marks the
// format.
func nodeTestDeep(n int) []byte {
	var b strings.Builder
	b.WriteString(`<testsuites>`)
	for i := 0; i < n; i += 10 {
		depth := min(10, n-i)
		for j := range depth {
			fmt.Fprintf(&b, `<testsuite name="describe %d %s"><testcase name="t%d" classname="test"/>`, j, strings.Repeat("d", 40), i+j)
		}
		b.WriteString(strings.Repeat(`</testsuite>`, depth))
	}
	fmt.Fprintf(&b, "<!-- tests %d -->\n<!-- pass %d -->\n</testsuites>", n, n)
	return []byte(b.String())
}

// nodeTestBomb is describe blocks nested as deep as encoding/xml allows,
// with long names: about 1 MB whose suite paths would sum to gigabytes.
func nodeTestBomb() []byte {
	const depth = 9990
	var b strings.Builder
	b.WriteString(`<testsuites>`)
	for j := range depth {
		fmt.Fprintf(&b, `<testsuite name="%d%s"><testcase name="t%d" classname="test"/>`, j, strings.Repeat("d", 60), j)
	}
	b.WriteString(strings.Repeat(`</testsuite>`, depth))
	b.WriteString("<!-- tests 1 -->\n</testsuites>")
	return []byte(b.String())
}

// trxBomb is a TRX file of n results and their definitions.
func trxBomb(n int) []byte {
	var b strings.Builder
	b.WriteString(`<TestRun><Results>`)
	for i := range n {
		outcome := []string{"Passed", "Failed", "NotExecuted"}[i%3]
		fmt.Fprintf(&b, `<UnitTestResult testId="id-%d" testName="M%d" outcome="%s"><Output><StdOut>%s</StdOut><ErrorInfo><Message>m &lt;%d&gt;</Message></ErrorInfo></Output></UnitTestResult>`,
			i, i, outcome, strings.Repeat("s", i%300), i)
	}
	b.WriteString(`</Results><TestDefinitions>`)
	for i := range n {
		fmt.Fprintf(&b, `<UnitTest id="id-%d"><TestMethod className="Ns.Class%d"/></UnitTest>`, i, i%17)
	}
	b.WriteString(`</TestDefinitions></TestRun>`)
	return []byte(b.String())
}

// xunitFile is an xUnit v2 file of n tests in collections of assemblies.
func xunitFile(n int) []byte {
	var b strings.Builder
	b.WriteString(`<assemblies>`)
	for i := 0; i < n; i += 100 {
		b.WriteString(`<assembly name="a"><collection name="c">`)
		for j := i; j < min(n, i+100); j++ {
			result := []string{"Pass", "Fail", "Skip"}[j%3]
			fmt.Fprintf(&b, `<test name="T.M%d" type="T" result="%s"><reason>r</reason><failure><message>%s</message></failure></test>`,
				j, result, strings.Repeat("f", j%300))
		}
		b.WriteString(`</collection></assembly>`)
	}
	b.WriteString(`</assemblies>`)
	return []byte(b.String())
}

func TestComplexityResults(t *testing.T) {
	complexitytest.Skip(t)
	for _, k := range []struct {
		kind string
		base int
		gen  func(int) []byte
	}{
		{"go test -json (repeated events for one test)", 256, goJSONRepeated},
		{"go test -json (many tests, long lines)", 256, goJSONMixed},
		{"JUnit XML (pytest, Surefire: one suite)", 256, junitFlat},
		{"JUnit XML (PHPUnit, JUnit launcher: nested suites)", 256, junitNested},
		{"JUnit XML (node:test, describe blocks in chains 10 deep)", 256, nodeTestDeep},
		{"TRX", 256, trxBomb},
		{"xUnit v2 XML", 256, xunitFile},
	} {
		t.Run(k.kind, func(t *testing.T) {
			complexitytest.Linear(t, k.kind, k.base, k.gen, readAll(t))
		})
	}
}

// TestNodeTestDepthBomb: describe blocks nested 10,000 deep in 1 MB are
// refused (or read) within the ceiling, not expanded into gigabytes of
// suite paths.
func TestNodeTestDepthBomb(t *testing.T) {
	complexitytest.Skip(t)
	complexitytest.Within(t, "JUnit XML (node:test, nested 10,000 deep)", nodeTestBomb(), func(data []byte) {
		_, err := Read("results", data)
		if err == nil || !strings.Contains(err.Error(), "the limit") {
			t.Errorf("Read = %v, want the path limit named", err)
		}
	})
}

// TestNodeTestPathBudget: chains of describe blocks 300 deep build paths of
// about 150 times the file's size, all told; they are refused at the budget
// instead (each path alone is under the per-path limit).
func TestNodeTestPathBudget(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<testsuites>`)
	for range 100 {
		for j := range 300 {
			fmt.Fprintf(&b, `<testsuite name="%d%s"><testcase name="t" classname="test"/>`, j, strings.Repeat("d", 30))
		}
		b.WriteString(strings.Repeat(`</testsuite>`, 300))
	}
	b.WriteString("<!-- tests 1 -->\n</testsuites>")
	_, err := Read("results", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "for each byte of the file, the limit") {
		t.Fatalf("Read = %v, want the path budget named", err)
	}
}

// TestComplexityResultLimits reads each format at about 64 MiB.
func TestComplexityResultLimits(t *testing.T) {
	complexitytest.Skip(t)
	const limit = 64 << 20
	for _, k := range []struct {
		kind  string
		bytes int // per unit of the generator, about
		gen   func(int) []byte
	}{
		{"go test -json (repeated events for one test)", 150, goJSONRepeated},
		{"go test -json (many tests, long lines)", 600, goJSONMixed},
		{"JUnit XML (nested suites)", 330, junitNested},
		{"JUnit XML (node:test, nested in chains)", 110, nodeTestDeep},
		{"TRX", 400, trxBomb},
		{"xUnit v2 XML", 250, xunitFile},
	} {
		t.Run(k.kind, func(t *testing.T) {
			complexitytest.Within(t, k.kind+" at 64 MiB", k.gen(limit/k.bytes), func(data []byte) {
				Read("results", data) // an error is an answer too
			})
		})
	}
}
