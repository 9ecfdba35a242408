package verify

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/babelqueue/bqgen/internal/testkit/testflag" // lets `go test ./... -update` reach this package
	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// sampleGoOutput is -test.v output with nesting, a "/" inside a case name
// (one level deep despite the slash), a parent that failed before its
// subtests and interleaved log lines that must not count.
const sampleGoOutput = `=== RUN   TestA
=== RUN   TestA/one
    a_test.go:9: --- FAIL: not a result line (0.00s)
--- FAIL: TestA (0.00s)
    --- PASS: TestA/one (0.00s)
    --- FAIL: TestA/two (0.00s)
    --- SKIP: TestA/a/b (0.00s)
        a_test.go:12: not provided
    --- PASS: TestA/nested (0.00s)
        --- PASS: TestA/nested/x (0.00s)
        --- PASS: TestA/nested/y (0.00s)
=== RUN   TestB
--- PASS: TestB (0.01s)
=== RUN   TestC
    c_test.go:3: start the oracle: unknown fault
--- FAIL: TestC (0.00s)
FAIL
`

func TestParseGoTestOutputCountsLeaves(t *testing.T) {
	res := parseGoTestOutput(sampleGoOutput)
	// Leaves: TestA/one, TestA/two, TestA/a/b, TestA/nested/x, TestA/nested/y, TestB, TestC.
	if res.Passed != 4 || res.Failed != 2 || res.Skipped != 1 {
		t.Errorf("passed %d, failed %d, skipped %d; want 4, 2, 1", res.Passed, res.Failed, res.Skipped)
	}
	if res.Summary != "FAIL" {
		t.Errorf("summary %q, want FAIL", res.Summary)
	}
	if res.Output != sampleGoOutput {
		t.Error("output not kept")
	}
}

func TestParseGoTestOutputWithoutSummary(t *testing.T) {
	res := parseGoTestOutput("panic: boom\n")
	if res.Total() != 0 || res.Summary != "" {
		t.Errorf("got %+v", res)
	}
}

// writeGoModule writes a module whose tests pass, fail, skip and nest.
func writeGoModule(t *testing.T, test string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":    "module bqgenverify\n\ngo 1.26\n",
		"x_test.go": "package x_test\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\n" + test,
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const goSampleTest = `func TestX(t *testing.T) {
	t.Run("pass", func(t *testing.T) {})
	t.Run("a/b", func(t *testing.T) {})
	t.Run("fail", func(t *testing.T) {
		if os.Getenv("BQGEN_ORACLE_FAULT") != "" {
			t.Error("mutant")
		}
	})
	t.Run("skip", func(t *testing.T) { t.Skip("not provided") })
}
`

func availableGoToolchain(t *testing.T) GoToolchain {
	t.Helper()
	tier.Toolchain(t, "go build and go vet")
	tool := GoToolchain{}
	if err := tool.Available(); err != nil {
		t.Skip(err)
	}
	return tool
}

func TestGoToolchainPreparesOnceAndRunsPerOracle(t *testing.T) {
	tool := availableGoToolchain(t)
	dir := writeGoModule(t, goSampleTest)
	var log strings.Builder
	if err := tool.Prepare(context.Background(), dir, &log); err != nil {
		t.Fatalf("prepare: %v\n%s", err, log.String())
	}
	if !strings.Contains(log.String(), "$ go vet ./...") {
		t.Errorf("prepare did not log its commands:\n%s", log.String())
	}
	pass, err := tool.Run(context.Background(), dir, []string{EnvOracleFault + "="})
	if err != nil || pass.Passed != 3 || pass.Failed != 0 || pass.Skipped != 1 || pass.Summary != "PASS" {
		t.Errorf("correct oracle: %+v, %v", pass, err)
	}
	fail, err := tool.Run(context.Background(), dir, []string{EnvOracleFault + "=some-fault"})
	if err != nil || fail.Passed != 2 || fail.Failed != 1 || fail.Skipped != 1 || fail.Summary != "FAIL" {
		t.Errorf("mutant: %+v, %v", fail, err)
	}
	checkGoTestJSON(t, pass, `{"Action":"pass","Package":"bqgenverify","Test":"TestX/a/b"`)
	checkGoTestJSON(t, fail, `{"Action":"fail","Package":"bqgenverify","Test":"TestX/fail"`)
	if len(pass.Files) == 1 && len(fail.Files) == 1 && pass.Files[0] == fail.Files[0] {
		t.Error("two runs wrote the same result file")
	}
}

// checkGoTestJSON checks that a run wrote one go test -json file into which
// holds the event.
func checkGoTestJSON(t *testing.T, res Result, event string) {
	t.Helper()
	if len(res.Files) != 1 {
		t.Fatalf("%d result files, want 1", len(res.Files))
	}
	data, err := os.ReadFile(res.Files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), event) {
		t.Errorf("%s has no event %s:\n%s", res.Files[0], event, data)
	}
}

func TestGoToolchainPrepareFailsOnVetFindings(t *testing.T) {
	tool := availableGoToolchain(t)
	dir := writeGoModule(t, "func TestX(t *testing.T) { t.Errorf(\"%d\", \"not a number\"); _ = os.Args }\n")
	err := tool.Prepare(context.Background(), dir, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "wrong type") {
		t.Errorf("prepare accepted code go vet rejects, or hid why: %v", err)
	}
}

func TestGoToolchainReportsACrashAsAResult(t *testing.T) {
	tool := availableGoToolchain(t)
	dir := writeGoModule(t, "func TestX(t *testing.T) {\n\t_ = os.Args\n\tt.Run(\"ok\", func(t *testing.T) {})\n\tt.Run(\"boom\", func(t *testing.T) { panic(\"boom\") })\n}\n")
	if err := tool.Prepare(context.Background(), dir, &strings.Builder{}); err != nil {
		t.Fatal(err)
	}
	res, err := tool.Run(context.Background(), dir, nil)
	if err != nil {
		t.Fatalf("a crash after tests ran is a result, got error %v", err)
	}
	if res.Failed == 0 || !strings.HasPrefix(res.Summary, "crashed") {
		t.Errorf("crash reported as %+v", res)
	}
}

func TestGoToolchainRunWithoutPrepareIsAnError(t *testing.T) {
	tool := availableGoToolchain(t)
	if _, err := tool.Run(context.Background(), t.TempDir(), nil); err == nil {
		t.Error("running a missing test binary was not an error")
	}
}
