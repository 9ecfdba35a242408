package app

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/internal/testkit/treesnap"
)

// The canary property: whatever a checkout holds (random files, links
// pointing inside and outside it or to a device, FIFOs, hostile ledgers and
// journals, random bqgen.yaml targets, runner configurations, result files,
// report outputs and monorepo packages that are links), generate, check, an
// interrupted generate, report and init leave every file outside the
// checkout as it was, create nothing outside it, and print nothing read
// from outside it.
// Each trial lays out a sandbox with the checkout beside a canary tree, runs
// bqgen in it, and compares the sandbox, less the checkout, before and after.

// canaryTrials is how many random checkouts a run tries: a few in the
// -short tier, which must stay quick, more in the full one.
func canaryTrials(t *testing.T) uint64 {
	if tier.Extended(t, "56 more random checkouts") {
		return 64
	}
	return 8
}

func TestCanaryTreeSurvivesHostileCheckouts(t *testing.T) {
	t.Parallel()
	for seed := range canaryTrials(t) {
		t.Run(fmt.Sprint("seed=", seed), func(t *testing.T) {
			t.Parallel()
			runCanaryTrial(t, rand.New(rand.NewPCG(seed, 0x5eed)))
		})
	}
}

// FuzzCanary is the property with checkouts drawn from the fuzzer's bytes:
// go test -run '^$' -fuzz FuzzCanary ./app/
func FuzzCanary(f *testing.F) {
	for seed := range uint64(4) {
		f.Add(seed, seed*7919)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		runCanaryTrial(t, rand.New(rand.NewPCG(a, b)))
	})
}

func runCanaryTrial(t *testing.T, r *rand.Rand) {
	sandbox := t.TempDir()
	canary := filepath.Join(sandbox, "canary")
	repo := filepath.Join(sandbox, "repo")
	layCanary(t, canary)
	layCheckout(t, r, repo, canary)
	before := treesnap.Take(t, sandbox, repo)
	langs := []string{"go", "python", "node", "java", "php", "dotnet"}
	lang := langs[r.IntN(len(langs))]
	cfg := filepath.Join(repo, "bqgen.yaml")
	in := func(p string) string { return filepath.Join(repo, filepath.FromSlash(p)) }
	var said strings.Builder
	for _, args := range [][]string{
		{"generate", "--config", cfg},
		{"check", "--config", cfg},
		{"generate", "--lang", lang, "--out", repo},
		{"generate", "--lang", lang, "--out", repo, "--adopt"},
		{"check", "--lang", lang, "--out", repo},
		{"report", "--lang", lang, "--out", repo, "--results-dir", in("results"), "--output", in("site/report.md"),
			"--badges", in("badges"), "--history", in("history.json")},
		{"report", "--config", cfg, "--results", in("results/go.json"), "--format", "html", "--output", in("site/index.html")},
		{"report", "--merge", in("results/merge.json"), "--output", in("site/merged.md"), "--badges", in("badges"), "--history", in("history.json")},
		{"init", "--lang", []string{"node", "go"}[r.IntN(2)], "--dir", repo},
	} {
		said.WriteString(runQuietly(args...))
	}
	runInterrupted(r, "generate", "--lang", lang, "--out", repo, "--adopt")
	said.WriteString(runQuietly("generate", "--lang", lang, "--out", repo))
	after := treesnap.Take(t, sandbox, repo)
	if diff := treesnap.Diff(before, after); diff != "" {
		t.Fatalf("bqgen changed what is outside the checkout:\n%s\ncheckout:\n%s", diff, describe(repo))
	}
	if strings.Contains(said.String(), canarySecret) {
		t.Fatalf("bqgen printed the content of a file outside the checkout:\n%s\ncheckout:\n%s", said.String(), describe(repo))
	}
}

// canaryMergeable is a --format json report for report --merge: a report
// that reaches the writing of its outputs whatever else the checkout holds.
const canaryMergeable = `{"bqgen_report": 1, "newest_conformance_version": "1.4.0", "cases": [{"id": "cases/a", "block": "cases"}],
 "sdks": [{"repository": "sdk", "target": "go core", "lang": "go", "conformance_version": "1.4.0", "results": {"cases/a": {"status": "pass"}}}]}`

// canarySecret is the content of the canary's secret.key: bqgen must never
// print it.
const canarySecret = "do not move me"

