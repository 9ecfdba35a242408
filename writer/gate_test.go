package writer

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// diskChanges are the methods (of os, *os.Root, *os.File) that change the
// disk: in the writer's non-test code only gate.go calls them.
var diskChanges = map[string]bool{
	"Rename": true, "Remove": true, "RemoveAll": true, "WriteFile": true, "OpenFile": true, "Create": true,
	"CreateTemp": true, "Mkdir": true, "MkdirAll": true, "MkdirTemp": true, "Link": true, "Symlink": true,
	"Chmod": true, "Chtimes": true, "Chown": true, "Lchown": true, "Truncate": true, "WriteAt": true,
}

// Every change the writer makes on disk is one of gate.go's functions,
// which ask the gate first: a new os.Root call elsewhere fails here.
func TestOnlyTheGateWrites(t *testing.T) {
	found, err := diskChangesIn(".", "gate.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: change the disk through the write gate (gate.go), never directly", f)
	}
	inGate, err := diskChangesIn(".", "")
	if err != nil || len(inGate) < 10 {
		t.Fatalf("the scan found %d changes in the package (%v): it does not see the code", len(inGate), err)
	}
}

// The scan finds a disk change however it is reached.
func TestScanFindsDiskChanges(t *testing.T) {
	dir := t.TempDir()
	src := "package x\n\nfunc f(d *outDir, r *os.Root) {\n\td.root.Rename(\"a\", \"b\")\n\tremove := r.RemoveAll\n\tremove(\"x\")\n\tstrings.ToLower(\"a\")\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := diskChangesIn(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := "x.go:4: Rename x.go:5: RemoveAll"; strings.Join(found, " ") != want {
		t.Errorf("found %q, want %q", found, want)
	}
}

// diskChangesIn lists "file:line: Method" for every selector naming a
// disk-changing method in the non-test Go files of dir, but skip.
func diskChangesIn(dir, skip string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var found []string
	fset := token.NewFileSet()
	for _, name := range names {
		base := filepath.Base(name)
		if strings.HasSuffix(base, "_test.go") || base == skip {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && diskChanges[sel.Sel.Name] {
				found = append(found, fmt.Sprintf("%s:%d: %s", base, fset.Position(sel.Pos()).Line, sel.Sel.Name))
			}
			return true
		})
	}
	sort.Strings(found)
	return found, nil
}

// gateDir is an out dir holding a .git, a file and a link leading out,
// whose gate owns a_test.go, tests/a_test.go and, as no plan ever could,
// paths in .git: the gate refuses those all the same.
func gateDir(t *testing.T) (*outDir, string) {
	t.Helper()
	root, outside := hostileCheckout(t)
	put(t, root, ".git/HEAD", "ref: refs/heads/main\n")
	put(t, root, "README.md", "# the SDK\n")
	put(t, root, "a_test.go", "a\n")
	put(t, root, ".bqgen/tx/old-0000", "old\n")
	symlink(t, outside, filepath.Join(root, "linked"))
	d, err := openOutDir(root)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.close)
	d.own("a_test.go", "tests/a_test.go", ".git/HEAD", ".git/hooks/pre-commit", "x/.GIT/config", "GIT~1/x", ".git./x", "linked/victim.txt")
	return d, root
}

// The gate admits bqgen's state, what the run owns, and the directories
// above it; nothing in a version control system's directory, whoever owns
// it; nothing else; and nothing through a link.
func TestGateAdmits(t *testing.T) {
	t.Parallel()
	d, _ := gateDir(t)
	for _, c := range []struct {
		change change
		path   string
		want   string // what the refusal says, "" when admitted
	}{
		{writeFile, "a_test.go", ""},
		{removeFile, "tests/a_test.go", ""},
		{makeDir, "tests", ""},
		{removeDir, "tests", ""},
		{writeFile, ".bqgen/tx/new-0001", ""},
		{writeFile, ".bqgen/tx/journal.part", ""},
		{removeFile, ".bqgen/lock", ""},
		{writeFile, ".bqgen/go.files", ""},
		{writeFile, ".bqgen/.gitignore", ""},
		{makeDir, ".bqgen/tx", ""},
		{removeFile, "tests/.bqgen-new-123", ""},
		{writeFile, ".git/HEAD", "version control"},
		{writeFile, ".git/hooks/pre-commit", "version control"},
		{removeFile, "x/.GIT/config", "version control"},
		{makeDir, "GIT~1", "version control"},
		{writeFile, ".git./x", "version control"},
		{removeDir, ".git", "version control"},
		{writeFile, "b_test.go", "neither bqgen's state nor"},
		{removeFile, "README.md", "neither bqgen's state nor"},
		{writeFile, ".bqgen/tx/evil", "neither bqgen's state nor"},
		{writeFile, ".bqgen/other", "neither bqgen's state nor"},
		{removeFile, "other/.bqgen-new-1", "neither bqgen's state nor"},
		{removeDir, ".", "neither bqgen's state nor"},
		{makeDir, "other", "neither bqgen's state nor"},
		{writeFile, "linked/victim.txt", "linked is a symbolic link"},
	} {
		err := d.admit(c.change, c.path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s %s: refused: %v", c.change, c.path, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s %s: %v, want a refusal saying %q", c.change, c.path, err, c.want)
		}
	}
}

// Every change of gate.go asks the gate: each refused one leaves the disk
// as it was.
func TestEveryGateChangeAsks(t *testing.T) {
	t.Parallel()
	d, root := gateDir(t)
	before := snapshot(t, filepath.Join(root, ".git"))
	entries := func() string {
		names, _ := filepath.Glob(filepath.Join(root, "*"))
		more, _ := filepath.Glob(filepath.Join(root, ".bqgen", "tx", "*"))
		return strings.Join(append(names, more...), " ")
	}
	was := entries()
	for name, change := range map[string]func() error{
		"writeNew":  func() error { return d.writeNew(".git/hooks/pre-commit", []byte("x")) },
		"writeNew2": func() error { return d.writeNew("README.md.new", []byte("x")) },
		"copyNew":   func() error { return d.copyNew("README.md", ".git/hooks/pre-commit") },
		"link from": func() error { return d.link("README.md", ".bqgen/tx/old-0001") },
		"link to":   func() error { return d.link("a_test.go", ".git/x") },
		"rename to": func() error { return d.rename(".bqgen/tx/old-0000", ".git/hooks/pre-commit") },
		"rename":    func() error { return d.rename("README.md", ".bqgen/tx/removed-0000") },
		"remove":    func() error { return d.remove(".git/HEAD") },
		"mkdir":     func() error { return d.mkdir(".git/hooks") },
		"rmdir":     func() error { return d.rmdir(".git") },
	} {
		if err := change(); err == nil || !strings.Contains(err.Error(), "bqgen refuses to") {
			t.Errorf("%s: %v, want the gate's refusal", name, err)
		}
	}
	gitUnchanged(t, root, before)
	if now := entries(); now != was {
		t.Errorf("a refused change changed the out dir: %s, was %s", now, was)
	}
}
