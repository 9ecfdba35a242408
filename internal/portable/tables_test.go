package portable

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// The generated tables are what the generator writes from python3's
// unicodedata, and nfd agrees with unicodedata.normalize("NFD") on every
// code point that decomposes or combines. Only where python3 knows the
// tables' Unicode version: another version's tables differ by design.
func TestTablesAreTheGenerators(t *testing.T) {
	tier.Toolchain(t, "python3")
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	samples := runScript(t, python, "--check")
	lines := strings.Split(strings.TrimSpace(samples), "\n")
	if version := strings.TrimPrefix(lines[0], "version\t"); version != unicodeVersion {
		t.Skipf("python3 has Unicode %s, the tables %s", version, unicodeVersion)
	}
	want, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if got := runScript(t, python); got != string(want) {
		t.Error("tables.go is not what scripts/portable-tables.py writes: run go generate ./internal/portable/")
	}
	for _, line := range lines[1:] {
		in, out, _ := strings.Cut(line, "\t")
		if got := hexString(nfd(string(hexRunes(strings.Fields(in))))); got != out {
			t.Errorf("nfd(%s) = %s, unicodedata says %s", in, got, out)
		}
	}
}

func runScript(t *testing.T, python string, args ...string) string {
	t.Helper()
	out, err := exec.Command(python, append([]string{"../../scripts/portable-tables.py"}, args...)...).Output()
	if err != nil {
		t.Fatalf("portable-tables.py %v: %v", args, err)
	}
	return string(out)
}

func hexString(rs []rune) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("%X", r)
	}
	return strings.Join(parts, " ")
}
