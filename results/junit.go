package results

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// junitSuite is a <testsuites> or <testsuite> element: JUnit XML has no
// single schema, and its writers nest suites (PHPUnit: a data provider's
// cases in a suite inside the class's; pytest: one suite in <testsuites>)
// and put cases straight under <testsuites> (node:test: a test outside any
// describe).
type junitSuite struct {
	Name     string `xml:"name,attr"`
	Tests    string `xml:"tests,attr"`
	Failures string `xml:"failures,attr"`
	Errors   string `xml:"errors,attr"`
	Skipped  string `xml:"skipped,attr"`
	// Timestamp is when the suite started (pytest, Surefire).
	Timestamp string       `xml:"timestamp,attr"`
	Suites    []junitSuite `xml:"testsuite"`
	Cases     []junitCase  `xml:"testcase"`
	// Comments are node:test's closing totals (<!-- tests 11 -->), run
	// together.
	Comments string `xml:",comment"`
}

type junitCase struct {
	Name      string `xml:"name,attr"`
	ClassName string `xml:"classname,attr"`
	// Class is PHPUnit 10's, which writes no classname.
	Class    string        `xml:"class,attr"`
	Failures []junitDetail `xml:"failure"`
	Errors   []junitDetail `xml:"error"`
	Skipped  *junitDetail  `xml:"skipped"`
}

type junitDetail struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// readJUnit reads JUnit XML as pytest, PHPUnit, Maven Surefire, the JUnit
// console launcher and node:test write it. Names are what the XML decoder
// yields and nothing more: node:test escapes a name's quote twice
// (&amp;quot;), so a node name 'say "hi"' reads as `say &quot;hi&quot;`,
// which is how the node index lists it too. Undoing that here would make
// the file mean something other than what it says.
func readJUnit(name string, data []byte) (Run, error) {
	var root junitSuite
	if err := decodeXML(name, data, &root); err != nil {
		return Run{}, err
	}
	run := Run{Format: FormatJUnitXML}
	if root.fromNodeTest() {
		budget := pathBudget{left: maxPathBytesPerByte*len(data) + maxSuitePath}
		if err := root.collectNodeTest("", &run.Tests, &budget); err != nil {
			return Run{}, fmt.Errorf("%s: %w", name, err)
		}
	} else {
		root.collect("", &run.Tests)
	}
	declared, err := root.declared()
	if err != nil {
		return Run{}, fmt.Errorf("%s: %w", name, err)
	}
	run.Declared = declared
	run.Day = root.day()
	return run, nil
}

// day is the earliest day of the suite's and its nested suites' timestamps.
func (s junitSuite) day() string {
	d := dayOf(s.Timestamp)
	for _, nested := range s.Suites {
		d = earlier(d, nested.day())
	}
	return d
}

// collect appends the suite's cases, then its nested suites' (encoding/xml
// keeps the order within each element kind, not across kinds; the order
// carries no meaning beyond being the same on every read).
func (s junitSuite) collect(suite string, into *[]Test) {
	if s.Name != "" {
		suite = s.Name
	}
	for _, c := range s.Cases {
		*into = append(*into, c.test(suite))
	}
	for _, nested := range s.Suites {
		nested.collect(suite, into)
	}
}

// fromNodeTest reports a node:test junit file: its root carries the
// reporter's closing totals as comments.
func (s junitSuite) fromNodeTest() bool {
	return nodeTotal.MatchString(s.Comments)
}

// collectNodeTest is collect for node:test, whose every classname is
// "test" and which names no file: a test's suite is the path of describe
// blocks around it (their <testsuite> names joined with " > "), "" at the
// top level, as the node test index lists it.
//
// A path is at most maxSuitePath bytes, and all the paths built together at
// most budget's: each level's path repeats every enclosing name, so describe
// blocks nested as deep as XML allows (10,000) would build gigabytes of
// paths from a megabyte file.
func (s junitSuite) collectNodeTest(path string, into *[]Test, budget *pathBudget) error {
	for _, c := range s.Cases {
		t := c.test(path)
		t.Suite = path
		t.Message = c.nodeMessage(t.Message)
		*into = append(*into, t)
	}
	for _, nested := range s.Suites {
		inner := nested.Name
		if path != "" {
			inner = path + " > " + nested.Name
		}
		if len(inner) > maxSuitePath {
			return fmt.Errorf("node:test suites nested so deep that a test's suite path (the describe blocks around it) passes %d bytes, the limit: %.80q…", maxSuitePath, inner)
		}
		if budget.left -= len(inner); budget.left < 0 {
			return fmt.Errorf("node:test suites nested so deep that their paths (the describe blocks around each test) pass %d bytes for each byte of the file, the limit", maxPathBytesPerByte)
		}
		if err := nested.collectNodeTest(inner, into, budget); err != nil {
			return err
		}
	}
	return nil
}

