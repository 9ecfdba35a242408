package config

import (
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
)

// Whoever can write a bqgen.yaml chooses where bqgen writes and what it
// removes there. bqgen finds the file upward from the working directory, so
// a bqgen.yaml that another user left in a shared directory above a checkout
// (/tmp, a shared workspace) would be obeyed by everyone working below it.
// Like git with a repository another user owns (safe.directory), bqgen
// therefore obeys a config only when it belongs to the user running bqgen
// and no other user may write it, unless TrustEnv says otherwise.

// TrustEnv is the environment variable that lets bqgen obey config files
// that fail that rule: "*" for every file, or the paths of files (or of the
// directories holding them) separated by the list separator (":").
const TrustEnv = "BQGEN_TRUST_CONFIG"

// Trust is the user's word that some config files may be obeyed although
// another user owns them or may write them.
type Trust struct {
	all   bool
	paths []string // real paths of trusted files and directories
}

// ParseTrust reads the value of TrustEnv.
func ParseTrust(value string) Trust {
	var t Trust
	for _, p := range filepath.SplitList(value) {
		switch {
		case p == "*":
			t.all = true
		case p != "":
			t.paths = append(t.paths, realPath(p))
		}
	}
	return t
}

// allows reports whether the config file at the real path file is trusted,
// by its own path or its directory's.
func (t Trust) allows(file string) bool {
	return t.all || slices.Contains(t.paths, file) || slices.Contains(t.paths, filepath.Dir(file))
}

// realPath is p absolute and with its links resolved, as far as it exists.
func realPath(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return p
}

// checkOwner refuses a config that another user owns or may write.
func checkOwner(file string, info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil // no owner to check on this system
	}
	if me := uint32(os.Geteuid()); st.Uid != me {
		return fmt.Errorf("%s is owned by %s, not by you, %s: bqgen obeys only a %s of your own, since it says where bqgen writes; if you trust this one, set %s=%s",
			file, userName(st.Uid), userName(me), FileName, TrustEnv, realPath(file))
	}
	if perm := info.Mode().Perm(); perm&0o002 != 0 || (perm&0o020 != 0 && !privateGroup(st.Uid, st.Gid)) {
		return fmt.Errorf("%s is writable by other users (%s): whoever can write a %s chooses where bqgen writes; run chmod go-w on it, or, if you trust it, set %s=%s",
			file, perm, FileName, TrustEnv, realPath(file))
	}
	return nil
}

// privateGroup reports whether gid is the user private group of uid: the
// user's primary group, named as the user. Systems that give every user one
// set umask 002, so files are group-writable with no other user in the group.
func privateGroup(uid, gid uint32) bool {
	u, err := user.LookupId(strconv.FormatUint(uint64(uid), 10))
	if err != nil {
		return false
	}
	g, err := user.LookupGroupId(strconv.FormatUint(uint64(gid), 10))
	return err == nil && u.Gid == g.Gid && u.Username == g.Name
}

// userName is "NAME (uid N)", or "uid N" for a uid without a name.
func userName(uid uint32) string {
	id := strconv.FormatUint(uint64(uid), 10)
	if u, err := user.LookupId(id); err == nil {
		return u.Username + " (uid " + id + ")"
	}
	return "uid " + id
}
