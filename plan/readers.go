package plan

import (
	"bytes"
	"path"

	"github.com/babelqueue/bqgen/safefile"
)

// The budget of the search for the SDK's files that read its vendored
// suite: it walks the SDK's checkout, which is input like any other, so
// its depth, the files it opens and the bytes it reads are bounded; past
// the budget it stops, with what it found.
const (
	readersMaxDepth = 8
	readersMaxFiles = 4000
	readersMaxFound = 20
)

// skippedDirs are directories of dependencies, builds and tools: no
// hand-written test reads the suite from there.
var skippedDirs = map[string]bool{
	".git": true, ".bqgen": true, "node_modules": true, "vendor": true, "target": true, "bin": true, "obj": true,
	"dist": true, "build": true, "__pycache__": true, ".venv": true, "venv": true, ".tox": true, ".gradle": true, ".idea": true,
}

// sourceExts are the files a test or its configuration lives in.
var sourceExts = map[string]bool{
	".py": true, ".ts": true, ".js": true, ".mjs": true, ".cjs": true, ".go": true, ".java": true, ".kt": true,
	".php": true, ".cs": true, ".csproj": true, ".props": true, ".xml": true, ".sh": true, ".toml": true,
	".ini": true, ".cfg": true, ".yml": true, ".yaml": true,
}

// suiteReaders are the SDK's own files in g's out dir (not bqgen's, not
// the vendored copy) that name the vendored suite's directory dir: its
// slash path, or its last element as a quoted string or a path segment
// ("conformance" in Path(__file__).parent / "conformance", or a class path
// resource "/conformance/manifest.json"). Sorted, at most readersMaxFound.
func suiteReaders(g Generated, dir string) []string {
	ours := map[string]bool{}
	for _, f := range g.Files {
		ours[f.Path] = true
	}
	base := path.Base(dir)
	needles := [][]byte{[]byte(dir), []byte(`"` + base + `"`), []byte(`'` + base + `'`), []byte("/" + base + "/"), []byte(base + "/manifest.json")}
	w := readerWalk{root: g.Out, skip: dir, ours: ours, needles: needles}
	w.walk(".", 0)
	return w.found
}

type readerWalk struct {
	root, skip string
	ours       map[string]bool
	needles    [][]byte
	opened     int
	found      []string
}

func (w *readerWalk) walk(rel string, depth int) {
	if depth > readersMaxDepth || w.done() {
		return
	}
	entries, err := safefile.ReadDir(w.root, rel)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := path.Join(rel, e.Name())
		switch {
		case w.done():
			return
		case e.Type().IsDir():
			if !skippedDirs[e.Name()] && p != w.skip {
				w.walk(p, depth+1)
			}
		case e.Type().IsRegular() && sourceExts[path.Ext(e.Name())] && !w.ours[p] && e.Name() != "bqgen.yaml":
			w.read(p)
		}
	}
}

func (w *readerWalk) read(p string) {
	w.opened++
	data, err := safefile.ReadIn(w.root, p, safefile.Scaffold)
	if err != nil {
		return
	}
	for _, n := range w.needles {
		if bytes.Contains(data, n) {
			w.found = append(w.found, p)
			return
		}
	}
}

func (w *readerWalk) done() bool {
	return w.opened >= readersMaxFiles || len(w.found) >= readersMaxFound
}
