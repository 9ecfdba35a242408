package model

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// sharedBlobSuite writes a suite whose fixtures/ holds names copies of one
// file of size bytes, and whose manifest names the last of them: one blob
// in git under many names, as a checkout holds it.
func sharedBlobSuite(t *testing.T, names, size int) string {
	dir := t.TempDir()
	blob := []byte(`{"pad":"` + strings.Repeat("x", size-10) + `"}`)
	if err := os.MkdirAll(filepath.Join(dir, "fixtures"), 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range names {
		if err := os.WriteFile(filepath.Join(dir, "fixtures", fmt.Sprintf("f%03d.json", i)), blob, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	last := fmt.Sprintf("fixtures/f%03d.json", names-1)
	manifest := `{"schema_version":1,"cases":[{"name":"last","file":"` + last + `","valid":true}]}`
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// One file committed under 200 names is 200 files on checkout: the suite's
// total counts each name in full and refuses the file that would pass it
// before reading it, so what the suite takes in memory stops at the total
// (measured with a total of 1 MiB, not the real 32 MiB: the bytes Load
// allocates are a few times the total, where reading every name would be
// dozens of times it).
func TestLoadRefusesTheFileThatPassesTheSuiteTotal(t *testing.T) {
	const names, size, limit = 200, 128 << 10, 1 << 20
	defer func(old int64) { suiteTotalLimit = old }(suiteTotalLimit)
	suiteTotalLimit = limit
	fsys, err := DirFS(sharedBlobSuite(t, names, size))
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, problems := Load(fsys)
	runtime.ReadMemStats(&after)

	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 8*limit {
		t.Errorf("Load allocated %d MiB for a suite past a total of 1 MiB: the files after the total were read", allocated>>20)
	}
	// The manifest is read first; the 8th fixture would pass 1 MiB.
	crossing := "fixtures/f007.json"
	var totals []string
	for _, p := range problems.Errors() {
		if strings.Contains(p.Message, "the limit for a whole suite") {
			totals = append(totals, p.String())
		}
	}
	if len(totals) != 2 {
		t.Fatalf("want the file that crosses the total refused, and the case naming a later one told why; got:\n%s", strings.Join(totals, "\n"))
	}
	if !strings.HasPrefix(totals[0], crossing+": refused: its 131072 bytes take the suite's files to") ||
		!strings.Contains(totals[0], "past 1 MiB, the limit for a whole suite") {
		t.Errorf("want the file that crosses the total refused, named with the limit; got %s", totals[0])
	}
	if want := `not read: the suite's files reached 1 MiB, the limit for a whole suite, at "` + crossing + `"`; !strings.Contains(totals[1], want) || !strings.HasPrefix(totals[1], ManifestFile) {
		t.Errorf("the case naming a file past the total: %s\nwant it to say %s", totals[1], want)
	}
}

// A suite at the total is read whole: the limit refuses only what passes it.
func TestLoadReadsASuiteAtTheTotal(t *testing.T) {
	dir := sharedBlobSuite(t, 4, 1000)
	manifest, err := os.Stat(filepath.Join(dir, ManifestFile))
	if err != nil {
		t.Fatal(err)
	}
	defer func(old int64) { suiteTotalLimit = old }(suiteTotalLimit)
	suiteTotalLimit = 4*1000 + manifest.Size()
	fsys, err := DirFS(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, problems := Load(fsys)
	for _, p := range problems.Errors() {
		if strings.Contains(p.Message, "whole suite") {
			t.Errorf("a suite at its total: %s", p)
		}
	}
	if len(s.Files) != 5 {
		t.Errorf("read %d files, want the manifest and 4 fixtures", len(s.Files))
	}
}
