package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bqgen.yaml arrives in pull requests and is found upward from the working
// directory, so it is read as hostile: each test here is one way it could
// turn bqgen against the machine, and each checks that nothing was written.

const pythonTarget = "version: 1\ntargets:\n  - lang: python\n    out: %s\n"

// writeConfig writes body as dir/bqgen.yaml, readable by all and writable
// by its owner only, and returns its path.
func writeConfig(t *testing.T, dir, body string) string {
	t.Helper()
	file := filepath.Join(dir, "bqgen.yaml")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, 0o644); err != nil { // whatever the umask
		t.Fatal(err)
	}
	return file
}

// mkdirs makes the directory of parts below root and returns it.
func mkdirs(t *testing.T, root string, parts ...string) string {
	t.Helper()
	dir := filepath.Join(append([]string{root}, parts...)...)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// assertEmpty fails t when dir holds anything: bqgen wrote where it must not.
func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("%s was written into %s", e.Name(), dir)
	}
}

// pythonAt is a config with one python target into out.
func pythonAt(out string) string { return strings.Replace(pythonTarget, "%s", out, 1) }

// A bqgen.yaml that another user left in a shared directory above the
// checkout is not obeyed, unless BQGEN_TRUST_CONFIG says to.
func TestAConfigAnotherUserOwnsIsNotObeyed(t *testing.T) {
	shared := t.TempDir()
	victim := mkdirs(t, shared, "victim")
	project := mkdirs(t, shared, "me", "project")
	cfg := writeConfig(t, shared, pythonAt("victim"))
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	if err := os.Chown(cfg, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	t.Chdir(project)
	code, _, stderr := run(t, "generate")
	if code != 1 || !strings.Contains(stderr, cfg+" is owned by") || !strings.Contains(stderr, "BQGEN_TRUST_CONFIG="+cfg) {
		t.Errorf("exit %d, want 1 naming the owner and the override\n%s", code, stderr)
	}
	assertEmpty(t, victim)
	t.Setenv("BQGEN_TRUST_CONFIG", cfg)
	if code, _, stderr := run(t, "generate"); code != 0 {
		t.Errorf("trusted by BQGEN_TRUST_CONFIG: exit %d\n%s", code, stderr)
	}
}

// A bqgen.yaml other users may write is not obeyed either.
func TestAConfigOthersMayWriteIsNotObeyed(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	out := mkdirs(t, repo, "core")
	cfg := writeConfig(t, repo, pythonAt("core"))
	for _, mode := range []os.FileMode{0o666, 0o602} {
		if err := os.Chmod(cfg, mode); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := run(t, "generate", "--config", cfg)
		if code != 1 || !strings.Contains(stderr, "is writable by other users") || !strings.Contains(stderr, "chmod go-w") {
			t.Errorf("mode %v: exit %d, want 1 saying why\n%s", mode, code, stderr)
		}
		assertEmpty(t, out)
	}
}

// A bqgen.yaml found upward that is a link to nothing is an error, not a
// reason to obey the bqgen.yaml of a directory further up.
func TestABrokenConfigLinkDoesNotFallThrough(t *testing.T) {
	parent := t.TempDir()
	victim := mkdirs(t, parent, "victim")
	writeConfig(t, parent, pythonAt("victim"))
	repo := mkdirs(t, parent, "repo")
	if err := os.Symlink(filepath.Join(repo, "missing.yaml"), filepath.Join(repo, "bqgen.yaml")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)
	code, _, stderr := run(t, "generate")
	if code != 1 || !strings.Contains(stderr, filepath.Join(repo, "bqgen.yaml")) {
		t.Errorf("exit %d, want 1 naming the broken link\n%s", code, stderr)
	}
	assertEmpty(t, victim)
}

// out may not leave the directory holding bqgen.yaml: not by "..", however
// deep, and not through a link.
func TestConfigOutStaysInsideItsDirectory(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	outside := mkdirs(t, tmp, "outside")
	repo := mkdirs(t, tmp, "repo")
	mkdirs(t, repo, "a", "b")
	if err := os.Symlink("../outside", filepath.Join(repo, "link")); err != nil {
		t.Fatal(err)
	}
	toRoot := strings.Repeat("../", strings.Count(repo, string(filepath.Separator)))
	for _, out := range []string{"../outside", "a/b/../../../outside", toRoot + strings.TrimPrefix(outside, "/"), "link", "a/../link"} {
		cfg := writeConfig(t, repo, pythonAt(out))
		code, _, stderr := run(t, "generate", "--config", cfg)
		if code != 1 || !strings.Contains(stderr, "out \""+out+"\" le") {
			t.Errorf("out %s: exit %d, want 1 saying it leaves\n%s", out, code, stderr)
		}
		assertEmpty(t, outside)
	}
}

// An absolute suite is read where it is, never re-rooted below the config's
// directory.
func TestConfigAbsoluteSuiteIsHonoured(t *testing.T) {
	t.Parallel()
	suite := copySuite(t)
	repo := t.TempDir()
	mkdirs(t, repo, "core")
	cfg := writeConfig(t, repo, "version: 1\nsuite: "+suite+"\ntargets:\n  - lang: python\n    out: core\n")
	if code, _, stderr := run(t, "generate", "--config", cfg); code != 0 {
		t.Errorf("suite %s: exit %d, want 0\n%s", suite, code, stderr)
	}
	notASuite := t.TempDir()
	cfg = writeConfig(t, repo, "version: 1\nsuite: "+notASuite+"\ntargets:\n  - lang: python\n    out: core\n")
	code, _, stderr := run(t, "check", "--config", cfg)
	if code != 1 || strings.Contains(stderr, filepath.Join(repo, notASuite)) || !strings.Contains(stderr, notASuite) {
		t.Errorf("suite %s: exit %d, want 1 naming the suite as written\n%s", notASuite, code, stderr)
	}
}

// Two targets of one language may not name one directory, not even
// through a link: each run would remove the other's files.
func TestConfigTargetsCannotShareADirectoryThroughALink(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	core := mkdirs(t, repo, "core")
	if err := os.Symlink("core", filepath.Join(repo, "alias")); err != nil {
		t.Fatal(err)
	}
	cfg := writeConfig(t, repo, pythonAt("core")+"    blocks: [cases]\n  - lang: python\n    out: alias\n    blocks: [sqs]\n")
	code, _, stderr := run(t, "generate", "--config", cfg)
	if code != 1 || !strings.Contains(stderr, `target 2: out "alias" is the directory of target 1`) {
		t.Errorf("exit %d, want 1 naming both targets\n%s", code, stderr)
	}
	assertEmpty(t, core)
}
