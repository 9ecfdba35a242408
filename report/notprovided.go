package report

import (
	"regexp"
	"strings"
)

// notProvidedSkip matches the skip message of a generated test whose
// subject reports an operation not provided, in every language's wording:
//
//	"not provided: <reason>"                   Python
//	"<op>: not provided: <reason>"             Go (t.Skipf("%s: %v", op, err))
//	"not provided by the subject: <reason>"    PHP, Java
//	"<op> is not provided: <reason>"           Node, .NET
//
// A Go skip reported with its "file_test.go:12: " prefix is matched too.
var notProvidedSkip = regexp.MustCompile(`^(?:[\w.-]+\.go:\d+: )?(?:([^\n]*?)(?::| is) )?not provided(?: by the subject)?: `)

// notProvidedReason is the reason a not-provided skip carries ("<op>:
// <reason>" where the message names the operation), and whether msg is one.
func notProvidedReason(msg string) (string, bool) {
	msg = strings.TrimSpace(msg)
	m := notProvidedSkip.FindStringSubmatchIndex(msg)
	if m == nil {
		return "", false
	}
	reason := strings.TrimSpace(msg[m[1]:])
	if m[2] >= 0 && m[3] > m[2] {
		reason = msg[m[2]:m[3]] + ": " + reason
	}
	return reason, true
}