// pathBudget is the bytes of suite paths a node:test file may still build.
type pathBudget struct{ left int }

// maxPathBytesPerByte bounds the suite paths of a node:test file, all
// together, by its size: a real file's describe blocks nest a few deep, and
// its paths take less room than its XML.
const maxPathBytesPerByte = 4

// maxSuitePath is the longest node:test suite path a result file may give
// a test: far above any real nesting of describe blocks.
const maxSuitePath = 16 << 10

// test is the case's outcome. A <skipped> wins over a <failure>: node:test
// writes both for a failing todo test, which its own totals count as todo.
// The suite is the classname, PHPUnit 10's class without one, and the
// enclosing <testsuite>'s name without either.
func (c junitCase) test(suite string) Test {
	t := Test{Suite: suite, Name: c.Name, Outcome: Pass}
	if c.Class != "" {
		t.Suite = c.Class
	}
	if c.ClassName != "" {
		t.Suite = c.ClassName
	}
	switch {
	case c.Skipped != nil:
		t.Outcome, t.Message = Skip, c.Skipped.message()
	case len(c.Failures) > 0:
		t.Outcome, t.Message = Fail, c.Failures[0].message()
	case len(c.Errors) > 0:
		t.Outcome, t.Message = Fail, c.Errors[0].message()
	}
	return t
}

// message is the message attribute, the element's text without one. The
// text is often a whole stack trace (the JUnit console launcher puts a
// skip's TestAbortedException there): its "at ..." frame lines, which
// JVM, .NET and JavaScript traces share, are dropped so that the reason
// stays readable.
func (d junitDetail) message() string {
	if m := strings.TrimSpace(d.Message); m != "" {
		return m
	}
	return withoutPHPUnitFrame(strings.TrimSpace(stackFrame.ReplaceAllString(d.Text, "")))
}

// phpunitHeader is the first line of PHPUnit's failure text, the test's
// "Class::method" (with its data set), and phpunitLocation a line of the
// file:line list it ends with.
var (
	phpunitHeader   = regexp.MustCompile(`^[A-Za-z_\\][\w\\]*::\w+(?: with data set .*)?$`)
	phpunitLocation = regexp.MustCompile(`^\S+:\d+$`)
)

