package report

import (
	"strings"
	"testing"
)

func TestCheckTitle(t *testing.T) {
	for title, want := range map[string]string{
		"SDK conformance":              "",
		"Conformité · 適合性 <b>&amp;\"'": "",
		strings.Repeat("x", 200):       "",
		strings.Repeat("é", 100):       "", // 200 bytes
		"":                             "empty",
		"   ":                          "empty",
		strings.Repeat("x", 201):       "201 bytes, over the 200",
		strings.Repeat("é", 101):       "202 bytes, over the 200",
		"a\nb":                         "control character U+000A",
		"a\tb":                         "control character U+0009",
		"\x1b[31mred":                  "control character U+001B",
		"a\u0085b":                     "control character U+0085",
		"bad\xffutf8":                  "not UTF-8",
	} {
		err := CheckTitle(title)
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("CheckTitle(%q) = %v, want %q", title, err, want)
		}
	}
}

// The title heads the index and follows each target's name in its page's
// title, as text: markup in it is escaped, not obeyed. Without one the
// titles are what they always were.
func TestHTMLTitle(t *testing.T) {
	r, h, ch := demoReport(t)
	title := `SDK <script>alert(1)</script> & "friends"`
	for _, c := range []struct{ title, index, target string }{
		{"", DefaultHTMLTitle, "babelqueue-go · go core: BabelQueue conformance"},
		{title, title, "babelqueue-go · go core: " + title},
	} {
		o := HTMLOptions{Title: c.title, Changes: ch, History: &h}
		site, err := HTMLSite(r, o)
		if err != nil {
			t.Fatal(err)
		}
		single, err := HTMLPage(r, o)
		if err != nil {
			t.Fatal(err)
		}
		for name, page := range map[string][]byte{"the one page": single, "the index": site[HTMLIndexFile], "a target's page": site[HTMLTargetFile(0, r.SDKs[0])]} {
			root := parseMarkup(t, page, true)
			want := c.index
			if name == "a target's page" {
				want = c.target
			} else if h1 := root.all(elementNamed("h1")); len(h1) != 1 || h1[0].text() != c.index {
				t.Errorf("%s, title %q: heading %v", name, c.title, h1)
			}
			if got := root.all(elementNamed("title"))[0].text(); got != want {
				t.Errorf("%s: <title> %q, want %q", name, got, want)
			}
			if strings.Contains(string(page), "<script") {
				t.Errorf("%s: the title's markup became markup", name)
			}
		}
	}
	if _, err := HTMLPage(r, HTMLOptions{Title: "a\nb"}); err == nil || !strings.Contains(err.Error(), "U+000A") {
		t.Errorf("a title with a newline: %v", err)
	}
}
