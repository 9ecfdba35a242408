package results

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// The samples in testdata are real output of the real runners on this
// machine (Surefire's excepted: written from its documented format), each
// from a tiny project with a passing test, a failing one, a skipped one,
// names with hostile characters and two names told apart only by a suffix.

var (
	longL   = strings.Repeat("L", 300)
	long    = "a very long name " + longL + " end"
	hostile = "hostile \"quoted\" <&> 'apos' \t tab é ü 日本 🙂"
)

const skipReason = "not provided: this SDK has no decode warnings hook"

func pass(suite, name string) Test { return Test{suite, name, Pass, ""} }

func TestReadSamples(t *testing.T) {
	const goPkg, pyClass, phpClass = "example.com/conformance", "test_sample.TestEnvelope", "Sample.Conformance.EnvelopeTest"
	const javaClass, trxClass = "sample.conformance.EnvelopeTest", "Sample.Conformance.EnvelopeTests"
	const phpData = "testHostile with data set "
	tests := []struct {
		file     string
		format   string
		declared *Counts
		want     []Test
	}{
		{"gotest.json", FormatGoTestJSON, nil, []Test{
			pass(goPkg, "TestEnvelope/passes"),
			{goPkg, "TestEnvelope/fails_with_a_message", Fail, "got \"a\", want \"b\"\nsecond line\nof a multi-line message"},
			{goPkg, "TestEnvelope/skipped_with_a_reason", Skip, skipReason},
			pass(goPkg, "TestEnvelope/hostile_\"quoted\"_<&>_'apos'___tab_é_ü_日本_🙂"),
			pass(goPkg, "TestEnvelope/line_one_line_two"),
			pass(goPkg, "TestEnvelope/a_very_long_name_"+longL+"_end"),
			pass(goPkg, "TestEnvelope/duplicate_name"),
			pass(goPkg, "TestEnvelope/duplicate_name#01"),
			{goPkg, "TestEnvelope", Fail, ""},
			pass(goPkg, "TestTopLevelPass"),
			{goPkg, "TestTopLevelSkip", Skip, "exempted: the SDK tracks this in #12"},
			{goPkg, "TestTopLevelFail", Fail, "some log output before the failure\nboom: <&> \"quoted\""},
		}},
		{"gotest-parallel.json", FormatGoTestJSON, nil, []Test{
			{"example.com/parallel", "TestParallel/b/nested", Fail, "deep failure in b:\n\tindented detail"},
			{"example.com/parallel", "TestParallel/b", Fail, "start b\nskip after subtest b"},
			{"example.com/parallel", "TestParallel/a/nested", Fail, "deep failure in a:\n\tindented detail"},
			{"example.com/parallel", "TestParallel/a", Fail, "start a\nskip after subtest a"},
			{"example.com/parallel", "TestParallel", Fail, ""},
		}},
		{"pytest.xml", FormatJUnitXML, &Counts{Passed: 6, Failed: 2, Skipped: 2}, []Test{
			pass(pyClass, "test_passes"),
			{pyClass, "test_fails_with_a_message", Fail, "AssertionError: expected <a> & \"b\"\nassert 'a' == 'b'\n  - b\n  + a"},
			{pyClass, "test_skipped_with_a_reason", Skip, skipReason},
			pass(pyClass, `test_hostile[hostile "quoted" <&> 'apos' \t tab \xe9 \xfc \u65e5\u672c \U0001f642]`),
			pass(pyClass, `test_hostile[line one\nline two]`),
			pass(pyClass, "test_hostile["+long+"]"),
			pass(pyClass, "test_duplicate[duplicate name0]"),
			pass(pyClass, "test_duplicate[duplicate name1]"),
			{"test_sample", "test_errors_in_fixture", Fail, `failed on setup with "RuntimeError: fixture <broke>"`},
			{"test_sample", "test_xfail", Skip, "known <bug>"},
		}},
		{"phpunit.xml", FormatJUnitXML, &Counts{Passed: 6, Failed: 1, Skipped: 1}, []Test{
			pass(phpClass, "testPasses"),
			{phpClass, "testFailsWithAMessage", Fail, "expected <a> & \"b\"\n" +
				"Failed asserting that two strings are identical.\n--- Expected\n+++ Actual\n@@ @@\n-'b'\n+'a'"},
			{phpClass, "testSkippedWithAReason", Skip, ""}, // PHPUnit 9 writes no skip reason
			pass(phpClass, phpData+`"`+hostile+`"`),
			pass(phpClass, phpData+"\"line one\nline two\""),
			pass(phpClass, phpData+`"`+long+`"`),
			pass(phpClass, phpData+`"duplicate name"`),
			pass(phpClass, phpData+`"duplicate name (2)"`),
		}},
		{"node.xml", FormatJUnitXML, &Counts{Passed: 8, Failed: 1, Skipped: 2}, []Test{
			pass("", "top-level test"),
			pass("envelope", "passes"),
			{"envelope", "fails with a message", Fail, "expected <a> & \"b\"\n\n'a' !== 'b'"},
			{"envelope", "skipped with a reason", Skip, skipReason},
			{"envelope", "skipped by option", Skip, "exempted: tracked in #12"},
			// node:test escapes a quote twice: the name is what the file says.
			pass("envelope", "hostile &quot;quoted&quot; <&> 'apos' \t tab é ü 日本 🙂"),
			pass("envelope", "line oneline two"), // node drops the newline
			pass("envelope", long),
			pass("envelope", "duplicate name"),
			pass("envelope", "duplicate name (2)"),
			pass("describe &quot;quoted&quot; <&>", "nested pass"),
		}},
		{"node-todo-timeout.xml", FormatJUnitXML, &Counts{Passed: 1, Failed: 1, Skipped: 2}, []Test{
			{"", "todo one", Skip, "later"},
			{"", "todo failing", Skip, "true"}, // node counts a failing todo as todo
			{"", "times out", Fail, "test timed out after 10ms"},
			pass("parent fails", "child"),
		}},
		{"junit-console.xml", FormatJUnitXML, &Counts{Passed: 8, Failed: 1, Skipped: 2}, []Test{
			{javaClass, "failsWithAMessage()", Fail, `expected <a> & "b" ==> expected: <b> but was: <a>`},
			pass(javaClass+"$Inner", "nestedPasses()"),
			{javaClass, "skippedWithAReason()", Skip, "org.opentest4j.TestAbortedException: " + skipReason},
			pass(javaClass, "hostileÉü日本$Name_x()"),
			{javaClass, "disabledWithAReason()", Skip, "exempted: tracked in #12"},
			pass(javaClass, "passes()"),
			pass(javaClass, "hostile()"),
			pass(javaClass, "named(String)[1]"),
			pass(javaClass, "named(String)[2]"),
			pass(javaClass, "named(String)[3]"),
			pass(javaClass, "newline()"),
		}},
		{"TEST-sample.conformance.EnvelopeTest.xml", FormatJUnitXML, &Counts{Passed: 6, Failed: 2, Skipped: 1}, []Test{
			pass(javaClass, "passes"),
			{javaClass, "fails with a message", Fail, `expected <a> & "b" ==> expected: <b> but was: <a>`},
			{javaClass, "throws an error", Fail, "boom"},
			{javaClass, "skipped with a reason", Skip, skipReason},
			pass(javaClass, hostile),
			pass(javaClass, "line one\nline two"),
			pass(javaClass, long),
			pass(javaClass, "duplicate name"),
			pass(javaClass, "duplicate name (2)"),
		}},
		{"xunit.trx", FormatTRX, &Counts{Passed: 6, Failed: 1, Skipped: 1}, []Test{
			pass(trxClass, "hostile line one\nline two"),
			pass(trxClass, "duplicate name (2)"),
			pass(trxClass, "a very long name "+strings.Repeat("L", 248)+" end"),
			{trxClass, "fails with a message", Fail, `expected <a> & "b"`},
			pass(trxClass, "passes"),
			{trxClass, "skipped with a reason", Skip, skipReason},
			// The TRX logger writes a surrogate pair as \ud83d\ude42 text.
			pass(trxClass, "hostile \"quoted\" <&> 'apos' \t tab é ü 日本 \\ud83d\\ude42"),
			pass(trxClass, "duplicate name"),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			run := readSample(t, tt.file)
			if run.File != tt.file || run.Format != tt.format {
				t.Errorf("File, Format = %q, %q; want %q, %q", run.File, run.Format, tt.file, tt.format)
			}
			if !reflect.DeepEqual(run.Tests, tt.want) {
				for i := 0; i < len(run.Tests) || i < len(tt.want); i++ {
					var got, want Test
					if i < len(run.Tests) {
						got = run.Tests[i]
					}
					if i < len(tt.want) {
						want = tt.want[i]
					}
					if got != want {
						t.Errorf("test %d:\n got %+q\nwant %+q", i, got, want)
					}
				}
			}
			if !reflect.DeepEqual(run.Declared, tt.declared) {
				t.Errorf("Declared = %+v, want %+v", run.Declared, tt.declared)
			}
			if tt.declared != nil && *tt.declared != counted(run.Tests) {
				t.Errorf("the file declares %+v, its tests count %+v", *tt.declared, counted(run.Tests))
			}
		})
	}
}