// runQuietly runs bqgen in-process and returns what it printed; its exit
// code does not matter here, only what it does to the disk and what it
// shows.
func runQuietly(args ...string) string {
	var out bytes.Buffer
	Run(context.Background(), append([]string{"bqgen"}, args...), strings.NewReader(""), &out, &out)
	return out.String()
}

// runInterrupted runs bqgen with a context cancelled after a random short
// while, as Ctrl-C would.
func runInterrupted(r *rand.Rand, args ...string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(r.IntN(40))*time.Millisecond)
	defer cancel()
	Run(ctx, append([]string{"bqgen"}, args...), strings.NewReader(""), io.Discard, io.Discard)
}

// layCanary writes the tree nothing may touch: files, a nested directory,
// names a hostile ledger would name (manifest.json, go.mod, a test file).
func layCanary(t *testing.T, canary string) {
	for name, content := range map[string]string{
		"secret.key":                             canarySecret + "\n",
		"go.mod":                                 "module canary\n",
		"manifest.json":                          "{}\n",
		"tests/conformance/manifest.json":        "{\"canary\": true}\n",
		"tests/test_conformance_cases.py":        "# canary\n",
		"tx/journal":                             "canary journal\n",
		".bqgen/go.files":                        "canary ledger\n",
		"deep/er/file.txt":                       "deep\n",
		"testdata/conformance/fixtures/a.json":   "{}\n",
		"src/test/resources/conformance/x.json":  "{}\n",
		"tests/BabelQueue.Core.Tests/x.cs":       "// canary\n",
		"tests/ConformanceGenerated/SdkTest.php": "<?php // canary\n",
	} {
		writeCanaryFile(t, filepath.Join(canary, filepath.FromSlash(name)), content)
	}
}

// layCheckout writes a random checkout in repo: some ordinary files, links
// to the canary (absolute and relative, to files and directories) where
// bqgen keeps state or writes output, hostile state files, and a bqgen.yaml
// whose targets may point anywhere.
func layCheckout(t *testing.T, r *rand.Rand, repo, canary string) {
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	writeCanaryFile(t, filepath.Join(repo, "README.md"), "# an SDK\n")
	writeCanaryFile(t, filepath.Join(repo, "go.mod"), "module sdk\n\ngo 1.22\n")
	writeCanaryFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n") // a checkout, as report and generate find one
	rel, err := filepath.Rel(repo, canary)
	if err != nil {
		t.Fatal(err)
	}
	places := []string{".bqgen", ".bqgen/tx", ".bqgen/lock", ".bqgen/go.files", "tests", "tests/conformance",
		"testdata", "testdata/conformance", "src/test/resources/conformance", "test/conformance",
		"tests/BabelQueue.Core.Tests", "tests/BabelQueue.Core.Tests/conformance", "tests/ConformanceGenerated",
		"linked", "conformance_cases_gen_test.go",
		// What generate, check, report and init read or write as input
		// and output: runner configurations, result files, a monorepo's
		// packages, the report's outputs.
		"package.json", "pom.xml", "phpunit.xml", "pytest.ini", "tox.ini", "Directory.Build.props",
		"tests/BabelQueue.Core.Tests/BabelQueue.Core.Tests.csproj", "packages", "results", "results/go.json",
		"site", "badges", "history.json"}
	targets := []string{canary, rel, canary + "/deep", rel + "/tests", canary + "/secret.key", rel + "/.bqgen",
		canary + "/tx", "/", "../../", ".", "/dev/zero"}
	for range 1 + r.IntN(4) {
		place := filepath.Join(repo, filepath.FromSlash(places[r.IntN(len(places))]))
		if err := os.MkdirAll(filepath.Dir(place), 0o755); err != nil {
			continue // a link on the way: this place is taken
		}
		target := targets[r.IntN(len(targets))]
		if strings.HasPrefix(target, rel) || strings.HasPrefix(target, "..") {
			up, _ := filepath.Rel(filepath.Dir(place), repo)
			target = filepath.Join(up, target)
		}
		os.Symlink(target, place) // an existing place keeps what it has
	}
	// Half the checkouts lead one of report's outputs out through a link
	// (the places above draw them too seldom for the -short tier's trials).
	if outputs := []string{"site", "badges", "history.json"}; r.IntN(2) == 0 {
		place := outputs[r.IntN(len(outputs))]
		os.Symlink([]string{canary, canary + "/deep", filepath.Join(rel, "tx")}[r.IntN(3)], filepath.Join(repo, place))
	}
	writeHostileState(t, r, repo, rel, canary)
	writeHostileConfig(t, r, repo, rel, canary)
	writeIfPossible(filepath.Join(repo, "results", "go.json"), `{"Action": "pass", "Package": "p", "Test": "T"}`+"\n")
	writeIfPossible(filepath.Join(repo, "results", "merge.json"), canaryMergeable)
	writeIfPossible(filepath.Join(repo, "packages", "a", "package.json"), `{"name": "@babelqueue/sqs"}`)
	fifos := []string{"pom.xml", "package.json", "phpunit.xml", "pytest.ini", "results/junit.xml", "history.json"}
	for range r.IntN(3) {
		mkfifo(filepath.Join(repo, filepath.FromSlash(fifos[r.IntN(len(fifos))]))) // where a link stands, there is none
	}
}

