package reportio

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/portable"
	"github.com/babelqueue/bqgen/report"
)

// A badge named after a Windows device (con.svg, nul.svg, com1.svg) is the
// console there, never a file: its name gets a "_".
func TestBadgeNamesAreNoWindowsDevices(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ repo, target, want string }{
		{"con", "", "con_.svg"},
		{"NUL", "", "nul_.svg"},
		{"com1", "-", "com1_.svg"},
		{"Con ", ".", "con_.svg"},
		{"aux.x", "", "aux_.x.svg"},
		{"sdk", "go core", "sdk-go-core.svg"},
		{"console", "", "console.svg"},
	} {
		got := badgeFileName(report.SDK{Repository: c.repo, Target: c.target})
		if got != c.want || portable.Problem(got) != "" {
			t.Errorf("badge of %q %q: %q (%s), want %q", c.repo, c.target, got, portable.Problem(got), c.want)
		}
	}
}

// The result files of one report are bounded together, not only each: the
// file with which they pass the total is refused, named, before it is
// parsed or held.
func TestResultFilesHaveATotal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	run := `{"Action":"pass","Package":"p","Test":"TestA"}` + "\n"
	var files []resultFile
	for i := range 4 {
		p := filepath.Join(dir, fmt.Sprintf("r%d.json", i))
		if err := os.WriteFile(p, []byte(run), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, resultFile{path: p})
	}
	limit := int64(3 * len(run))
	if _, err := readResultsWithin(files[:3], io.Discard, limit); err != nil {
		t.Fatalf("three files at the total: %v", err)
	}
	_, err := readResultsWithin(files, io.Discard, limit)
	if err == nil || !strings.Contains(err.Error(), "r3.json") || !strings.Contains(err.Error(), "result files together") {
		t.Fatalf("want r3.json refused at the total, got %v", err)
	}
}
