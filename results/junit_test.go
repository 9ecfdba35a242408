package results

import (
	"reflect"
	"strings"
	"testing"
)

// TestReadJUnitSuiteNames: PHPUnit 10 writes class but no classname (from
// its documented format: PHPUnit 9 is what this machine has); a writer
// with neither leaves the enclosing suite's name.
func TestReadJUnitSuiteNames(t *testing.T) {
	const file = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites>
  <testsuite name="Sample\Conformance\EnvelopeTest" tests="3" assertions="2" errors="1" failures="0" skipped="1" time="0.01">
    <testcase name="testPasses" file="EnvelopeTest.php" line="10" class="Sample\Conformance\EnvelopeTest" classname="" assertions="1" time="0.001"/>
    <testcase name="testErrors" file="EnvelopeTest.php" line="15" class="Sample\Conformance\EnvelopeTest" assertions="1" time="0.001">
      <error type="RuntimeException">Sample\Conformance\EnvelopeTest::testErrors
RuntimeException: boom

EnvelopeTest.php:17</error>
    </testcase>
    <testcase name="bare">
      <skipped message="  why  "/>
    </testcase>
  </testsuite>
</testsuites>`
	run, err := Read("phpunit10.xml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	const class = `Sample\Conformance\EnvelopeTest`
	want := []Test{
		pass(class, "testPasses"),
		{class, "testErrors", Fail, "RuntimeException: boom"},
		{class, "bare", Skip, "why"},
	}
	if !reflect.DeepEqual(run.Tests, want) {
		t.Errorf("tests %+q\nwant %+q", run.Tests, want)
	}
	if c := (Counts{Passed: 1, Failed: 1, Skipped: 1}); run.Declared == nil || *run.Declared != c {
		t.Errorf("Declared = %+v, want %+v", run.Declared, c)
	}
}

// TestReadJUnitDeclared: the root's totals win; without them the top
// suites' are summed (not the nested ones, already inside them); none
// stated is nil; a total that is not a count is an error naming the suite.
func TestReadJUnitDeclared(t *testing.T) {
	for _, tt := range []struct {
		file string
		want *Counts
		err  string
	}{
		{`<testsuites tests="5" failures="1" errors="1" skipped="1"><testsuite tests="1"/></testsuites>`, &Counts{2, 2, 1}, ""},
		{`<testsuites><testsuite tests="2" failures="1"><testsuite tests="2" failures="1"/></testsuite><testsuite tests="3" skipped="3"/></testsuites>`,
			&Counts{1, 1, 3}, ""},
		{`<testsuites><testsuite name="a"/></testsuites>`, nil, ""},
		{`<testsuite name="s" tests="many"/>`, nil, `x.xml: testsuite "s": tests="many" is not a count`},
		{`<testsuite name="s" tests="1" failures="2"/>`, nil, `x.xml: testsuite "s": tests=1 is fewer than its failures, errors and skipped`},
	} {
		run, err := Read("x.xml", []byte(tt.file))
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %s", tt.file, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(run.Declared, tt.want) {
			t.Errorf("%s: Declared %+v, %v; want %+v", tt.file, run.Declared, err, tt.want)
		}
	}
}

// TestReadJUnitStackTrace: a message taken from the element's text loses
// its "at ..." frames, JVM and .NET alike.
func TestReadJUnitStackTrace(t *testing.T) {
	const file = `<testsuite><testcase classname="C" name="n"><failure>java.lang.AssertionError: expected 1
	at C.n(C.java:3)
   at Namespace.C.N() in /src/C.cs:line 3
but was 2</failure></testcase></testsuite>`
	run, err := Read("x.xml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if got := run.Tests[0].Message; got != "java.lang.AssertionError: expected 1\nbut was 2" {
		t.Errorf("message %q", got)
	}
	if strings.Contains(run.Tests[0].Message, " at ") {
		t.Errorf("message keeps a frame: %q", run.Tests[0].Message)
	}
}

// A PHPUnit failure's text is its assertion's message: without the
// test's "Class::method" line before it and the file:line list after it.
func TestReadJUnitPHPUnitFailureText(t *testing.T) {
	xml := `<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="FooTest" tests="2" failures="1" errors="1">
<testcase name="test_fails" class="FooTest" classname="FooTest"><failure type="PHPUnit\Framework\ExpectationFailedException">FooTest::test_fails
accepts(): expected 1, got 2
Failed asserting that 2 is identical to 1.

/tmp/phpu/FooTest.php:4</failure></testcase>
<testcase name="test_errors" class="A\B\FooTest" classname="A.B.FooTest"><error type="RuntimeException">A\B\FooTest::test_errors with data set #0 (1)
RuntimeException: boom here

/tmp/phpu/src/Codec.php:12
C:\work\phpu\FooTest.php:5</error></testcase>
</testsuite></testsuites>`
	run, err := Read("junit.xml", []byte(xml))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"accepts(): expected 1, got 2\nFailed asserting that 2 is identical to 1.", "RuntimeException: boom here"}
	for i, w := range want {
		if got := run.Tests[i].Message; got != w {
			t.Errorf("test %d: message %q, want %q", i, got, w)
		}
	}
}
