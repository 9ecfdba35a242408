package verify

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// TestTestFilesOf checks how the test index becomes the files a run can
// be limited to: grouped by file under the index's directory, in path
// order, and why not when there is no index or a test has no file.
func TestTestFilesOf(t *testing.T) {
	index := func(tests string) []backend.File {
		return []backend.File{{Path: "test/" + backend.IndexFileName, Content: []byte(`{"tests": [` + tests + `]}`)}}
	}
	got := testFilesOf(index(`{"case": "b 1", "file": "b.ts"}, {"case": "a 1", "file": "a.ts"}, {"case": "b 2", "file": "b.ts"}`))
	if got.why != "" || len(got.files) != 2 || got.files[0].Path != "test/a.ts" || got.files[1].Path != "test/b.ts" ||
		len(got.files[1].Tests) != 2 {
		t.Errorf("testFilesOf = %+v; want test/a.ts (1 test) and test/b.ts (2)", got)
	}
	for _, c := range []struct {
		name  string
		files []backend.File
		why   string
	}{
		{"no index", nil, "no " + backend.IndexFileName},
		{"a test in no file", index(`{"case": "a 1"}`), "case a 1 has no file"},
		{"not JSON", index(`{`), "test/" + backend.IndexFileName},
	} {
		if got := testFilesOf(c.files); got.files != nil || !strings.Contains(got.why, c.why) {
			t.Errorf("%s: testFilesOf = %+v; want no files, why naming %q", c.name, got, c.why)
		}
	}
}
