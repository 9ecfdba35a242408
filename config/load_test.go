package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// repoTree is a checkout for the loader's tests, beside a directory outside
// it: dirs core and sqs, a file, links leading inside (in → core) and out
// of it (out → ../outside, up → ..), and a link loop.
func repoTree(t testing.TB, root string) (repo string) {
	t.Helper()
	repo = filepath.Join(root, "repo")
	for _, d := range []string{"repo/core", "repo/sqs", "outside", "suite"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, to := range map[string]string{"in": "core", "out": "../outside", "up": "..", "loop": "loop"} {
		if err := os.Symlink(to, filepath.Join(repo, name)); err != nil {
			t.Fatal(err)
		}
	}
	return repo
}

// writeAt writes a config with mode perm into dir and returns its path.
func writeAt(t testing.TB, dir, body string, perm os.FileMode) string {
	t.Helper()
	file := filepath.Join(dir, FileName)
	if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(file, perm); err != nil {
		t.Fatal(err)
	}
	return file
}

func TestLoadResolvesPathsToRealOnes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	repo := repoTree(t, root)
	suite := filepath.Join(root, "suite")
	file := writeAt(t, repo, "version: 1\nsuite: "+suite+"\ntargets:\n  - {lang: go, out: in}\n  - {lang: python, out: core}\n  - {lang: go, out: sqs/new}\n", 0o644)
	c, err := Load(file, Trust{}, langs, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.SuiteDir(); got != suite {
		t.Errorf("an absolute suite became %s", got)
	}
	core := filepath.Join(repo, "core")
	for i, want := range []string{core, core, filepath.Join(repo, "sqs", "new")} {
		if got := c.OutDir(c.Targets[i]); got != want {
			t.Errorf("target %d: OutDir = %s, want %s", i+1, got, want)
		}
	}
}

// Every way out of the config's directory is refused, with the target's
// line; so are two targets of one language in one real directory.
func TestLoadRefusesOutDirsOutsideAndTwice(t *testing.T) {
	t.Parallel()
	repo := repoTree(t, t.TempDir())
	for out, want := range map[string]string{
		"../outside":                    `line 3: target 1: out "../outside" leaves the directory holding bqgen.yaml`,
		"core/../../x":                  `out "core/../../x" leaves the directory`,
		"out":                           `line 3: target 1: out "out" leads to ` + filepath.Join(filepath.Dir(repo), "outside") + ", outside " + repo,
		"up/outside":                    `out "up/outside" leads to`,
		"loop":                          `out "loop" cannot be used: a loop of symbolic links`,
		"file/x":                        `out "file/x" cannot be used: not a directory`,
		"core\n  - {lang: go, out: in}": `line 5: target 2: out "in" is the directory of target 1 (` + filepath.Join(repo, "core") + ")",
	} {
		file := writeAt(t, repo, "version: 1\ntargets:\n  - {lang: go, out: "+out+"}\n", 0o644)
		if strings.Contains(out, "\n") {
			file = writeAt(t, repo, "version: 1\ntargets:\n  - lang: go\n    out: "+out+"\n", 0o644)
		}
		_, err := Load(file, Trust{}, langs, blocks)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("out %q: error %v, want it to contain %q", out, err, want)
		}
	}
}

// Only a regular file of at most MaxSize bytes is read.
func TestLoadReadsOnlyAPlainFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo, zero, large := filepath.Join(dir, "fifo"), filepath.Join(dir, "zero"), filepath.Join(dir, "large")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large, make([]byte, MaxSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		fifo:                         "is a named pipe, not a regular file",
		zero:                         "is a device, not a regular file",
		dir:                          "is a directory, not a regular file",
		large:                        "is larger than 1024 KiB",
		filepath.Join(dir, "absent"): "absent: no such file or directory",
	} {
		_, err := Load(file, Trust{}, langs, blocks)
		if err == nil || !strings.HasPrefix(err.Error(), file) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", file, err, want)
		}
	}
}

// A config other users may write is refused, unless trusted by its path,
// its directory's or "*". A group-writable file of the user's own private
// group is the user's alone.
func TestLoadRefusesAConfigOthersMayWrite(t *testing.T) {
	t.Parallel()
	repo := repoTree(t, t.TempDir())
	body := "version: 1\ntargets:\n  - {lang: go, out: core}\n"
	file := writeAt(t, repo, body, 0o666)
	_, err := Load(file, Trust{}, langs, blocks)
	if err == nil || !strings.Contains(err.Error(), file+" is writable by other users (-rw-rw-rw-)") || !strings.Contains(err.Error(), TrustEnv+"="+file) {
		t.Fatalf("mode 666: %v", err)
	}
	for _, trust := range []string{"*", file, repo, "/elsewhere" + string(filepath.ListSeparator) + file} {
		if _, err := Load(file, ParseTrust(trust), langs, blocks); err != nil {
			t.Errorf("%s=%s: %v", TrustEnv, trust, err)
		}
	}
	if _, err := Load(file, ParseTrust(filepath.Join(repo, "core")), langs, blocks); err == nil {
		t.Error("trusting another directory trusted this file")
	}
	file = writeAt(t, repo, body, 0o664)
	_, err = Load(file, Trust{}, langs, blocks)
	if private := ownPrivateGroup(t, file); (err == nil) != private {
		t.Errorf("mode 664, group private to the owner: %v; error %v", private, err)
	}
}

// A config another user owns is refused (this needs root to arrange).
func TestLoadRefusesAnotherUsersConfig(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("giving a file to another user needs root")
	}
	repo := repoTree(t, t.TempDir())
	file := writeAt(t, repo, "version: 1\ntargets:\n  - {lang: go, out: core}\n", 0o644)
	if err := os.Chown(file, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	_, err := Load(file, Trust{}, langs, blocks)
	if err == nil || !strings.Contains(err.Error(), file+" is owned by") || !strings.Contains(err.Error(), "(uid 65534), not by you") {
		t.Fatalf("owned by uid 65534: %v", err)
	}
	if _, err := Load(file, ParseTrust(file), langs, blocks); err != nil {
		t.Errorf("trusted: %v", err)
	}
}

// Find stops at any bqgen.yaml that is not a directory, a broken link
// included, instead of passing it for one further up.
func TestFindStopsAtABrokenLink(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeAt(t, root, good, 0o644)
	repo := filepath.Join(root, "repo")
	if err := os.MkdirAll(filepath.Join(repo, FileName), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, _ := Find(repo); p != filepath.Join(root, FileName) {
		t.Errorf("a directory named %s was not passed over: %s", FileName, p)
	}
	os.Remove(filepath.Join(repo, FileName))
	os.Symlink("missing", filepath.Join(repo, FileName))
	if p, _ := Find(repo); p != filepath.Join(repo, FileName) {
		t.Errorf("found %s, want the broken link", p)
	}
}

// ownerOf is the owner and group of the file info describes.
func ownerOf(info os.FileInfo) (uid, gid uint32) {
	st := info.Sys().(*syscall.Stat_t)
	return st.Uid, st.Gid
}
