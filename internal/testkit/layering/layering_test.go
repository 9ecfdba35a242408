package layering

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/babelqueue/bqgen"

// testsOnly is the layer of the test harnesses: imported by tests alone.
const testsOnly = -1

// layerRow is a row of the layers table: "| 3 | `protocol` | …".
var layerRow = regexp.MustCompile("^\\| (\\d+|tests) \\| (.+?) \\|")

// layersOf reads docs/development.md's layers table: each package's layer,
// by its path in the module ("internal/testkit/..." covers the tree).
func layersOf(t *testing.T, doc []byte) map[string]int {
	t.Helper()
	layers := map[string]int{}
	scanner := bufio.NewScanner(bytes.NewReader(doc))
	for scanner.Scan() {
		m := layerRow.FindStringSubmatch(scanner.Text())
		if m == nil {
			continue
		}
		layer := testsOnly
		if m[1] != "tests" {
			layer, _ = strconv.Atoi(m[1])
		}
		for _, field := range strings.Fields(m[2]) {
			layers[strings.Trim(field, "`")] = layer
		}
	}
	if len(layers) == 0 {
		t.Fatal("docs/development.md has no layers table")
	}
	return layers
}

// layerOf is pkg's layer (pkg a path in the module), and whether the table has it.
func layerOf(layers map[string]int, pkg string) (int, bool) {
	if l, ok := layers[pkg]; ok {
		return l, true
	}
	for prefix, l := range layers {
		if tree, ok := strings.CutSuffix(prefix, "/..."); ok && strings.HasPrefix(pkg, tree+"/") {
			return l, true
		}
	}
	return 0, false
}

// goPackage is one package as go list reports it: its path in the module
// and its non-test code's imports of the module's packages (its tests may
// import any layer, as an external test package does).
type goPackage struct {
	path    string
	imports []string
}

func listPackages(t *testing.T, root string) []goPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \",\"}}", "./...")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []goPackage
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		parts := strings.Split(line, "|")
		pkgs = append(pkgs, goPackage{path: inModule(parts[0]), imports: ownImports(parts[1])})
	}
	return pkgs
}

// inModule is p's path in the module ("" for the module's root).
func inModule(p string) string {
	return strings.TrimPrefix(strings.TrimPrefix(p, module), "/")
}

// ownImports are the module's own packages in a comma-separated list.
func ownImports(list string) []string {
	var out []string
	for _, p := range strings.Split(list, ",") {
		if p == module || strings.HasPrefix(p, module+"/") {
			out = append(out, inModule(p))
		}
	}
	return out
}

// Every package of the module has a layer in docs/development.md; its non-test
// code imports only packages of lower layers; the test harnesses are imported
// by tests alone.
func TestImportsGoDownTheLayers(t *testing.T) {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	layers := layersOf(t, doc)
	for _, violation := range violations(layers, listPackages(t, root)) {
		t.Error(violation)
	}
}

// violations lists every package without a layer and every import that does
// not go down the layers.
func violations(layers map[string]int, pkgs []goPackage) []string {
	var out []string
	for _, p := range pkgs {
		from, ok := layerOf(layers, p.path)
		if !ok {
			out = append(out, fmt.Sprintf("%s has no layer: add it to the table in docs/development.md", p.path))
			continue
		}
		for _, imp := range p.imports {
			to, ok := layerOf(layers, imp)
			switch {
			case !ok:
				continue // reported as a package of its own
			case to == testsOnly && from != testsOnly:
				out = append(out, fmt.Sprintf("%s imports %s, a test harness: only tests may", p.path, imp))
			case from != testsOnly && to >= from:
				out = append(out, fmt.Sprintf("%s (layer %d) imports %s (layer %d): imports go down the layers", p.path, from, imp, to))
			}
		}
	}
	return out
}

// The check itself: an import up, one across a layer, a harness imported by
// code, and a package the table does not place are each reported; a test's
// import is not listed at all.
func TestViolationsAreFound(t *testing.T) {
	layers := layersOf(t, []byte("| 0 | `low` | x |\n| 1 | `mid` `peer` | x |\n| tests | `kit/...` | x |\n"))
	pkgs := []goPackage{
		{path: "low", imports: []string{"mid"}},
		{path: "mid", imports: []string{"peer", "low"}},
		{path: "peer", imports: []string{"kit/a"}},
		{path: "kit/a", imports: []string{"mid"}},
		{path: "stray"},
	}
	got := strings.Join(violations(layers, pkgs), "\n")
	want := strings.Join([]string{
		"low (layer 0) imports mid (layer 1): imports go down the layers",
		"mid (layer 1) imports peer (layer 1): imports go down the layers",
		"peer imports kit/a, a test harness: only tests may",
		"stray has no layer: add it to the table in docs/development.md",
	}, "\n")
	if got != want {
		t.Errorf("violations:\n%s\nwant:\n%s", got, want)
	}
}