// withoutPHPUnitFrame is a PHPUnit failure's text as its assertion said it:
// without the test's name before it and the file:line list after it (the
// name is the report's own; the lines name the machine that ran it).
func withoutPHPUnitFrame(text string) string {
	lines := strings.Split(text, "\n")
	if len(lines) < 2 || !phpunitHeader.MatchString(lines[0]) {
		return text
	}
	lines = lines[1:]
	for len(lines) > 0 {
		last := strings.TrimSpace(lines[len(lines)-1])
		if last != "" && !phpunitLocation.MatchString(last) {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// nodeMessage repairs what node:test's JUnit reporter does to a failure's
// message attribute, which message read after one XML decoding: the
// reporter deletes every line feed ("expected invalid, got valid\n\ntrue
// !== false" becomes "...got validtrue !== false") and escapes '"' as
// &quot; before escaping '&', so the file says &amp;quot; and the decoded
// attribute still holds &quot;. The element's text is the same error,
// escaped once with its line feeds kept (after node's "Error [CODE]: "
// prefix). The rule: the message is the shortest prefix of that text which,
// with its line feeds deleted and each '"' written &quot;, is the attribute;
// where no prefix is, the attribute with each &quot; read as '"' (a message
// that really held the text &quot; cannot be told apart there). A skip's
// message (no text) is only unquoted; names are never touched: the index
// lists them as the file says them.
func (c junitCase) nodeMessage(msg string) string {
	var d *junitDetail
	switch {
	case c.Skipped != nil:
		return nodeUnquote(msg)
	case len(c.Failures) > 0:
		d = &c.Failures[0]
	case len(c.Errors) > 0:
		d = &c.Errors[0]
	default:
		return msg
	}
	attr := strings.TrimSpace(d.Message)
	if attr == "" {
		return msg
	}
	text := strings.TrimLeft(d.Text, " \t\r\n")
	if m := nodeErrorPrefix.FindString(text); m != "" {
		text = text[len(m):]
	}
	if prefix, ok := nodeTextPrefix(text, attr); ok {
		return strings.TrimSpace(prefix)
	}
	return nodeUnquote(attr)
}

// nodeTextPrefix finds the prefix of text that node's attribute escaping
// (line feeds deleted, '"' as &quot;) turns into attr.
func nodeTextPrefix(text, attr string) (string, bool) {
	a := 0
	for i := 0; i < len(text); i++ {
		if a == len(attr) {
			return text[:i], true
		}
		switch {
		case text[i] == '\n':
		case text[i] == '"' && strings.HasPrefix(attr[a:], "&quot;"):
			a += len("&quot;")
		case text[i] == attr[a]:
			a++
		default:
			return "", false
		}
	}
	return text, a == len(attr)
}

func nodeUnquote(s string) string { return strings.ReplaceAll(s, "&quot;", `"`) }

// nodeErrorPrefix is how node's inspect() of a test failure begins.
var nodeErrorPrefix = regexp.MustCompile(`^(?:\[?[A-Za-z]*Error(?: \[[A-Z_]+\])?\]?: )`)

// stackFrame matches one indented "at ..." line of a stack trace.
var stackFrame = regexp.MustCompile(`(?m)^[ \t]+at \S.*\n?`)

// nodeTotal matches one of node:test's closing comments.
var nodeTotal = regexp.MustCompile(`\b(tests|pass|fail|cancelled|skipped|todo) (\d+)\b`)

// declared is the totals the file states: node:test's comments, else the
// root's tests/failures/errors/skipped, else the sum of its suites'
// (nested suites are already inside their parent's figures). nil when the
// file states none.
func (s junitSuite) declared() (*Counts, error) {
	if totals := nodeTotal.FindAllStringSubmatch(s.Comments, -1); len(totals) > 0 {
		n := map[string]int{}
		for _, m := range totals {
			n[m[1]], _ = strconv.Atoi(m[2])
		}
		// node counts a timed-out or cancelled test apart from fail, and a
		// todo test apart from skipped; its JUnit output marks them
		// <failure> and <skipped>.
		return &Counts{Passed: n["pass"], Failed: n["fail"] + n["cancelled"], Skipped: n["skipped"] + n["todo"]}, nil
	}
	if s.Tests != "" {
		return s.counts()
	}
	var sum *Counts
	for _, child := range s.Suites {
		c, err := child.declared()
		if err != nil || c == nil {
			return nil, err
		}
		if sum == nil {
			sum = &Counts{}
		}
		sum.Passed += c.Passed
		sum.Failed += c.Failed
		sum.Skipped += c.Skipped
	}
	return sum, nil
}

// counts reads the suite's attributes: tests is every case, failures and
// errors fail, skipped skip, the rest pass.
func (s junitSuite) counts() (*Counts, error) {
	var n [4]int
	for i, attr := range [...]struct{ name, value string }{
		{"tests", s.Tests}, {"failures", s.Failures}, {"errors", s.Errors}, {"skipped", s.Skipped}} {
		if attr.value == "" {
			continue
		}
		v, err := strconv.Atoi(attr.value)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("testsuite %q: %s=%q is not a count", s.Name, attr.name, attr.value)
		}
		n[i] = v
	}
	c := &Counts{Passed: n[0] - n[1] - n[2] - n[3], Failed: n[1] + n[2], Skipped: n[3]}
	if c.Passed < 0 {
		return nil, fmt.Errorf("testsuite %q: tests=%d is fewer than its failures, errors and skipped", s.Name, n[0])
	}
	return c, nil
}
