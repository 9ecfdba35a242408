package config

import (
	"path/filepath"
	"slices"
)

// Whoever can write a bqgen.yaml chooses where bqgen writes and what it
// removes there. bqgen finds the file upward from the working directory, so
// a bqgen.yaml that another user left in a shared directory above a checkout
// (/tmp, a shared workspace) would be obeyed by everyone working below it.
// Like git with a repository another user owns (safe.directory), bqgen
// therefore obeys a config only when it belongs to the user running bqgen
// and no other user may write it, unless TrustEnv says otherwise. That is
// the rule on Unix (trust_unix.go). Windows gives a file no Unix owner and
// mode bits, and its ACLs are not read (trust_other.go): there a config is
// obeyed as a file of one's own is on Unix, and TrustEnv changes nothing.

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
