package conformance

import (
	"encoding/json"
	"io/fs"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func TestEmbeddedTopLevelFiles(t *testing.T) {
	for _, name := range []string{
		"manifest.json",
		"CONFORMANCE_VERSION",
		"schema/message-envelope.schema.json",
	} {
		info, err := fs.Stat(FS, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if info.IsDir() || info.Size() == 0 {
			t.Errorf("%s: want a non-empty file", name)
		}
	}
}

var semver = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$`)

func TestConformanceVersion(t *testing.T) {
	b, err := fs.ReadFile(FS, "CONFORMANCE_VERSION")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasSuffix(s, "\n") {
		t.Errorf("CONFORMANCE_VERSION %q: want a trailing newline", s)
	}
	if v := strings.TrimSpace(s); !semver.MatchString(v) {
		t.Errorf("CONFORMANCE_VERSION %q is not SemVer", v)
	}
}

// TestReferencedFilesExist walks manifest.json generically and checks that
// every "file" and "envelope_file" value names a file in FS.
func TestReferencedFilesExist(t *testing.T) {
	b, err := fs.ReadFile(FS, "manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	if m, ok := doc.(map[string]any); !ok || m["schema_version"] != float64(1) {
		t.Fatalf("manifest.json: want an object with schema_version 1")
	}

	refs := map[string][]string{} // file -> JSON paths referencing it
	walk(doc, "", func(path, key string, v any) {
		if key != "file" && key != "envelope_file" {
			return
		}
		s, ok := v.(string)
		if !ok || s == "" {
			t.Errorf("%s: want a non-empty string, got %#v", path, v)
			return
		}
		refs[s] = append(refs[s], path)
	})
	if len(refs) == 0 {
		t.Fatal("manifest.json references no files")
	}

	files := make([]string, 0, len(refs))
	for f := range refs {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		info, err := fs.Stat(FS, f)
		if err != nil {
			t.Errorf("%s (referenced at %s): %v", f, strings.Join(refs[f], ", "), err)
			continue
		}
		if info.IsDir() {
			t.Errorf("%s (referenced at %s): is a directory", f, strings.Join(refs[f], ", "))
		}
	}
}

// TestFixturesAreJSON checks every embedded fixture parses as JSON.
func TestFixturesAreJSON(t *testing.T) {
	entries, err := fs.ReadDir(FS, "fixtures")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no fixtures embedded")
	}
	for _, e := range entries {
		name := "fixtures/" + e.Name()
		b, err := fs.ReadFile(FS, name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !json.Valid(b) {
			t.Errorf("%s: not valid JSON", name)
		}
	}
}

// walk calls fn for every key of every object in v, depth first.
func walk(v any, path string, fn func(path, key string, v any)) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := path + "/" + k
			fn(p, k, x[k])
			walk(x[k], p, fn)
		}
	case []any:
		for i, e := range x {
			walk(e, path+"/"+strconv.Itoa(i), fn)
		}
	}
}
