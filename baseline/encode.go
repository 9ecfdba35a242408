package baseline

import (
	"sort"
	"strings"
)

// header says what the file is to whoever opens it in a pull request.
const header = `# bqgen baseline: the cases this SDK fails today, one a line.
# Written by bqgen baseline from a run's results; review it as code. While a
# listed case fails, its generated test reports a known failure (never a
# pass); once the SDK passes it, the test fails until its line goes (bqgen
# baseline removes it). A case not listed that fails fails the gate.
# "<case id>" <suite version> "<the runner's message>"
`

// Encode is the file of f: the header, then one line per entry sorted by
// case id, so that two runs give the same bytes and a change is a line.
func Encode(f File) []byte {
	entries := append([]Entry(nil), f.Entries...)
	sort.Slice(entries, func(i, j int) bool { return entries[i].Case < entries[j].Case })
	var b strings.Builder
	b.WriteString(header)
	for _, e := range entries {
		b.WriteString(quoted(e.Case))
		b.WriteByte(' ')
		b.WriteString(versionToken(e.Suite))
		b.WriteByte(' ')
		b.WriteString(quoted(Message(e.Message)))
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// versionToken is a suite version as a bare token: a version that is not
// one (a hostile CONFORMANCE_VERSION reaches here only through a validated
// suite, but the file must parse whatever it holds) is "unversioned".
func versionToken(v string) string {
	if validVersion(v) {
		return v
	}
	return "unversioned"
}

func validVersion(v string) bool {
	if v == "" || len(v) > maxVersion {
		return false
	}
	for _, r := range v {
		ok := r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '.' || r == '-' || r == '+'
		if !ok {
			return false
		}
	}
	return true
}
