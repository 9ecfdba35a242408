package php

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

var bindings = map[string]backend.Binding{"sdk": backend.BindSDK, "oracle": backend.BindOracle}

func TestGenerateIsDeterministic(t *testing.T) {
	t.Parallel()
	for name, binding := range bindings {
		first := generate(t, canonicalSuite(t), backend.Options{Binding: binding})
		second := generate(t, canonicalSuite(t), backend.Options{Binding: binding})
		if len(first) != len(second) {
			t.Fatalf("%s: %d files, then %d", name, len(first), len(second))
		}
		for i := range first {
			if first[i].Path != second[i].Path || first[i].Kind != second[i].Kind || !bytes.Equal(first[i].Content, second[i].Content) {
				t.Errorf("%s: %s differs between two runs", name, first[i].Path)
			}
		}
	}
}

func TestGeneratedFilesCarryMarkerAndVersion(t *testing.T) {
	t.Parallel()
	type suiteVersion struct {
		suite   *model.Suite
		version string
	}
	suites := []suiteVersion{{canonicalSuite(t), "CONFORMANCE_VERSION " + suitetest.CanonicalVersion + "."}, {upstreamLikeSuite(t), "CONFORMANCE_VERSION unversioned."}}
	if upstream := suitetest.UpstreamIfPresent(t); upstream != nil {
		suites = append(suites, suiteVersion{upstream, "CONFORMANCE_VERSION unversioned."})
	}
	for _, c := range suites {
		for name, binding := range bindings {
			for _, f := range generate(t, c.suite, backend.Options{Binding: binding}) {
				if f.Kind != backend.Generated || isIndex(f) {
					continue // the index is JSON, without a header
				}
				head := f.Content[:min(512, len(f.Content))] // where the writer looks for the marker
				if !bytes.Contains(head, []byte("@generated")) || !bytes.Contains(head, []byte(c.version)) {
					t.Errorf("%s: %s lacks the marker or %q in its header", name, f.Path, c.version)
				}
			}
		}
	}
}

func TestLayout(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	common := []string{
		"tests/ConformanceGenerated/Support/ConformanceTestCase.php", "tests/ConformanceGenerated/Support/Expect.php",
		"tests/ConformanceGenerated/Support/Json.php", "tests/ConformanceGenerated/Support/NotProvided.php",
		"tests/ConformanceGenerated/Support/SkippingSubject.php", "tests/ConformanceGenerated/Support/Subject.php",
		"tests/ConformanceGenerated/Support/SubjectDefaults.php", "tests/ConformanceGenerated/" + backend.IndexFileName,
	}
	for _, block := range s.Blocks() {
		common = append(common, "tests/ConformanceGenerated/"+className(block)+".php")
	}
	want := map[backend.Binding][]string{
		backend.BindSDK: append([]string{"tests/ConformanceGenerated/SdkSubject.php"}, common...),
		backend.BindOracle: append([]string{"phpunit.xml.dist", "tests/ConformanceGenerated/bootstrap.php",
			"tests/ConformanceGenerated/Support/OracleProcess.php", "tests/ConformanceGenerated/Support/OracleSubject.php"}, common...),
	}
	for binding, paths := range want {
		files := generate(t, s, backend.Options{Binding: binding})
		var got, vendored []string
		for _, f := range files {
			if f.Kind == backend.Vendored {
				vendored = append(vendored, f.Path)
			} else {
				got = append(got, f.Path)
			}
			checkKind(t, f)
		}
		sort.Strings(got)
		sort.Strings(paths)
		if strings.Join(got, "\n") != strings.Join(paths, "\n") {
			t.Errorf("binding %d: files\n%s\nwant\n%s", binding, strings.Join(got, "\n"), strings.Join(paths, "\n"))
		}
		if len(vendored) != len(s.Files) || vendored[0] != "tests/conformance/"+s.Files[0].Path {
			t.Errorf("binding %d: vendored %v, want the %d suite files under tests/conformance/", binding, vendored, len(s.Files))
		}
	}
}

