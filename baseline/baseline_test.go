package baseline

import (
	"strconv"
	"strings"
	"testing"
)

func TestEncodeParseRoundTrip(t *testing.T) {
	in := File{Entries: []Entry{
		{Case: "sqs/reject string U+00A0 1", Suite: "1.7.0", Message: "expected rejected, got accepted"},
		{Case: "cases/a \"quoted\"\u202e\x00 name", Suite: "1.7.0-rc.1+x", Message: "line one\n  line two"},
		{Case: "cases/b", Suite: "not a version!", Message: "\x1b[31mred\u200b"},
	}}
	data := Encode(in)
	for _, bad := range []string{"\u202e", "\x00", "\x1b", "\u200b"} {
		if strings.Contains(string(data), bad) {
			t.Errorf("the file holds %q raw:\n%s", bad, data)
		}
	}
	got, err := Parse("b", data)
	if err != nil {
		t.Fatal(err)
	}
	byCase := got.ByCase()
	if len(byCase) != 3 {
		t.Fatalf("%d entries:\n%s", len(byCase), data)
	}
	if e := byCase["cases/a \"quoted\"\u202e\x00 name"]; e.Message != "line one" || e.Suite != "1.7.0-rc.1+x" || e.Line() != 7 {
		t.Errorf("%+v", e)
	}
	if e := byCase["cases/b"]; e.Suite != "unversioned" || e.Message != "\x1b[31mred\u200b" {
		t.Errorf("%+v", e)
	}
	if again := Encode(got); string(again) != string(data) {
		t.Errorf("not stable:\n%s\n%s", data, again)
	}
}

func TestEncodeSortsByCase(t *testing.T) {
	data := string(Encode(File{Entries: []Entry{{Case: "z/1", Suite: "1.0.0"}, {Case: "a/1", Suite: "1.0.0"}}}))
	if strings.Index(data, `"a/1"`) > strings.Index(data, `"z/1"`) {
		t.Errorf("not sorted:\n%s", data)
	}
}

func TestParseNamesTheLine(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`cases/a 1.0.0 "m"`, `line 2: the case id is not a quoted string`},
		{`"cases/a" 1.0.0`, `line 2: the message is not a quoted string`},
		{`"cases/a" 1.0.0 "m" extra`, `line 2: unexpected "extra" after the message`},
		{`"cases/a" v;1 "m"`, `line 2: "v;1" is not a suite version`},
		{`"nocase" 1.0.0 "m"`, `line 2: case "nocase" is not "<block>/<case name>"`},
		{`"" 1.0.0 "m"`, `line 2: the case id is empty`},
		{"\"cases/a\" 1.0.0 \"m\"\n\"cases/a\" 1.0.0 \"n\"", `line 3: case "cases/a" is listed twice (first on line 2)`},
		{"\"cases/\xff\" 1.0.0 \"m\"", `line 2: not UTF-8`},
		{`"cases/` + strings.Repeat("x", 5000) + `" 1.0.0 "m"`, `line 2: longer than 4096 bytes`},
	} {
		_, err := Parse(".bqgen/go.baseline", []byte("# comment\n"+c.text+"\n"))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), ".bqgen/go.baseline: ") {
			t.Errorf("%q: got %v, want %q", c.text, err, c.want)
		}
	}
}

func TestParseRefusesMoreThanMaxEntries(t *testing.T) {
	var b strings.Builder
	for i := 0; i <= MaxEntries; i++ {
		b.WriteString(`"cases/c` + strconv.Itoa(i) + `" 1.0.0 "m"` + "\n")
	}
	_, err := Parse("f", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "more than 2000 entries") {
		t.Errorf("got %v", err)
	}
}

func TestMessageIsOneBoundedLine(t *testing.T) {
	long := strings.Repeat("é", 300)
	if got := Message("\n  \n" + long + "\nsecond"); len([]rune(got)) != MaxMessage || !strings.HasSuffix(got, "…") {
		t.Errorf("%d runes: %q", len([]rune(got)), got)
	}
	if got := Message("a\tb   c\xff"); got != "a b c\uFFFD" {
		t.Errorf("%q", got)
	}
}

func TestParseAcceptsCRLFAndBlankLines(t *testing.T) {
	f, err := Parse("f", []byte("# x\r\n\r\n\"cases/a\" 1.0.0 \"m\"\r\n"))
	if err != nil || len(f.Entries) != 1 || f.Entries[0].Message != "m" {
		t.Errorf("%+v %v", f, err)
	}
}
