package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkout makes a directory holding .git (a checkout, as Anchor finds it)
// and another one outside it holding a secret.
func checkout(t *testing.T) (repo, outside string) {
	t.Helper()
	repo, outside = t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(outside, "secret"), "TOP-SECRET")
	return repo, outside
}

func write(t *testing.T, file, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// refused asserts that err refuses the file named file with a message
// holding want, and never shows the secret.
func refused(t *testing.T, err error, file, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: read, want refused (%s)", file, want)
	}
	msg := err.Error()
	if !strings.Contains(msg, file) || !strings.Contains(msg, want) {
		t.Errorf("error %q: want it to name %s and say %q", msg, file, want)
	}
	if strings.Contains(msg, "TOP-SECRET") {
		t.Errorf("error %q shows the content of a file outside the checkout", msg)
	}
}

// Every way a checkout can point bqgen at something other than a regular
// file of its own is refused, naming the file, before anything is read.
func TestReadRefusesWhatIsNotARegularFileOfTheCheckout(t *testing.T) {
	repo, outside := checkout(t)
	symlink(t, "/dev/zero", filepath.Join(repo, "package.json"))
	symlink(t, filepath.Join(outside, "secret"), filepath.Join(repo, "phpunit.xml"))
	symlink(t, outside, filepath.Join(repo, "linked"))
	symlink(t, "inside.txt", filepath.Join(repo, "inner-link.txt"))
	write(t, filepath.Join(repo, "inside.txt"), "ok")
	write(t, filepath.Join(repo, "huge.json"), strings.Repeat("x", int(RunnerConfig.Limit)+1))
	if err := os.Mkdir(filepath.Join(repo, "dir.xml"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ rel, want string }{
		{"package.json", "is a symbolic link"},
		{"phpunit.xml", "is a symbolic link"},
		{"linked/secret", "its directory linked is a symbolic link"},
		{"inner-link.txt", "is a symbolic link"},
		{"huge.json", "larger than 1 MiB, the limit for a test runner's configuration"},
		{"dir.xml", "is a directory, not a regular file"},
		{"../" + filepath.Base(outside) + "/secret", "outside"},
	} {
		t.Run(c.rel, func(t *testing.T) {
			start := time.Now()
			data, err := ReadIn(repo, c.rel, RunnerConfig)
			if data != nil {
				t.Errorf("read %d bytes", len(data))
			}
			refused(t, err, filepath.Join(repo, filepath.FromSlash(c.rel)), c.want)
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
	data, err := ReadIn(repo, "inside.txt", RunnerConfig)
	if err != nil || string(data) != "ok" {
		t.Fatalf("a regular file of the checkout: %q, %v", data, err)
	}
	if _, err := ReadIn(repo, "absent.json", RunnerConfig); !IsAbsent(err) {
		t.Errorf("an absent file: %v, want IsAbsent", err)
	}
	if _, err := ReadIn(repo, "inside.txt/x", RunnerConfig); !IsAbsent(err) && (err == nil || !strings.Contains(err.Error(), "not a directory")) {
		t.Errorf("below a file: %v, want absent or not a directory", err)
	}
}

// A path the user named is read through no link its checkout holds, and
// links above the checkout (the user's own) are taken as they are.
func TestReadOfANamedPath(t *testing.T) {
	repo, outside := checkout(t)
	write(t, filepath.Join(repo, "results", "go.json"), "{}")
	symlink(t, outside, filepath.Join(repo, "build"))
	if data, err := Read(filepath.Join(repo, "results", "go.json"), Result); err != nil || string(data) != "{}" {
		t.Fatalf("a file of the checkout: %q, %v", data, err)
	}
	_, err := Read(filepath.Join(repo, "build", "secret"), Result)
	refused(t, err, filepath.Join(repo, "build", "secret"), "its directory build is a symbolic link")
	// The user's own link above the checkout: the checkout is found below it.
	above := t.TempDir()
	symlink(t, repo, filepath.Join(above, "repo"))
	if data, err := Read(filepath.Join(above, "repo", "results", "go.json"), Result); err != nil || string(data) != "{}" {
		t.Fatalf("through the user's link above the checkout: %q, %v", data, err)
	}
	// A file outside any checkout and the working directory: its own
	// directory is the anchor.
	if data, err := Read(filepath.Join(outside, "secret"), Result); err != nil || string(data) != "TOP-SECRET" {
		t.Fatalf("a file the user named outside every checkout: %q, %v", data, err)
	}
}

// The size limit of each kind is checked before reading: a file over it is
// refused whatever its content.
func TestEveryKindHasALimit(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range Kinds {
		if k.Limit <= 0 || k.Limit > 1<<30 || k.Name == "" || seen[k.Name] {
			t.Errorf("kind %+v: want a name of its own and a limit in (0, 1 GiB]", k)
		}
		seen[k.Name] = true
	}
	dir := t.TempDir()
	small := Kind{Name: "a tiny file", Limit: 8}
	write(t, filepath.Join(dir, "f"), "123456789")
	_, err := ReadIn(dir, "f", small)
	refused(t, err, filepath.Join(dir, "f"), "larger than 8 bytes, the limit for a tiny file")
	write(t, filepath.Join(dir, "g"), "12345678")
	if data, err := ReadIn(dir, "g", small); err != nil || len(data) != 8 {
		t.Fatalf("a file at the limit: %q, %v", data, err)
	}
}

// A read that does not end in time is abandoned with an error: a pipe
// with a writer that never writes stands for a stalled mount.
func TestReadHasADeadline(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	start := time.Now()
	_, err = readWithin(r, Result, 100*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "not read within") {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
}

// ReadDir lists a directory of the checkout, never one a link leads to.
func TestReadDirFollowsNoLink(t *testing.T) {
	repo, outside := checkout(t)
	write(t, filepath.Join(repo, "packages", "b", "package.json"), "{}")
	write(t, filepath.Join(repo, "packages", "a", "package.json"), "{}")
	symlink(t, outside, filepath.Join(repo, "packages", "c"))
	entries, err := ReadDir(repo, "packages")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name()+":"+e.Type().String())
	}
	if got := strings.Join(names, " "); got != "a:d--------- b:d--------- c:L---------" {
		t.Errorf("entries = %s", got)
	}
	symlink(t, outside, filepath.Join(repo, "linked"))
	_, err = ReadDir(repo, "linked")
	refused(t, err, filepath.Join(repo, "linked"), "is a symbolic link")
	if _, err := ReadDir(repo, "absent"); !IsAbsent(err) {
		t.Errorf("absent: %v", err)
	}
}

// Write refuses a link the checkout holds on the path, at any depth, and
// writes nothing outside it.
func TestWriteThroughNoLink(t *testing.T) {
	repo, outside := checkout(t)
	symlink(t, outside, filepath.Join(repo, "site"))
	symlink(t, filepath.Join(outside, "secret"), filepath.Join(repo, "report.md"))
	if err := os.MkdirAll(filepath.Join(repo, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, outside, filepath.Join(repo, "docs", "badges"))
	for _, c := range []struct{ rel, want string }{
		{"site/report.html", "its directory site is a symbolic link"},
		{"site/deep/er/report.html", "its directory site is a symbolic link"},
		{"docs/badges/go.svg", "its directory docs/badges is a symbolic link"},
		{"report.md", "is a symbolic link"},
	} {
		file := filepath.Join(repo, filepath.FromSlash(c.rel))
		refused(t, Write(file, []byte("<evil>")), file, c.want)
	}
	got, _ := os.ReadDir(outside)
	if len(got) != 1 {
		t.Errorf("the directory outside the checkout holds %d entries, want the secret alone", len(got))
	}
	if data, _ := os.ReadFile(filepath.Join(outside, "secret")); string(data) != "TOP-SECRET" {
		t.Errorf("the secret was overwritten: %q", data)
	}
}

// Write makes the directories it needs, replaces a file atomically and
// leaves no temporary file.
func TestWriteMakesDirsAndLeavesNoTemporaryFile(t *testing.T) {
	repo, _ := checkout(t)
	file := filepath.Join(repo, "site", "a", "report.html")
	for _, content := range []string{"one", "two"} {
		if err := Write(file, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(file); string(data) != content {
			t.Fatalf("content %q, want %q", data, content)
		}
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		t.Errorf("%d files beside the report, want none", len(entries)-1)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", info.Mode(), err)
	}
	if err := os.Mkdir(filepath.Join(repo, "dir.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	err := Write(filepath.Join(repo, "dir.md"), []byte("x"))
	refused(t, err, filepath.Join(repo, "dir.md"), "is a directory, not a regular file")
}

// A name too long for a file system is cut and tagged with its hash: it
// fits, it stays distinct, and a short name is left as it is.
func TestShortName(t *testing.T) {
	if got := ShortName("repo-go-core", ".svg"); got != "repo-go-core.svg" {
		t.Errorf("short name changed: %s", got)
	}
	long := strings.Repeat("a", 300)
	a, b := ShortName(long+"-x", ".svg"), ShortName(long+"-y", ".svg")
	if len(a) > MaxNameBytes || len(b) > MaxNameBytes || a == b || !strings.HasSuffix(a, ".svg") {
		t.Errorf("long names: %d bytes %q, %d bytes %q", len(a), a, len(b), b)
	}
	multi := strings.Repeat("é", 200)
	if got := ShortName(multi, ".svg"); len(got) > MaxNameBytes || !strings.HasPrefix(got, "é") || strings.ContainsRune(got, '\uFFFD') {
		t.Errorf("multi-byte name cut badly: %q", got)
	}
	if got := ShortName(strings.Repeat("b", MaxNameBytes-4), ".svg"); len(got) != MaxNameBytes || strings.Contains(got, "-") {
		t.Errorf("a name that just fits was changed: %q", got)
	}
}

func TestErrorUnwraps(t *testing.T) {
	_, err := ReadIn(t.TempDir(), "absent", Result)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%v: want an *Error wrapping fs.ErrNotExist", err)
	}
}

// docs/security.md's table names every kind with its limit, as the code has it.
func TestReadmeListsEveryLimit(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "security.md"))
	if err != nil {
		t.Skip(err)
	}
	for _, k := range Kinds {
		found := false
		for _, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if strings.HasPrefix(line, "| "+k.Name) && strings.HasSuffix(line, "| "+size(k.Limit)+" |") {
				found = true
			}
		}
		if !found {
			t.Errorf("docs/security.md has no row \"| %s … | %s |\"", k.Name, size(k.Limit))
		}
	}
}
