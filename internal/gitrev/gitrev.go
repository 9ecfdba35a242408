// Package gitrev holds the shape bqgen accepts for a Git revision named in
// a config or a report: a hash, a tag or a branch.
package gitrev

// MaxLen is the longest revision name accepted.
const MaxLen = 200

// Plausible reports whether s has a revision name's shape: 1 to MaxLen
// bytes, an ASCII letter or digit first, then letters, digits and ". _ /
// -". (A loop, not a regular expression: {0,199} compiles to two hundred
// copies of a class, and both packages using this are initialised by
// every bqgen process, the oracle server's included.)
func Plausible(s string) bool {
	if len(s) == 0 || len(s) > MaxLen || !alnum(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !alnum(c) && c != '.' && c != '_' && c != '/' && c != '-' {
			return false
		}
	}
	return true
}

func alnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
