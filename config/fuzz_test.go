package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse: any bytes give a config or an error naming the file; nothing
// panics, and a config that loads has the version this bqgen reads and at
// least one target.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("version: 1\ntargets: [{lang: go, out: ., exemptions: [{case: '[', action: fail}]}]\n"))
	f.Add([]byte("&a [*a, *a]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("bqgen.yaml", data, langs, blocks)
		if err != nil {
			return
		}
		if c.Version != Version || len(c.Targets) == 0 {
			t.Fatalf("loaded a config with version %d and %d targets", c.Version, len(c.Targets))
		}
	})
}

// FuzzLoad writes any bytes, with any group and other permission bits, as
// the bqgen.yaml of a checkout that holds links leading in and out of it
// (repoTree), and loads it. Nothing panics; an error names the file; a
// config that loads is one no other user may write, every out dir it names
// stays inside the checkout once links are resolved, no two targets of one
// language share a directory, and an absolute suite is where it says.
func FuzzLoad(f *testing.F) {
	for _, out := range []string{".", "core", "in", "out", "up", "loop", "file/x", "missing", "core/../../outside", "up/repo/core", "in/../sqs", "/abs"} {
		f.Add([]byte("version: 1\ntargets:\n  - {lang: go, out: "+out+"}\n  - {lang: go, out: core}\n"), byte(0o044))
	}
	f.Add([]byte(good), byte(0o066))
	f.Add([]byte(good), byte(0o020))
	f.Add([]byte("version: 1\nsuite: /etc\ntargets: [{lang: go, out: sqs}, {lang: python, out: in}, {lang: java, out: core}]\n"), byte(0))
	f.Add([]byte("version: 1\nsuite: up/suite\ntargets: [{lang: go, out: sqs}]\n#"+strings.Repeat("-", MaxSize)), byte(0))
	root := f.TempDir()
	repo := repoTree(f, root)
	realRepo, err := filepath.EvalSymlinks(repo)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, mode byte) {
		perm := 0o600 | os.FileMode(mode)&0o077
		file := writeAt(t, repo, string(data), perm)
		c, err := Load(file, Trust{}, langs, blocks)
		if err != nil {
			if !strings.HasPrefix(err.Error(), file) {
				t.Fatalf("the error does not start with the file: %v", err)
			}
			return
		}
		if len(data) > MaxSize || refusedForItsOwner(t, file, perm) {
			t.Fatalf("loaded %d bytes with mode %v", len(data), perm)
		}
		checkLoaded(t, c, realRepo)
	})
}

// checkLoaded fails t where a loaded config breaks the rules of Load.
func checkLoaded(t *testing.T, c *Config, repo string) {
	seen := map[string]bool{}
	for _, target := range c.Targets {
		out := c.OutDir(target)
		if real, err := filepath.EvalSymlinks(out); err == nil {
			out = real
		}
		if !within(repo, out) {
			t.Fatalf("out %q is %s, outside %s", target.Out, out, repo)
		}
		if seen[target.Lang+" "+out] {
			t.Fatalf("two %s targets write into %s", target.Lang, out)
		}
		seen[target.Lang+" "+out] = true
	}
	if filepath.IsAbs(c.Suite) && c.SuiteDir() != resolvedOrAsIs(filepath.Clean(c.Suite)) {
		t.Fatalf("suite %q became %s", c.Suite, c.SuiteDir())
	}
}
