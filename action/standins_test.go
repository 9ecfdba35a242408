package action

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/templates/node"
)

// The stand-in SDK checkouts of the recipes other than Go's: each copies
// its language's stand-in (templates/<lang>/testdata/standin: signatures
// and minimal bodies, no SDK code) into the layout the SDK's repository
// has, with the build files the SDK keeps, and adopts bqgen. The blocks
// are those whose tests the stand-in passes or reports not provided, so
// the recipe's gate holds.

// requireTools skips t where one of lang's tools is absent, unless CI
// requires lang's toolchain (prooftest.EnvRequire): then the recipe fails.
func requireTools(t *testing.T, lang string, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			absent(t, lang, tool+" is not installed here")
		}
	}
}

func absent(t *testing.T, lang, why string) {
	t.Helper()
	if prooftest.Required(lang) {
		t.Fatalf("%s is required here (%s), but %s", lang, prooftest.EnvRequire, why)
	}
	t.Skip(why)
}

func standinOf(lang string) string {
	return filepath.Join(repoRoot, "templates", lang, "testdata", "standin")
}

// nodeOwnTests are the SDK's own tests beside the generated ones: at the
// top level and in a describe of their own, as node:test reports them
// like the generated ones (classname "test", no file).
const nodeOwnTests = `import { describe, test } from "node:test";
import assert from "node:assert/strict";

test("the SDK's own top-level test", () => {
  assert.equal(1 + 1, 2);
});

describe("EnvelopeCodec", () => {
  test("the SDK's own test in a describe", () => {});
  test("another of the SDK's own", () => {});
});
`

// nodeStandin is @babelqueue/core's stand-in with the TypeScript tools the
// SDK's package.json pins (the oracle project's, from npm) and three
// tests of its own.
func nodeStandin(t *testing.T) checkout {
	requireTools(t, "node", "node", "npm")
	dir := t.TempDir()
	copyTree(t, filepath.Join(standinOf("node"), "core", "src"), filepath.Join(dir, "src"))
	tsconfig, err := os.ReadFile(filepath.Join(standinOf("node"), "tsconfig.json"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "tsconfig.json", string(tsconfig))
	files, err := node.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindOracle})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == node.PackageFile || f.Path == node.LockFile {
			writeFile(t, dir, f.Path, string(f.Content))
		}
	}
	writeFile(t, dir, "test/own.test.ts", nodeOwnTests)
	c := checkout{dir: dir, ownTests: 3}
	// The stand-in's decode takes a negative attempts count: exempted as a
	// known failure.
	c.adopt(t, "", `version: 1
targets:
  - lang: node
    out: .
    blocks: [cases, idempotency]
    exemptions:
      - case: cases/invalid-attempts-negative
        action: fail
        reason: the stand-in's decode takes a negative attempts count
`)
	return c
}

// pythonStandin is the stand-in babelqueue package in src/, found by
// pytest through pyproject.toml's pythonpath, as a src-layout SDK does;
// python is one that has pytest (the recipe installs it on a runner).
func pythonStandin(t *testing.T) checkout {
	python := ""
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import pytest").Run() == nil {
			python = p
			break
		}
	}
	if python == "" {
		absent(t, "python", "no python3 here has pytest")
	}
	abs, err := exec.LookPath(python)
	if err != nil {
		t.Fatal(err)
	}
	shims := t.TempDir()
	if err := os.Symlink(abs, filepath.Join(shims, "python")); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTree(t, standinOf("python"), filepath.Join(dir, "src"))
	writeFile(t, dir, "pyproject.toml", "[tool.pytest.ini_options]\npythonpath = [\"src\"]\ntestpaths = [\"tests\"]\n")
	c := checkout{dir: dir, env: []string{"PATH=" + shims + string(os.PathListSeparator) + os.Getenv("PATH"), "PYTHONDONTWRITEBYTECODE=1"}}
	c.adopt(t, "", "version: 1\ntargets:\n  - lang: python\n    out: .\n    blocks: [cases, idempotency]\n")
	return c
}

// phpStandin is the stand-in php-sdk (its autoloading bootstrap.php) with
// the phpunit.xml an SDK keeps.
func phpStandin(t *testing.T) checkout {
	requireTools(t, "php", "php", "phpunit")
	dir := t.TempDir()
	copyTree(t, standinOf("php"), dir)
	writeFile(t, dir, "phpunit.xml", `<?xml version="1.0" encoding="UTF-8"?>
<phpunit bootstrap="bootstrap.php" colors="false">
  <testsuites>
    <testsuite name="php-sdk">
      <directory>tests</directory>
    </testsuite>
  </testsuites>
</phpunit>
`)
	c := checkout{dir: dir, env: []string{"BQGEN_STANDIN=with"}}
	c.adopt(t, "", `version: 1
targets:
  - lang: php
    out: .
    blocks: [cases, idempotency]
    exemptions:
      - case: cases/edge-values
        action: fail
        reason: the stand-in's decode reads an empty JSON object as an array
`)
	return c
}

