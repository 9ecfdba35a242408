package report

import (
	"strings"
	"testing"
)

// A merged JSON report whose addresses or paths could lead a link
// elsewhere is refused, naming the place.
func TestReadJSONRefusesBadLinks(t *testing.T) {
	doc := func(sdk, cases, suiteURL string) string {
		return `{"bqgen_report": 1, "newest_conformance_version": "1", "suite_url": "` + suiteURL + `",
 "cases": [{"id": "a/1", "block": "a"` + cases + `}],
 "sdks": [{"repository": "r", "target": "t", "lang": "go", "conformance_version": "1", "others": 0, "runner": {}` + sdk + `,
  "results": {"a/1": {"status": "pass", "test_file": "x_test.go", "test_line": 3}}}]}`
	}
	if _, err := ReadJSON("ok.json", []byte(doc(`, "repository_url": "https://github.com/o/r", "commit": "abc", "test_dir": "t"`, `, "fixture": "fixtures/a.json"`, "https://github.com/o/s/blob/1"))); err != nil {
		t.Fatalf("a good report: %v", err)
	}
	for _, c := range []struct{ sdk, cases, suite, want string }{
		{`, "repository_url": "javascript:alert(1)"`, "", "", "repository_url"},
		{`, "repository_url": "https://x.org/\"><script>"`, "", "", "repository_url"},
		{`, "commit": "../../../evil"`, "", "", "commit"},
		{`, "test_dir": "../up"`, "", "", "test_dir"},
		{`, "date": "yesterday"`, "", "", "date"},
		{"", `, "fixture": "/etc/passwd"`, "", "fixture"},
		{"", `, "fixture": "C:/Users/runner/fixtures/a.json"`, "", "fixture"},
		{`, "test_dir": "D:/a/repo/repo/tests"`, "", "", "test_dir"},
		{"", "", "data:text/html,x", "suite_url"},
	} {
		_, err := ReadJSON("bad.json", []byte(doc(c.sdk, c.cases, c.suite)))
		if err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s%s%s: %v", c.sdk, c.cases, c.suite, err)
		}
	}
}

func TestLinkURLs(t *testing.T) {
	s := SDK{RepositoryURL: "https://github.com/o/r/", Commit: "abc", TestDir: "sdk/tests"}
	if got := testURL(s, Result{TestFile: "a b#.go", TestLine: 7}); got != "https://github.com/o/r/blob/abc/sdk/tests/a%20b%23.go#L7" {
		t.Errorf("test URL %s", got)
	}
	s.Commit = ""
	if got := testURL(s, Result{TestFile: "x.go"}); got != "https://github.com/o/r/blob/HEAD/sdk/tests/x.go" {
		t.Errorf("test URL without a commit %s", got)
	}
	r := Report{SuiteURL: "https://github.com/o/s/blob/1.4.0"}
	c := Case{Fixture: "fixtures/x?.json", ManifestPointer: "/cases/0", ManifestLine: 5}
	if fixtureURL(r, c) != "https://github.com/o/s/blob/1.4.0/fixtures/x%3F.json" || manifestURL(r, c) != "https://github.com/o/s/blob/1.4.0/manifest.json#L5" {
		t.Errorf("suite URLs %s %s", fixtureURL(r, c), manifestURL(r, c))
	}
}

// A path joined to a link stays in the checkout: no absolute path of the
// machine that ran the tests, POSIX or Windows, gets into a link.
func TestRelativePath(t *testing.T) {
	for p, want := range map[string]bool{
		"tests/test_cases.py":     true,
		"x_test.go":               true,
		"src/a:b/c.go":            true, // a colon past the first byte pair is a name's
		"/home/runner/work/r/r/x": false,
		"C:/Users/runner/x.py":    false,
		"c:relative.py":           false,
		`C:\Users\runner\x.py`:    false,
		`tests\x.py`:              false,
		"../x":                    false,
		"a//b":                    false,
		"./a":                     false,
		"":                        false,
	} {
		if got := RelativePath(p); got != want {
			t.Errorf("RelativePath(%q) = %v, want %v", p, got, want)
		}
	}
}