// TestReadGoPackageFailures: a package whose failure its tests do not
// explain is an error naming the package, never a run quietly short of it.
func TestReadGoPackageFailures(t *testing.T) {
	build, err := os.ReadFile(filepath.Join("testdata", "gotest-build-failure.json"))
	if err != nil {
		t.Fatal(err)
	}
	panicked := readSample(t, "gotest-panic.json")
	if len(panicked.Tests) != 2 || panicked.Tests[1].Outcome != Fail ||
		!strings.HasPrefix(panicked.Tests[1].Message, "panic: assignment to entry in nil map") {
		t.Errorf("gotest-panic.json: %+q; want TestOK passing, then TestPanics failing with its panic", panicked.Tests)
	}
	const pkg = `{"Action":"start","Package":"p"}` + "\n"
	for _, tt := range []struct{ name, data, want string }{
		{"build", string(build), "package example.com/broken failed to build"},
		{"no tests", pkg + `{"Action":"output","Package":"p","Output":"panic: in init\n"}` + "\n" + `{"Action":"fail","Package":"p"}`,
			`package p failed before any test reported an outcome: "panic: in init"`},
		{"tests passed", pkg + `{"Action":"pass","Package":"p","Test":"TestA"}` + "\n" +
			`{"Action":"output","Package":"p","Output":"FAIL\tp\t0.1s\n"}` + "\n" + `{"Action":"fail","Package":"p"}`,
			"package p failed though none of its 1 tests did"},
		{"unfinished", pkg + `{"Action":"run","Package":"p","Test":"TestA"}` + "\n",
			"package p: test TestA started but the file reports no outcome"},
	} {
		_, err := Read(tt.name+".json", []byte(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.name+".json: "+tt.want) {
			t.Errorf("%s: error %v; want it to say %q", tt.name, err, tt.want)
		}
	}
}

// position is how an error names the place: file:line:col.
var position = regexp.MustCompile(`^(\S+):(\d+):(\d+): malformed result file: `)

// TestReadMalformed: a file cut short, or with garbage inside, is an error
// naming the file and where the decoder stopped.
func TestReadMalformed(t *testing.T) {
	for _, tt := range []struct {
		sample string
		cut    func([]byte) []byte
		where  string // line:col
	}{
		{"gotest.json", func(b []byte) []byte { return b[:200] }, "2:106"},
		{"gotest.json", func(b []byte) []byte { return append(b, "FAIL\tbroken [build failed]\n"...) }, "60:2"},
		{"pytest.xml", func(b []byte) []byte { return b[:300] }, "1:301"},
		{"phpunit.xml", func(b []byte) []byte { return []byte(strings.Replace(string(b), "&amp;", "&", 1)) }, "7:21"},
		{"node.xml", func(b []byte) []byte { return []byte(strings.Replace(string(b), "</testsuite>", "</testcase>", 1)) }, "47:13"},
		{"TEST-sample.conformance.EnvelopeTest.xml", func(b []byte) []byte { return b[:700] }, "9:61"},
		{"xunit.trx", func(b []byte) []byte { return b[:len(b)/2] }, "41:4"},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", tt.sample))
		if err != nil {
			t.Fatal(err)
		}
		_, err = Read(tt.sample, tt.cut(data))
		m := position.FindStringSubmatch(errString(err))
		if m == nil || m[1] != tt.sample || m[2]+":"+m[3] != tt.where {
			t.Errorf("%s: error %v; want %s:%s: malformed result file: ...", tt.sample, err, tt.sample, tt.where)
		}
	}
}

func TestReadUnknownFormat(t *testing.T) {
	for _, data := range []string{"", "   \n", "TAP version 13\nok 1 - x\n", `<?xml version="1.0"?><html></html>`} {
		_, err := Read("results.out", []byte(data))
		msg := errString(err)
		for _, want := range []string{"results.out: ", "go test -json", "JUnit XML", ".NET TRX"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q: error %q does not say %q", data, msg, want)
			}
		}
	}
}

