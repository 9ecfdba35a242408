package portable

import (
	"fmt"
	"strings"
)

// Problem says why the slash path p is not a portable name, "" when it is:
// a part of it is a version control system's directory in some spelling,
// a Windows device name, a Windows 8.3 short name, ends in a dot or a
// space, or holds a character Windows does not allow. Other rules (no
// "..", no control character, UTF-8) are the caller's.
func Problem(p string) string {
	for _, part := range strings.Split(p, "/") {
		if why := partProblem(part); why != "" {
			return why
		}
	}
	return ""
}

func partProblem(part string) string {
	switch {
	case IsVCSDir(part):
		return fmt.Sprintf("%q is a version control system's own directory (.git, .hg, .svn, .bzr, _darcs or CVS, in any spelling a file system reads as one): bqgen never reads or writes there", part)
	case IsDeviceName(part):
		return fmt.Sprintf("%q is a Windows device name (CON, PRN, AUX, NUL, COM0-9, LPT0-9, CONIN$, CONOUT$, in any case and with any extension): Windows cannot hold such a file", part)
	case isShortName(part):
		return fmt.Sprintf("%q has the form of a Windows 8.3 short name (as GIT~1 is for .git), which can name another file there", part)
	case strings.HasSuffix(part, ".") || strings.HasSuffix(part, " "):
		return fmt.Sprintf("%q ends in a dot or a space, which Windows drops (it would name another file there)", part)
	}
	if i := strings.IndexAny(part, `<>:"|?*\`); i >= 0 {
		return fmt.Sprintf("%q holds %q, which Windows does not allow in a name", part, part[i:i+1])
	}
	return ""
}

// vcsDirs are the directories version control systems keep their own
// state in (hooks that run, objects, configuration), as Key spells them.
var vcsDirs = map[string]bool{".git": true, ".hg": true, ".svn": true, ".bzr": true, "_darcs": true, "cvs": true}

// IsVCSDir reports whether a file system may read the name part as a
// version control system's directory: in any case (NTFS, APFS), with
// trailing dots or spaces (NTFS drops them), with characters HFS+ ignores,
// or as NTFS's 8.3 short name of .git (GIT~1; other short names are
// refused by Problem as a whole).
func IsVCSDir(part string) bool {
	name := Key(strings.TrimRight(strings.Map(dropIgnorable, part), ". "))
	return vcsDirs[name] || name == "git~1"
}

// VCSDirIn is the first part of the slash path p that IsVCSDir reports, ""
// when none is: a path with one in it leads into that system's state.
func VCSDirIn(p string) string {
	for _, part := range strings.Split(p, "/") {
		if IsVCSDir(part) {
			return part
		}
	}
	return ""
}

// devices are the names Windows reserves for devices, in upper case; the
// superscript digits count as digits there.
var devices = func() map[string]bool {
	m := map[string]bool{"CON": true, "PRN": true, "AUX": true, "NUL": true, "CONIN$": true, "CONOUT$": true}
	for _, d := range []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"} {
		m["COM"+d], m["LPT"+d] = true, true
	}
	return m
}()

// IsDeviceName reports whether Windows reads the name part as a device:
// its base (before the first dot, trailing spaces and dots dropped, as
// Windows drops them) is a reserved name in any case: "con.svg" and
// "Con .txt" are the console.
func IsDeviceName(part string) bool {
	base, _, _ := strings.Cut(strings.TrimRight(part, ". "), ".")
	return devices[strings.ToUpper(strings.TrimRight(base, " "))]
}

// isShortName reports whether part has the shape of an NTFS 8.3 short
// name: a base of at most 8 characters ending in "~" and digits, and an
// extension of at most 3.
func isShortName(part string) bool {
	base, ext := part, ""
	if i := strings.LastIndexByte(part, '.'); i >= 0 {
		base, ext = part[:i], part[i+1:]
	}
	tilde := strings.LastIndexByte(base, '~')
	if len(base) > 8 || len(ext) > 3 || tilde < 1 || tilde == len(base)-1 {
		return false
	}
	return strings.Trim(base[tilde+1:], "0123456789") == ""
}

// SafeName is the file name part name, changed where Windows would not
// hold it as a file: a device's base gets a "_" ("con.x" becomes
// "con_.x"), and trailing dots and spaces go.
func SafeName(name string) string {
	name = strings.TrimRight(name, ". ")
	if !IsDeviceName(name) {
		return name
	}
	base, ext, dotted := strings.Cut(name, ".")
	base = strings.TrimRight(base, " ") + "_"
	if dotted {
		return base + "." + ext
	}
	return base
}