// checkKind checks that only the SDK subject is a scaffold, that nothing but
// the suite lands in the vendored directory, and that no path collides with
// the vendored directory on a case-insensitive disk.
func checkKind(t *testing.T, f backend.File) {
	t.Helper()
	inSuite := strings.HasPrefix(strings.ToLower(f.Path), "tests/conformance/")
	if inSuite != (f.Kind == backend.Vendored) {
		t.Errorf("%s (%s) is in the wrong place", f.Path, f.Kind)
	}
	if (f.Kind == backend.Scaffold) != strings.HasSuffix(f.Path, "/SdkSubject.php") {
		t.Errorf("%s has kind %s", f.Path, f.Kind)
	}
}

func TestAbsentBlocksProduceNoFile(t *testing.T) {
	t.Parallel()
	s := upstreamLikeSuite(t)
	for _, f := range generate(t, s, backend.Options{Binding: backend.BindOracle}) {
		for _, block := range []string{model.BlockRoundtrip, model.BlockDataShape, model.BlockForbiddenKeys, model.BlockPayloadSchemaUnicode} {
			if strings.HasSuffix(f.Path, "/"+className(block)+".php") {
				t.Errorf("%s generated for a suite without %s", f.Path, block)
			}
		}
	}
}

// testMethod matches a generated test method declaration.
var testMethodDecl = regexp.MustCompile(`(?m)^    public function (test\w+)\(\): void$`)

func TestOneTestMethodPerCase(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	want := map[string]int{}
	for _, id := range s.CaseIDs() {
		want[id.Block]++
	}
	files := map[string][]byte{}
	for _, f := range generate(t, s, backend.Options{Binding: backend.BindOracle}) {
		files[f.Path] = f.Content
	}
	for block, n := range want {
		content := files["tests/ConformanceGenerated/"+className(block)+".php"]
		if got := len(testMethodDecl.FindAllSubmatch(content, -1)); got != n {
			t.Errorf("%s: %d test methods, want %d", block, got, n)
		}
	}
}

func TestNamespaceIsApplied(t *testing.T) {
	t.Parallel()
	files := generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindOracle, Package: `Acme\Conformance`})
	for _, f := range files {
		if f.Kind != backend.Generated || !strings.HasSuffix(f.Path, ".php") {
			continue
		}
		if strings.Contains(string(f.Content), DefaultNamespace) {
			t.Errorf("%s still names the default namespace", f.Path)
		}
		if f.Path != "tests/ConformanceGenerated/bootstrap.php" && !strings.Contains(string(f.Content), "\nnamespace Acme\\Conformance") {
			t.Errorf("%s does not declare the namespace", f.Path)
		}
	}
	if _, err := New().Generate(canonicalSuite(t), backend.Options{Package: "Acme;echo"}); err == nil {
		t.Error("an invalid namespace was accepted")
	}
}

// TestGeneratedPHPLints runs php -l on every generated file, for both
// bindings and both suite shapes, with a custom namespace too.
func TestGeneratedPHPLints(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	for _, s := range []*model.Suite{canonicalSuite(t), upstreamLikeSuite(t)} {
		for _, opt := range []backend.Options{{Binding: backend.BindSDK}, {Binding: backend.BindOracle, Package: `Acme\Conformance`}} {
			lintAll(t, writeFiles(t, generate(t, s, opt)))
		}
	}
}

// lintAll lints every .php file under dir, as php -l does.
func lintAll(t *testing.T, dir string) {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".php") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if out, ok := lint(t, files); !ok {
		t.Errorf("lint of %d files under %s:\n%s", len(files), dir, out)
	}
}

// lintScript compiles each file named on its command line without running
// it, as php -l does, in one PHP process: a php -l per file cost 50 ms of
// start-up each, for hundreds of files. A syntax error is reported and the
// next file linted; an error the compiler makes fatal ("Cannot redeclare")
// ends the process, naming the file.
const lintScript = `<?php
$failed = 0;
foreach (array_slice($argv, 1) as $file) {
    try {
        if (!opcache_compile_file($file)) {
            echo "$file: not compiled\n";
            $failed++;
        }
    } catch (ParseError $e) {
        echo "$file:{$e->getLine()}: {$e->getMessage()}\n";
        $failed++;
    }
}
echo "linted " . (count($argv) - 1) . " files, $failed failed\n";
exit($failed > 0 ? 1 : 0);
`

