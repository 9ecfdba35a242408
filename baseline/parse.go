package baseline

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a baseline that cannot be read: the file, and each problem
// with its line.
type Error struct {
	File     string
	Problems []string
}

func (e *Error) Error() string {
	return e.File + ": " + strings.Join(e.Problems, "; ")
}

// maxProblems is how many problems an error lists before it stops: a file
// that is not a baseline at all says so in a few lines.
const maxProblems = 10

// Parse reads the baseline in data, read from the file name (as shown). A
// line that is not an entry, a case twice, or more than MaxEntries entries
// is an error naming the line; blank lines and "#" comments are skipped.
// The work is linear in the size of data.
func Parse(name string, data []byte) (File, error) {
	var f File
	var problems []string
	seen := map[string]int{}
	problem := func(line int, format string, args ...any) {
		if len(problems) < maxProblems {
			problems = append(problems, fmt.Sprintf("line %d: ", line)+fmt.Sprintf(format, args...))
		}
	}
	for i, raw := range bytes.Split(data, []byte("\n")) {
		line := i + 1
		text := strings.TrimSuffix(string(raw), "\r")
		if t := strings.TrimSpace(text); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		e, err := parseLine(text)
		switch {
		case err != nil:
			problem(line, "%v", err)
			continue
		case seen[e.Case] > 0:
			problem(line, "case %s is listed twice (first on line %d)", quoted(e.Case), seen[e.Case])
			continue
		case len(f.Entries) == MaxEntries:
			problem(line, "more than %d entries: a target that fails this many cases leaves the block out", MaxEntries)
			return File{}, &Error{File: name, Problems: problems}
		}
		e.line = line
		seen[e.Case] = line
		f.Entries = append(f.Entries, e)
	}
	if len(problems) > 0 {
		return File{}, &Error{File: name, Problems: problems}
	}
	return f, nil
}

// parseLine reads `"<case id>" <version> "<message>"`.
func parseLine(text string) (Entry, error) {
	if len(text) > maxLine {
		return Entry{}, fmt.Errorf("longer than %d bytes", maxLine)
	}
	if !utf8.ValidString(text) {
		return Entry{}, errors.New("not UTF-8")
	}
	id, rest, err := quotedField(text, "the case id")
	if err != nil {
		return Entry{}, err
	}
	version, rest, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
	if !validVersion(version) && version != "unversioned" {
		return Entry{}, fmt.Errorf("%s is not a suite version (want, e.g., 1.7.0)", quoted(version))
	}
	msg, rest, err := quotedField(strings.TrimLeft(rest, " "), "the message")
	if err != nil {
		return Entry{}, err
	}
	switch {
	case strings.TrimSpace(rest) != "":
		return Entry{}, fmt.Errorf("unexpected %s after the message", quoted(cut(strings.TrimSpace(rest), 20)))
	case id == "":
		return Entry{}, errors.New("the case id is empty")
	case len(id) > MaxCaseID:
		return Entry{}, fmt.Errorf("the case id is longer than %d bytes", MaxCaseID)
	case !strings.Contains(id, "/"):
		return Entry{}, fmt.Errorf("case %s is not \"<block>/<case name>\" (bqgen cases lists the ids)", quoted(id))
	}
	return Entry{Case: id, Suite: version, Message: Message(msg)}, nil
}

// quotedField reads the Go string literal that starts s.
func quotedField(s, what string) (value, rest string, err error) {
	lit, err := strconv.QuotedPrefix(s)
	if err != nil || !strings.HasPrefix(lit, `"`) {
		return "", "", fmt.Errorf("%s is not a quoted string (\"...\")", what)
	}
	value, err = strconv.Unquote(lit)
	if err != nil || !utf8.ValidString(value) {
		return "", "", fmt.Errorf("%s is not a valid quoted string", what)
	}
	return value, s[len(lit):], nil
}
