//go:build unix

package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

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

// ownerOf is the owner and group of the file info describes.
func ownerOf(info os.FileInfo) (uid, gid uint32) {
	st := info.Sys().(*syscall.Stat_t)
	return st.Uid, st.Gid
}

// ownPrivateGroup reports whether file's group is its owner's private group.
func ownPrivateGroup(t *testing.T, file string) bool {
	info, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	uid, gid := ownerOf(info)
	return privateGroup(uid, gid)
}

// refusedForItsOwner reports whether Load must refuse file, of mode perm,
// for who may write it (trust_unix.go).
func refusedForItsOwner(t *testing.T, file string, perm os.FileMode) bool {
	return perm&0o002 != 0 || perm&0o020 != 0 && !ownPrivateGroup(t, file)
}