// hostilePaths are what a ledger or journal line may name: paths out of the
// checkout, absolute, through links, with control characters.
func hostilePaths(rel, canary string) []string {
	return []string{
		rel + "/secret.key", "../canary/go.mod", canary + "/secret.key", "linked/secret.key",
		"tests/../../canary/manifest.json", "./../canary/deep/er/file.txt", "README.md", "go.mod",
		"a\nb", "tests\\..\\..\\canary\\secret.key", ".bqgen/../../canary/tx/journal", "",
	}
}

func writeHostileState(t *testing.T, r *rand.Rand, repo, rel, canary string) {
	paths := hostilePaths(rel, canary)
	pick := func() string { return paths[r.IntN(len(paths))] }
	var ledger strings.Builder
	for range r.IntN(6) {
		switch r.IntN(3) {
		case 0:
			fmt.Fprintf(&ledger, "%s\n", pick())
		case 1:
			sum := sha256.Sum256([]byte(pick()))
			fmt.Fprintf(&ledger, "%s  %s\r\n", hex.EncodeToString(sum[:]), pick())
		default:
			fmt.Fprintf(&ledger, "%q\n", pick())
		}
	}
	for _, lang := range []string{"go", "python", "node", "java", "php", "dotnet"} {
		if r.IntN(2) == 0 {
			writeIfPossible(filepath.Join(repo, ".bqgen", lang+".files"), ledger.String())
		}
	}
	if r.IntN(2) == 0 {
		journal := fmt.Sprintf(`{"committed": %v, "writes": [{"target": %q, "new": %q, "old": %q}],`+
			` "removals": [{"target": %q, "old": %q}], "dirs": [%q]}`,
			r.IntN(2) == 0, pick(), pick(), pick(), pick(), pick(), pick())
		writeIfPossible(filepath.Join(repo, ".bqgen", "tx", "journal"), journal)
	}
}

func writeHostileConfig(t *testing.T, r *rand.Rand, repo, rel, canary string) {
	outs := []string{".", "tests", "linked", rel, canary, "../../../../" + strings.TrimPrefix(canary, "/"), "sqs"}
	suites := []string{"", "suite: " + canary, "suite: /etc", "suite: " + rel}
	langs := []string{"go", "python", "node", "java", "php", "dotnet"}
	var cfg strings.Builder
	fmt.Fprintf(&cfg, "version: 1\n%s\ntargets:\n", suites[r.IntN(len(suites))])
	for range 1 + r.IntN(3) {
		fmt.Fprintf(&cfg, "  - lang: %s\n    out: %q\n", langs[r.IntN(len(langs))], outs[r.IntN(len(outs))])
	}
	writeIfPossible(filepath.Join(repo, "bqgen.yaml"), cfg.String())
}

// writeIfPossible writes a file the checkout may not have room for (a link
// already stands there): then the checkout simply has no such file.
func writeIfPossible(path, content string) {
	if os.MkdirAll(filepath.Dir(path), 0o755) == nil {
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return // never write through the checkout's own links
		}
		if fi, err := os.Lstat(filepath.Dir(path)); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return
		}
		os.WriteFile(path, []byte(content), 0o644)
	}
}

func writeCanaryFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// describe lists the checkout's links and state files, for a failure report.
func describe(repo string) string {
	var b bytes.Buffer
	filepath.WalkDir(repo, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(repo, p)
		if d.Type()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			fmt.Fprintf(&b, "  %s -> %s\n", rel, target)
		} else if strings.HasPrefix(rel, ".bqgen") && !d.IsDir() || rel == "bqgen.yaml" {
			content, _ := os.ReadFile(p)
			if len(content) > 300 {
				content = append(content[:300:300], "..."...)
			}
			fmt.Fprintf(&b, "  %s: %q\n", rel, content)
		}
		return nil
	})
	return b.String()
}
