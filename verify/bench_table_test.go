package verify_test

import (
	"os/exec"
	"strings"
	"testing"
)

// scripts/verify-bench.sh --table makes docs/development.md's table from
// BenchmarkVerify's output: one row per result line, the runs named from the
// warm-runner, selected-files, mutant-runs and mutants metrics, the seconds from ns/op and cpu-s/op.
func TestVerifyBenchTable(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash here:", err)
	}
	cmd := exec.Command(bash, "../scripts/verify-bench.sh", "--table")
	cmd.Stdin = strings.NewReader(`goos: linux
BenchmarkVerify/node/default-2         	       1	42052109069 ns/op	        78.04 cpu-s/op	         0 warm-runner
BenchmarkVerify/java/default-2         	       1	25135062857 ns/op	        47.05 cpu-s/op	        44.00 mutant-runs	       149.0 mutants	         1.000 selected-files	         1.000 warm-runner
BenchmarkVerify/java/every-test-2      	       1	35135062857 ns/op	        57.05 cpu-s/op
BenchmarkVerify/java/process-per-run-2 	       1	95135062857 ns/op	       147.1 cpu-s/op
BenchmarkVerify/go/default-2 1 10390520087 ns/op
PASS
`)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("verify-bench.sh --table: %v", err)
	}
	want := `| language | runs | wall | CPU (runners, oracle, verify) |
|---|---|---|---|
| node | a process per run | 42.1 s | 78.0 s |
| java | warm, the files each mutant changes, 44 runs for 149 mutants | 25.1 s | 47.0 s |
| java | every-test | 35.1 s | 57.0 s |
| java | a process per run (asked for) | 95.1 s | 147.1 s |
| go | default | 10.4 s | not measured here |
`
	if string(out) != want {
		t.Errorf("table:\n%s\nwant:\n%s", out, want)
	}
	empty := exec.Command(bash, "../scripts/verify-bench.sh", "--table")
	empty.Stdin = strings.NewReader("PASS\n")
	if err := empty.Run(); err == nil {
		t.Error("verify-bench.sh --table made a table of output with no result in it")
	}
}
