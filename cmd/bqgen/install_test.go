package main

import (
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/modproxy"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

const modulePath = "github.com/babelqueue/bqgen"

// The version the install test tags its clone with (never this repository).
const testTag = "v0.99.0"

// TestGoInstallAtATag proves `go install github.com/babelqueue/bqgen/cmd/bqgen@vX.Y.Z`
// works as a user runs it: a clone of this repository tagged vX.Y.Z is
// published to a file-based module proxy, put before the proxy the
// dependencies come from, and installed with an empty module cache and
// GOPATH; the installed bqgen says it is vX.Y.Z. The clone holds what is
// committed (HEAD), as a tag would.
func TestGoInstallAtATag(t *testing.T) {
	tier.FullOnly(t, "clones the repository and builds bqgen from a module proxy")
	depsProxy := dependencyProxy(t)
	src := cloneAtTag(t, testTag)
	proxy := t.TempDir()
	files := strings.Split(strings.TrimSuffix(gitOut(t, src, "ls-files", "-z"), "\x00"), "\x00")
	if err := modproxy.Write(proxy, modulePath, testTag, src, files, time.Unix(1700000000, 0)); err != nil {
		t.Fatalf("publishing the clone to a module proxy: %v", err)
	}
	home := t.TempDir()
	gobin := filepath.Join(home, "bin")
	cmd := exec.Command("go", "install", modulePath+"/cmd/bqgen@"+testTag)
	cmd.Dir = home // outside any module
	// -trimpath, as a release build has: without it every package's
	// compile would be keyed to this fresh module cache's paths, and the
	// whole tree compiled anew on every run (20 s of the full tier).
	cmd.Env = append(os.Environ(),
		"GOPATH="+filepath.Join(home, "gopath"), "GOMODCACHE="+filepath.Join(home, "gopath", "pkg", "mod"), "GOBIN="+gobin,
		"GOPROXY="+fileURL(proxy)+","+depsProxy, "GOSUMDB=off", "GONOSUMDB="+modulePath, "GOPRIVATE=",
		"GOFLAGS=-mod=mod -modcacherw -trimpath", "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s/cmd/bqgen@%s: %v\n%s", modulePath, testTag, err, out)
	}
	out, err := exec.Command(filepath.Join(gobin, "bqgen"+exeSuffix()), "version").CombinedOutput()
	if err != nil {
		t.Fatalf("the installed bqgen version: %v\n%s", err, out)
	}
	suite, _ := os.ReadFile("../../conformance/CONFORMANCE_VERSION")
	for _, want := range []string{"bqgen " + testTag + " (module)\n", "suite: " + strings.TrimSpace(string(suite)) + " "} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the installed bqgen version says\n%s\nwant %q in it", out, want)
		}
	}
}

// dependencyProxy is the proxy list the go command uses here (the shared
// file proxy on the project's machines, proxy.golang.org elsewhere); the
// test skips where there is none.
func dependencyProxy(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	out, err := exec.Command("go", "env", "GOPROXY").Output()
	list := strings.TrimSpace(string(out))
	if err != nil || list == "" || list == "off" {
		t.Skipf("no module proxy for the dependencies (GOPROXY=%q)", list)
	}
	for _, entry := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == '|' }) {
		if u, err := url.Parse(entry); err == nil && u.Scheme == "file" {
			if info, err := os.Stat(filepath.FromSlash(strings.TrimPrefix(u.Path, "/"))); (err != nil || !info.IsDir()) && !isDir(u.Path) {
				t.Skipf("the dependency proxy %s is absent", entry)
			}
		}
	}
	return list
}

// isDir reports whether p (a file URL's path) is a directory.
func isDir(p string) bool {
	info, err := os.Stat(filepath.FromSlash(p))
	return err == nil && info.IsDir()
}

// cloneAtTag clones this repository into a temporary directory and tags
// its HEAD (the tag stays in the clone).
func cloneAtTag(t *testing.T, tag string) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "bqgen")
	gitOut(t, root, "clone", "--quiet", "--no-hardlinks", root, src)
	gitOut(t, src, "-c", "user.name=bqgen test", "-c", "user.email=test@invalid", "tag", "-a", "-m", tag, tag)
	return src
}

func gitOut(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// fileURL is the file:// URL of a directory, as GOPROXY takes it.
func fileURL(dir string) string {
	p := filepath.ToSlash(dir)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a drive letter: file:///C:/...
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func exeSuffix() string {
	if os.PathSeparator == '\\' {
		return ".exe"
	}
	return ""
}
