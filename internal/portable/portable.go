// Package portable says whether a file name works on every file system an
// SDK repository is checked out on: Linux's, macOS's (APFS and HFS+,
// which ignore case and Unicode normalization) and Windows' (NTFS, which
// ignores case, drops trailing dots and spaces, reserves device names and
// gives every file an 8.3 short name). A suite's files and bqgen's outputs
// travel between all three in git, so bqgen refuses a name that one of them
// would read as another name, as a device, or as a version control
// system's own directory.
package portable

import (
	"strings"
	"unicode"
)

// Key is the same for two names that one of those file systems holds as
// one file: NFD(fold(NFD(name))), without the characters HFS+ ignores.
// fold maps every character of a case-folding orbit (unicode.SimpleFold,
// Unicode's simple case folding) to one member, and also the characters
// whose upper case lies outside their orbit (Turkish dotless ı, which
// NTFS upper-cases to I) to that one: two names equal under simple case
// folding or Unicode normalization get one key, as on macOS and Windows.
// A key is for comparing, never for showing.
func Key(name string) string {
	first := nfd(strings.Map(dropIgnorable, name))
	var folded strings.Builder
	folded.Grow(len(name))
	for _, r := range first {
		folded.WriteRune(fold(r))
	}
	return string(nfd(folded.String()))
}

// fold is the least of lower(upper(x)) over r's case-folding orbit: the
// same for every member, and a lower-case letter where there is one.
func fold(r rune) rune {
	least := unicode.ToLower(unicode.ToUpper(r))
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, unicode.ToLower(unicode.ToUpper(f)))
	}
	return least
}

// dropIgnorable removes the code points HFS+ ignores in a name (git's
// is_hfs_dotgit lists them): ".git\u200c" is .git there.
func dropIgnorable(r rune) rune {
	switch {
	case r >= 0x200C && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x206A && r <= 0x206F, r == 0xFEFF:
		return -1
	}
	return r
}
