package safefile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// fileCalls are the calls that open, list or create files by path, per
// import path: in bqgen's non-test code each must be safefile's own or an
// exception listed in allowedFileCalls, with the reason.
var fileCalls = map[string][]string{
	"os":            {"ReadFile", "Open", "OpenFile", "ReadDir", "OpenRoot", "OpenInRoot", "DirFS", "Create", "CreateTemp", "WriteFile"},
	"io/ioutil":     {"ReadFile", "ReadDir", "ReadAll", "WriteFile", "TempFile"},
	"io/fs":         {"ReadFile", "ReadDir", "WalkDir", "Glob"},
	"path/filepath": {"Walk", "WalkDir", "Glob"},
}

// allowedFileCalls are the file calls outside safefile, "file: pkg.Func"
// (the file a slash path from the repository root), with why each is not
// a read of a file bqgen does not control, or is one with its own checks.
var allowedFileCalls = map[string]string{
	"safefile/read.go: os.OpenRoot":  "the reader itself",
	"safefile/write.go: os.OpenRoot": "the writer itself",
	"writer/outdir.go: os.OpenRoot": "the out dir's confinement: every generated file and bqgen's state is read and written through this os.Root, through no link (linkOn); " +
		"the SDK's own files go through safefile (writer.ReadSDKFiles)",
	"config/load.go: os.OpenFile": "bqgen.yaml, the user's own config (found upward or named by --config): links to it are followed by design and it is obeyed only " +
		"when the user owns it (config/trust.go); opened without waiting, a regular file, at most config.MaxSize",
	"model/dirfs.go: os.Open": "a suite's directories, for fs.WalkDir, after the check that their real path stays inside the suite; " +
		"every suite file is read through safefile (guardedDir.readFile)",
	"model/files.go: fs.WalkDir":          "lists the suite's vendored directories by name; each file is read through safefile (readLimited)",
	"reportio/files.go: filepath.WalkDir": "lists --results-dir by name, following no link; each file found is read through safefile.Read",
	"internal/gitindex/gitindex.go: os.Open": "the enclosing repository's own .git file, config and index (git's files, not the checkout's), to see whether bqgen's transaction is tracked: " +
		"each a regular file, bounded, read once",
	"initdetect/write.go: os.OpenFile":     "init creates bqgen.yaml with O_CREATE|O_EXCL: it never replaces a file, nor writes through a link",
	"verify/dotnet.go: filepath.Glob":      "verify's own temporary work directory, which bqgen generated",
	"verify/files.go: os.ReadFile":         "copies resources and harnesses bqgen generated or built, in verify's own temporary work directories",
	"verify/files.go: os.WriteFile":        "copies resources and harnesses bqgen generated or built, into verify's own temporary work directories",
	"verify/node.go: os.ReadFile":          "reads the package.json and lockfile bqgen generated in verify's own temporary work directory: the key of the shared install",
	"verify/go.go: os.Create":              "verify's result file, in its own temporary work directory (read back through safefile)",
	"verify/resultfiles.go: filepath.Glob": "finds the result files a run wrote in verify's own temporary work directory; each is read through safefile",
	"verify/files.go: filepath.WalkDir":    "lists the sources bqgen generated in verify's own temporary work directory",
	"verify/files.go: os.CreateTemp":       "verify's result file, in its own temporary work directory (read back through safefile)",
	"verify/node.go: filepath.Glob":        "lists the test files bqgen generated in verify's own temporary work directory",
	"verify/node.go: os.WriteFile":         "writes verify's entry point into its own temporary work directory",
	"derive/write.go: os.ReadDir":          "lists the out dir the user named only to refuse one that is not empty; every file is written through safefile.Write",
	"conformance/version.go: fs.ReadFile":  "CONFORMANCE_VERSION of the suite embedded in the binary",
	"verify/harness.go: os.WriteFile":      "writes a warm runner's harness into verify's own temporary work directory",
	"verify/warm.go: os.ReadFile":          "a warm run's output file, in verify's own temporary work directory",
}

// Every call in bqgen's non-test code that opens, lists or creates a file
// by path is safefile's, or an exception with its reason: a new read of a
// runner config, a result, a history, an index, a scaffold or a manifest
// that bypasses safefile fails here. An exception no longer used fails too.
func TestEveryFileCallGoesThroughSafefile(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	found, err := scanFileCalls(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 10 {
		t.Fatalf("found %d file calls: the scan does not see the code", len(found))
	}
	used := map[string]bool{}
	for _, c := range found {
		key := c.file + ": " + c.call
		if _, ok := allowedFileCalls[key]; ok {
			used[key] = true
			continue
		}
		t.Errorf("%s:%d: %s: read and write files bqgen does not control through safefile (or add an exception with its reason to allowedFileCalls)", c.file, c.line, c.call)
	}
	for key := range allowedFileCalls {
		if !used[key] {
			t.Errorf("allowedFileCalls lists %s, which the code no longer calls: remove it", key)
		}
	}
}

// The scan finds a file call however the package is imported.
func TestScanFindsFileCalls(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\nimport (\n\tstdos \"os\"\n\t\"path/filepath\"\n)\n\nfunc f() {\n\tstdos.ReadFile(\"a\")\n\tfilepath.WalkDir(\".\", nil)\n\tstdos.Getenv(\"b\")\n}\n"
	if err := os.MkdirAll(filepath.Join(dir, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x", "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := scanFileCalls(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range found {
		got = append(got, c.file+":"+strconv.Itoa(c.line)+": "+c.call)
	}
	if want := "x/x.go:9: os.ReadFile x/x.go:10: filepath.WalkDir"; strings.Join(got, " ") != want {
		t.Fatalf("found %q, want %q", got, want)
	}
}

type fileCall struct {
	file string // slash path from the root
	line int
	call string // "os.ReadFile"
}

// scanFileCalls parses every non-test Go file of the module at root
// (skipping testdata, third_party, hidden directories, nested modules and
// internal/testkit: the test harnesses, which bqgen's layering test holds to
// being imported by tests alone)
// and returns its file calls in file and line order.
func scanFileCalls(root string) ([]fileCall, error) {
	var out []fileCall
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == "testdata" || name == "third_party" || strings.HasPrefix(name, ".") || hasGoMod(p) ||
				filepath.ToSlash(p) == filepath.ToSlash(filepath.Join(root, "internal", "testkit"))) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, callsIn(fset, f, filepath.ToSlash(rel))...)
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].file < out[j].file })
	return out, err
}

func hasGoMod(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// callsIn are the file calls of one parsed file.
func callsIn(fset *token.FileSet, f *ast.File, rel string) []fileCall {
	imported := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			name = imp.Name.Name
		}
		imported[name] = path
	}
	var out []fileCall
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		path, ok := imported[pkg.Name]
		if !ok {
			return true
		}
		for _, fn := range fileCalls[path] {
			if sel.Sel.Name == fn {
				out = append(out, fileCall{file: rel, line: fset.Position(call.Pos()).Line, call: path[strings.LastIndex(path, "/")+1:] + "." + fn})
			}
		}
		return true
	})
	return out
}