// TestReadSniffsContent: the name says nothing about the format.
func TestReadSniffsContent(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "xunit.trx"))
	if err != nil {
		t.Fatal(err)
	}
	run, err := Read("results.json", data)
	if err != nil || run.Format != FormatTRX || len(run.Tests) != 8 {
		t.Errorf("a TRX file named results.json: format %q, %d tests, %v; want trx, 8 tests", run.Format, len(run.Tests), err)
	}
}

func readSample(t *testing.T, file string) Run {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	run, err := Read(file, data)
	if err != nil {
		t.Fatalf("Read(%s): %v", file, err)
	}
	return run
}

func counted(tests []Test) Counts {
	var c Counts
	for _, t := range tests {
		switch t.Outcome {
		case Pass:
			c.Passed++
		case Fail:
			c.Failed++
		case Skip:
			c.Skipped++
		}
	}
	return c
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestReadUnreadableRoot: XML cut short before its root element is read is
// malformed at a place, and the error still lists the formats.
func TestReadUnreadableRoot(t *testing.T) {
	_, err := Read("junit.xml", []byte("<?xml version=\"1.0\"?>\n<testsui"))
	msg := errString(err)
	if !strings.HasPrefix(msg, "junit.xml:2:9: malformed result file: ") || !strings.Contains(msg, "JUnit XML") {
		t.Errorf("error %q; want junit.xml:2:9: malformed result file: ... with the known formats", msg)
	}
}
