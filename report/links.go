package report

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/internal/gitrev"
)

// The links a report makes out of the page are built from addresses a
// person configured (bqgen.yaml's repository:, --repository, --suite-url)
// and from names the suite and the index give. The rule: an address is an
// absolute http(s) URL with a host, no user, query or fragment; a commit a
// Git revision name; a path a relative slash path without "." or ".."
// segments. Anything else is refused when read (CheckURL, CheckCommit,
// RelativePath), so no link of the page leads anywhere but under an address
// its owner gave. Path segments are percent-escaped.

// CheckURL says why s cannot be a base address of links ("" when it can).
func CheckURL(s string) error {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return fmt.Errorf("%q is not a URL: %v", s, err)
	case u.Scheme != "https" && u.Scheme != "http":
		return fmt.Errorf("%q: want an https:// (or http://) address", s)
	case u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(s, " \t\n\"'<>\\`"):
		return fmt.Errorf("%q: want a plain address (a host, no user, query, fragment or quote)", s)
	}
	return nil
}

// CheckCommit says why s cannot be a commit in a link.
func CheckCommit(s string) error {
	if !gitrev.Plausible(s) || strings.Contains(s, "..") || strings.HasSuffix(s, "/") {
		return fmt.Errorf("commit %q: want a Git revision (hash, tag or branch name)", s)
	}
	return nil
}

// RelativePath says whether p is a relative slash path that stays where it
// is put: no leading '/', no Windows drive ("C:/..." or "C:..."), no
// empty, "." or ".." segment, no backslash. Such a path joins a link to
// the checkout; an absolute one would put the machine's own directories
// (/home/runner/work/..., C:/Users/...) in the page.
func RelativePath(p string) bool {
	if p == "" || strings.ContainsAny(p, "\\\x00") || hasDrive(p) {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// hasDrive says whether p starts with a Windows drive letter and colon.
func hasDrive(p string) bool {
	return len(p) >= 2 && p[1] == ':' && ('a' <= p[0]|0x20 && p[0]|0x20 <= 'z')
}

// joinURL is base followed by the path's segments, each percent-escaped,
// and an optional line anchor ("#L12"). base has been checked.
func joinURL(base string, p string, line int) string {
	var segs []string
	for _, s := range strings.Split(p, "/") {
		segs = append(segs, url.PathEscape(s))
	}
	u := strings.TrimSuffix(base, "/") + "/" + strings.Join(segs, "/")
	if line > 0 {
		u += "#L" + strconv.Itoa(line)
	}
	return u
}

// testURL is where an SDK target's generated test for res is, "" when the
// report does not know.
func testURL(s SDK, res Result) string {
	if s.RepositoryURL == "" || res.TestFile == "" {
		return ""
	}
	commit := s.Commit
	if commit == "" {
		commit = "HEAD"
	}
	file := res.TestFile
	if s.TestDir != "" {
		file = path.Join(s.TestDir, file)
	}
	return joinURL(s.RepositoryURL, "blob/"+commit+"/"+file, res.TestLine)
}

// fixtureURL and manifestURL are where the suite states a case.
func fixtureURL(r Report, c Case) string {
	if r.SuiteURL == "" || c.Fixture == "" {
		return ""
	}
	return joinURL(r.SuiteURL, c.Fixture, 0)
}

func manifestURL(r Report, c Case) string {
	if r.SuiteURL == "" || c.ManifestPointer == "" {
		return ""
	}
	return joinURL(r.SuiteURL, "manifest.json", c.ManifestLine)
}

// commitURL is the SDK's commit page, "" without both.
func commitURL(s SDK) string {
	if s.RepositoryURL == "" || s.Commit == "" {
		return ""
	}
	return joinURL(s.RepositoryURL, "commit/"+s.Commit, 0)
}

// checkLinks refuses a report (a merged one, read from a file) whose
// addresses and paths break the rule above.
func (r Report) checkLinks() error {
	if r.SuiteURL != "" {
		if err := CheckURL(r.SuiteURL); err != nil {
			return fmt.Errorf("suite_url: %w", err)
		}
	}
	for i, c := range r.Cases {
		if (c.Fixture != "" && !RelativePath(c.Fixture)) || c.ManifestLine < 0 {
			return fmt.Errorf("cases[%d]: fixture %q line %d is not a place in the suite", i, c.Fixture, c.ManifestLine)
		}
	}
	for i, s := range r.SDKs {
		at := fmt.Sprintf("sdks[%d] (%s)", i, SDKName(s.Repository, s.Target))
		if s.RepositoryURL != "" {
			if err := CheckURL(s.RepositoryURL); err != nil {
				return fmt.Errorf("%s: repository_url: %w", at, err)
			}
		}
		if s.Commit != "" {
			if err := CheckCommit(s.Commit); err != nil {
				return fmt.Errorf("%s: %w", at, err)
			}
		}
		if s.TestDir != "" && !RelativePath(s.TestDir) {
			return fmt.Errorf("%s: test_dir %q is not a relative slash path", at, s.TestDir)
		}
		if s.Date != "" && !datePattern.MatchString(s.Date) {
			return fmt.Errorf("%s: date %q: want YYYY-MM-DD", at, s.Date)
		}
		for id, res := range s.Results {
			if (res.TestFile != "" && !RelativePath(res.TestFile)) || res.TestLine < 0 {
				return fmt.Errorf("%s: case %q: test_file %q line %d is not a place in the checkout", at, id, res.TestFile, res.TestLine)
			}
		}
	}
	return nil
}

// datePattern is a day as reports give it.
var datePattern = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)

// CheckDate says why s is not a day a report can give (YYYY-MM-DD).
func CheckDate(s string) error {
	if !datePattern.MatchString(s) {
		return fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	return nil
}
