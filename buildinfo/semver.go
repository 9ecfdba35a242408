package buildinfo

import (
	"strconv"
	"strings"
)

// Which bqgen wrote a target is recorded in the target's ledger, and check
// run by an older bqgen than that says so rather than report drift: the
// difference is the newer bqgen's output, not an edit. Versions compare as
// semantic versions (https://semver.org), with Go's leading "v": releases
// (v1.2.3), pre-releases (v1.3.0-rc.1) and the pseudo-versions of source
// builds (v1.2.4-0.20261202024810-313c128abcde+dirty), which sort after the
// tag they follow and before the next; build metadata ("+dirty") does not
// count. A version that is not one (Devel) is never older or newer than
// another: check then compares the files as usual.

// Newer reports whether recorded is a later version than running; false
// when either is not a semantic version.
func Newer(recorded, running string) bool {
	c, ok := Compare(recorded, running)
	return ok && c > 0
}

// Compare orders two semantic versions: -1, 0 or +1, and ok false when
// either is not one.
func Compare(a, b string) (int, bool) {
	va, oka := parse(a)
	vb, okb := parse(b)
	if !oka || !okb {
		return 0, false
	}
	for i := range va.core {
		if c := cmpInt(va.core[i], vb.core[i]); c != 0 {
			return c, true
		}
	}
	return comparePre(va.pre, vb.pre), true
}

type version struct {
	core [3]uint64
	pre  []string // nil for a release
}

// IsSemver reports whether v is a semantic version with a leading "v".
func IsSemver(v string) bool {
	_, ok := parse(v)
	return ok
}

func parse(v string) (version, bool) {
	var out version
	rest, ok := strings.CutPrefix(v, "v")
	if !ok || len(v) > 128 {
		return out, false
	}
	rest, build, hasBuild := strings.Cut(rest, "+")
	if hasBuild && !identifiers(build, false) {
		return out, false
	}
	rest, pre, hasPre := strings.Cut(rest, "-")
	if hasPre {
		if !identifiers(pre, true) {
			return out, false
		}
		out.pre = strings.Split(pre, ".")
	}
	parts := strings.Split(rest, ".")
	if len(parts) != 3 {
		return out, false
	}
	for i, p := range parts {
		n, ok := number(p)
		if !ok {
			return out, false
		}
		out.core[i] = n
	}
	return out, true
}

// number parses a numeric identifier: digits, no leading zero.
func number(s string) (uint64, bool) {
	if s == "" || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}

// identifiers checks dot-separated identifiers of [0-9A-Za-z-]; numeric
// ones of a pre-release have no leading zero.
func identifiers(s string, pre bool) bool {
	for _, id := range strings.Split(s, ".") {
		if id == "" {
			return false
		}
		for _, c := range id {
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
				return false
			}
		}
		if pre && isDigits(id) && len(id) > 1 && id[0] == '0' {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// comparePre orders pre-releases: none is higher than any; identifiers
// compare in turn, numbers numerically and below words; a longer list
// that agrees so far is higher.
func comparePre(a, b []string) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := compareIdent(a[i], b[i]); c != 0 {
			return c
		}
	}
	return cmpInt(uint64(len(a)), uint64(len(b)))
}

func compareIdent(a, b string) int {
	na, nb := isDigits(a), isDigits(b)
	switch {
	case na && nb:
		if len(a) != len(b) {
			return cmpInt(uint64(len(a)), uint64(len(b)))
		}
		return strings.Compare(a, b)
	case na:
		return -1
	case nb:
		return 1
	}
	return strings.Compare(a, b)
}

func cmpInt(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