// lint lints files and returns what it printed and whether every file
// compiled. Without OPcache (whose opcache_compile_file compiles without
// running) it runs php -l per file.
func lint(t *testing.T, files []string) (string, bool) {
	t.Helper()
	requirePHP(t)
	if err := exec.Command("php", "-d", "opcache.enable_cli=1", "-r", "exit(function_exists('opcache_compile_file') ? 0 : 1);").Run(); err != nil {
		var out strings.Builder
		ok := true
		for _, f := range files {
			if o, err := exec.Command("php", "-l", f).CombinedOutput(); err != nil {
				fmt.Fprintf(&out, "php -l %s: %v\n%s", f, err, o)
				ok = false
			}
		}
		return out.String(), ok
	}
	script := filepath.Join(t.TempDir(), "lint.php")
	if err := os.WriteFile(script, []byte(lintScript), 0o644); err != nil {
		t.Fatal(err)
	}
	// The cache in memory only, and no timestamps to check: each file is
	// compiled once.
	args := append([]string{"-d", "opcache.enable_cli=1", "-d", "opcache.file_cache=", "-d", "display_errors=stderr", script}, files...)
	out, err := exec.Command("php", args...).CombinedOutput()
	want := fmt.Sprintf("linted %d files, 0 failed\n", len(files))
	return string(out), err == nil && strings.HasSuffix(string(out), want)
}

// The lint finds a syntax error and an error the compiler makes fatal, and
// names the file.
func TestLintFindsBrokenFiles(t *testing.T) {
	requirePHP(t)
	dir := t.TempDir()
	for name, src := range map[string]string{
		"Good.php":      "<?php\nfunction good(): int { return 1; }\n",
		"Syntax.php":    "<?php\nfunction f( { }\n",
		"Redeclare.php": "<?php\nclass A { function f() {} function f() {} }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ file, says string }{{"Syntax.php", "syntax error"}, {"Redeclare.php", "Cannot redeclare"}} {
		out, ok := lint(t, []string{filepath.Join(dir, "Good.php"), filepath.Join(dir, c.file)})
		if ok || !strings.Contains(out, c.file) || !strings.Contains(out, c.says) {
			t.Errorf("%s: lint ok %v, printed:\n%s", c.file, ok, out)
		}
	}
	if out, ok := lint(t, []string{filepath.Join(dir, "Good.php")}); !ok {
		t.Errorf("Good.php: lint failed:\n%s", out)
	}
}

// TestScaffoldImplementsSubject loads the scaffold with the interface and
// the defaults: PHP checks at class declaration that every method it
// overrides is compatible with SubjectDefaults' declaration. SDK classes are
// only named, never loaded.
func TestScaffoldImplementsSubject(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	dir := writeFiles(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK}))
	gen := filepath.Join(dir, "tests", "ConformanceGenerated")
	script := "<?php\nforeach (['Support/Subject.php', 'Support/NotProvided.php', 'Support/SubjectDefaults.php', 'Support/Json.php', 'SdkSubject.php'] as $f) {\n" +
		"    require " + phpString(gen+"/") + " . $f;\n}\necho implode(',', class_implements('" + DefaultNamespace + `\SdkSubject'` + ")), \"\\n\";\n" +
		"echo get_parent_class('" + DefaultNamespace + `\SdkSubject'` + "), \"\\n\";\n"
	got := runPHP(t, script)
	if got[0] != DefaultNamespace+`\Support\Subject` {
		t.Errorf("SdkSubject implements %q", got[0])
	}
	if len(got) < 2 || got[1] != DefaultNamespace+`\Support\SubjectDefaults` {
		t.Errorf("SdkSubject extends %q, want SubjectDefaults", got[1:])
	}
}
