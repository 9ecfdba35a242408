package action

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The install step downloads the release binary for the runner's OS and
// architecture, checks its SHA-256 against SHA256SUMS, and puts it on the
// job's PATH; the action's bin output names it and it runs.
func TestActionInstallsTheReleaseBinary(t *testing.T) {
	r := bqgenRelease(t)
	res := r.runAction(t, map[string]string{"version": testVersion, "args": "--help"}, t.TempDir())
	if res.err != nil {
		t.Fatalf("%v\n%s", res.err, res.log)
	}
	bin := res.outputs["bin"]
	if !strings.HasPrefix(bin, r.temp) || !strings.Contains(res.log, "downloading "+hostAsset()) {
		t.Errorf("bin output %q: not the downloaded release binary\n%s", bin, res.log)
	}
	path, _ := os.ReadFile(r.path)
	if strings.TrimSpace(string(path)) != filepath.Dir(bin) {
		t.Errorf("GITHUB_PATH holds %q, want %q", path, filepath.Dir(bin))
	}
}

// A binary whose SHA-256 is not the one SHA256SUMS states is refused, and
// never run or installed.
func TestActionRefusesAChecksumMismatch(t *testing.T) {
	rel := releaseDir(t, map[string][]byte{hostAsset(): []byte("#!/bin/sh\necho tampered\n")},
		map[string]string{hostAsset(): strings.Repeat("ab", 32)})
	r := newRunner(t, "BQGEN_RELEASE_BASE_URL=file://"+filepath.ToSlash(rel))
	res := r.runAction(t, map[string]string{"version": testVersion}, t.TempDir())
	if res.err == nil || !strings.Contains(res.log, "but SHA256SUMS says "+strings.Repeat("ab", 32)+": refused") || strings.Contains(res.log, "tampered") {
		t.Errorf("a checksum mismatch was not refused: %v\n%s", res.err, res.log)
	}
	if res.outputs["bin"] != "" {
		t.Errorf("bin output %q after a refused download", res.outputs["bin"])
	}
}

// Where the release has no binary for the runner (here: an OS no release is
// built for), the action builds the same version with go install; without
// go it says to add setup-go.
func TestActionFallsBackToGoInstall(t *testing.T) {
	rel := releaseDir(t, map[string][]byte{"bqgen-v0.0.0-test-plan9-amd64": []byte("x")}, nil)
	fakeBin := t.TempDir()
	record := filepath.Join(t.TempDir(), "go-args")
	// A stand-in go: records its arguments and GOBIN, writes a bqgen there.
	fakeGo := "#!/bin/sh\necho \"$@ GOBIN=$GOBIN\" > " + record + "\nprintf '#!/bin/sh\\necho bqgen built by go install\\n' > \"$GOBIN/bqgen\"\nchmod +x \"$GOBIN/bqgen\"\n"
	if err := os.WriteFile(filepath.Join(fakeBin, "go"), []byte(fakeGo), 0o755); err != nil {
		t.Fatal(err)
	}
	r := newRunner(t, "BQGEN_RELEASE_BASE_URL=file://"+filepath.ToSlash(rel), "PATH="+fakeBin+":"+os.Getenv("PATH"))
	res := r.runAction(t, map[string]string{"version": testVersion, "command": "check"}, t.TempDir())
	args, _ := os.ReadFile(record)
	if !strings.HasPrefix(string(args), "install github.com/babelqueue/bqgen/cmd/bqgen@"+testVersion+" GOBIN=") ||
		!strings.Contains(res.log, "bqgen built by go install") || res.outputs["bin"] == "" {
		t.Errorf("go install fallback: %v, go %q\n%s", res.err, args, res.log)
	}
	noGo := newRunner(t, "BQGEN_RELEASE_BASE_URL=file://"+filepath.ToSlash(rel), "PATH=/usr/bin:/bin")
	if _, err := os.Stat("/usr/bin/go"); err == nil {
		t.Skip("/usr/bin has a go: the no-go case cannot be set up")
	}
	res = noGo.runAction(t, map[string]string{"version": testVersion}, t.TempDir())
	if res.err == nil || !strings.Contains(res.log, "add actions/setup-go") {
		t.Errorf("without go: %v\n%s", res.err, res.log)
	}
}

// A version that is not a release tag is refused before any download.
func TestActionRefusesAnUnpinnedVersion(t *testing.T) {
	r := newRunner(t, "BQGEN_RELEASE_BASE_URL=file:///nonexistent")
	for _, v := range []string{"", "latest", "main", "v1.0.0/../../x", "v1 --x"} {
		res := r.runAction(t, map[string]string{"version": v}, t.TempDir())
		if res.err == nil || !strings.Contains(res.log, "::error title=bqgen install::") {
			t.Errorf("version %q: %v\n%s", v, res.err, res.log)
		}
	}
}