// minimalDecodeExemptions are the cases the Java and .NET stand-ins'
// minimal decode fails (it checks no attempts count and projects no
// dead_letter), exempted as known failures as an SDK does its own.
const minimalDecodeExemptions = `    exemptions:
      - case: "cases/invalid-attempts-*"
        action: fail
        reason: the stand-in's decode checks no attempts count
      - case: cases/dead-lettered
        action: fail
        reason: the stand-in's view has no dead_letter
`

// javaStandin is the stand-in babelqueue-java under Maven
// (templates/java/testdata/maven/sdk: its pom, src/main/java), the stand-in
// core 1.8.0 beside the generated tests in src/test/java (it parses with
// their JSON parser). Its .mvn/maven.config points Maven at Debian's
// repository, offline: this machine's stand-in for setup-java's cache of
// Maven Central.
func javaStandin(t *testing.T) checkout {
	requireTools(t, "java", "javac", "java")
	if _, err := exec.LookPath("mvn"); err != nil || !haveDir(debianSurefire) {
		msg := "Maven and Debian's Surefire (apt-get install maven libsurefire-java) are not installed here"
		if os.Getenv(requireMavenEnv) != "" {
			t.Fatalf("%s, and %s is set", msg, requireMavenEnv)
		}
		t.Skip(msg)
	}
	dir := t.TempDir()
	javaTemplates := filepath.Join(repoRoot, "templates", "java", "testdata")
	copyTree(t, filepath.Join(javaTemplates, "maven", "sdk"), dir)
	for _, part := range []string{"common", "core-1.8.0"} {
		copyTree(t, filepath.Join(standinOf("java"), part), filepath.Join(dir, "src", "test", "java"))
	}
	writeFile(t, dir, ".mvn/maven.config", "-o\n-Dmaven.repo.local=/usr/share/maven-repo\n")
	c := checkout{dir: dir}
	c.adopt(t, "", "version: 1\ntargets:\n  - lang: java\n    out: .\n    blocks: [cases]\n"+minimalDecodeExemptions)
	return c
}

// Maven on this machine: required where CI installed it.
const (
	requireMavenEnv = "BQGEN_REQUIRE_MAVEN"
	debianSurefire  = "/usr/share/maven-repo/org/apache/maven/plugins/maven-surefire-plugin/2.22.3"
)

func haveDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// dotnetStandin is the stand-in BabelQueue.Core solution, its test project
// retargeted to the .NET runtime installed here (the stand-in's is
// net8.0).
func dotnetStandin(t *testing.T) checkout {
	requireTools(t, "dotnet", "dotnet")
	out, err := exec.Command("dotnet", "--list-runtimes").Output()
	if err != nil {
		absent(t, "dotnet", "dotnet --list-runtimes: "+err.Error())
	}
	framework := ""
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "Microsoft.NETCore.App "); ok {
			major, _, _ := strings.Cut(v, ".")
			framework = "net" + major + ".0"
		}
	}
	if framework == "" {
		absent(t, "dotnet", "no .NET runtime here")
	}
	dir := t.TempDir()
	copyTree(t, standinOf("dotnet"), dir)
	for _, p := range []string{"src/BabelQueue.Core/BabelQueue.Core.csproj", "tests/BabelQueue.Core.Tests/BabelQueue.Core.Tests.csproj"} {
		data, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, p, strings.Replace(string(data), "<TargetFramework>net8.0</TargetFramework>", "<TargetFramework>"+framework+"</TargetFramework>", 1))
	}
	for _, other := range []string{"BabelQueue.MassTransit", "BabelQueue.Pulsar", "DotPulsar"} {
		_ = os.RemoveAll(filepath.Join(dir, "src", other))
		_ = os.RemoveAll(filepath.Join(dir, "tests", other+".Tests"))
	}
	c := checkout{dir: dir, env: []string{"DOTNET_CLI_TELEMETRY_OPTOUT=1", "DOTNET_NOLOGO=1"}}
	c.adopt(t, "", "version: 1\ntargets:\n  - lang: dotnet\n    out: .\n    blocks: [cases]\n"+minimalDecodeExemptions)
	// The solution the SDK keeps at its root, which dotnet test runs.
	for _, args := range [][]string{{"new", "sln", "-n", "BabelQueue"},
		{"sln", "add", "src/BabelQueue.Core/BabelQueue.Core.csproj", "tests/BabelQueue.Core.Tests/BabelQueue.Core.Tests.csproj"}} {
		cmd := exec.Command("dotnet", args...)
		cmd.Dir, cmd.Env = dir, append(os.Environ(), c.env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("dotnet %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return c
}
