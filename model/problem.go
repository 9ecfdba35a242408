package model

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Severity says whether a problem makes a suite unusable.
type Severity int

const (
	// Error: the suite is wrong; nothing may be generated from it.
	Error Severity = iota
	// Warning: worth knowing (an unknown block, no CONFORMANCE_VERSION) but harmless.
	Warning
)

// Problem is one finding about a suite, located by file and JSON pointer, and
// by line and column when the file is not even JSON.
type Problem struct {
	Severity     Severity
	File         string // slash path inside the suite
	Pointer      string // RFC 6901, "" for the whole file
	Line, Column int    // 0 when unknown
	Message      string
}

// String formats the problem as "file: pointer: message" (or
// "file:line:col: message" for syntax errors), the line format of validate.
func (p Problem) String() string {
	prefix := ""
	if p.Severity == Warning {
		prefix = "warning: "
	}
	file := printableName(p.File)
	if p.Line > 0 {
		return fmt.Sprintf("%s%s:%d:%d: %s", prefix, file, p.Line, p.Column, p.Message)
	}
	if p.Pointer == "" {
		return fmt.Sprintf("%s%s: %s", prefix, file, p.Message)
	}
	return fmt.Sprintf("%s%s: %s: %s", prefix, file, p.Pointer, p.Message)
}

// printableName is a file name as a report shows it: quoted, with escapes,
// when it holds what a terminal would act on (a control character, bytes
// that are not UTF-8), so a suite's file name cannot drive the terminal.
func printableName(name string) string {
	if utf8.ValidString(name) && strings.IndexFunc(name, unicode.IsControl) < 0 {
		return name
	}
	return strconv.Quote(name)
}

// Problems is a list of findings.
type Problems []Problem

// Errors returns only the problems of Error severity.
func (ps Problems) Errors() Problems { return ps.filter(Error) }

// Warnings returns only the problems of Warning severity.
func (ps Problems) Warnings() Problems { return ps.filter(Warning) }

func (ps Problems) filter(s Severity) Problems {
	var out Problems
	for _, p := range ps {
		if p.Severity == s {
			out = append(out, p)
		}
	}
	return out
}

// Sorted orders problems by file, then by position in the file, so reports
// are stable from run to run.
func (ps Problems) Sorted() Problems {
	out := append(Problems(nil), ps...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Line < out[j].Line
	})
	return out
}

// SuiteError is returned when a suite has errors; it carries all of them.
type SuiteError struct{ Problems Problems }

func (e *SuiteError) Error() string {
	errs := e.Problems.Errors()
	if len(errs) == 1 {
		return errs[0].String()
	}
	return fmt.Sprintf("%s (and %d more problems)", errs[0], len(errs)-1)
}
