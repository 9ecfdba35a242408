package java

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/patternbudget"
)

// The wiring check: Maven runs the generated tests only when its test
// source directory is the one they are generated into and Surefire's
// includes and excludes let their classes through.

// pomFile is the Maven build file at the root of the output directory;
// parentPomFile is where Maven looks for its parent by default (a module
// of a multi-module build).
const (
	pomFile       = "pom.xml"
	parentPomFile = "../pom.xml"
)

// WiringFiles are the Maven build files the check reads: the project's and
// its parent's, whose Surefire configuration the project inherits.
func (Backend) WiringFiles() []string { return []string{pomFile, parentPomFile} }

// surefireDefaultIncludes are Surefire's includes when a pom sets none.
var surefireDefaultIncludes = []string{"**/Test*.java", "**/*Test.java", "**/*Tests.java", "**/*TestCase.java"}

// generatedInclude is the Surefire include that matches every generated
// test class; generatedTest is the same as a <test> pattern.
const (
	generatedInclude = "**/Conformance*" + TestClassSuffix + SourceExt
	generatedTest    = "Conformance*" + TestClassSuffix
)

// CheckWiring reports every way `mvn test` would not run the generated test
// classes: a test source directory other than TestSourceRoot, or Surefire
// includes that miss them or excludes that drop them. A project without a
// pom.xml has nothing to check.
func (Backend) CheckWiring(files map[string][]byte, generated []backend.File) []backend.WiringProblem {
	data, ok := files[pomFile]
	if !ok || data == nil {
		return nil
	}
	pom, err := readPOM(data)
	if err != nil {
		return []backend.WiringProblem{{File: pomFile, Problem: "cannot be read as a Maven POM (" + err.Error() + ")",
			Fix: "fix the XML, then run bqgen check again"}}
	}
	var out []backend.WiringProblem
	parent := parentOf(pom, files[parentPomFile])
	if p, ok := testSourceProblem(pom); !ok {
		out = append(out, p)
	}
	classes := generatedTestClasses(generated)
	if len(classes) == 0 {
		return out
	}
	runs := surefireRuns(pom, parent)
	missed := notRun(classes, runs)
	if len(missed) == 0 {
		return out
	}
	// The fix for the first run that runs at all (default-test, unless
	// it is skipped): one place to change, so one set of problems.
	for _, r := range runs {
		if r.skip == nil {
			return append(out, runProblems(r, missed)...)
		}
	}
	s := runs[0].skip
	return append(out, backend.WiringProblem{File: s.File,
		Problem: fmt.Sprintf("the maven-surefire-plugin %s %s skips its tests, and no execution of its own runs %s",
			s.Where, s.element(), strings.Join(bases(missed), ", ")),
		Fix: "remove " + s.element()})
}

// testSourceProblem is the problem of a <testSourceDirectory> other than
// TestSourceRoot, unless build-helper-maven-plugin adds TestSourceRoot back;
// ok when there is none.
func testSourceProblem(pom *pomXML) (backend.WiringProblem, bool) {
	dir := projectPath(pom.Build.TestSourceDirectory)
	if dir == "" || dir == TestSourceRoot || addsTestSource(pom, TestSourceRoot) {
		return backend.WiringProblem{}, true
	}
	return backend.WiringProblem{File: pomFile,
		Problem: fmt.Sprintf("<testSourceDirectory> is %s, so Maven does not compile the generated tests in %s", dir, TestSourceRoot),
		Fix: "add them with build-helper-maven-plugin's add-test-source goal, in <build><plugins> (with the version your build pins): " +
			buildHelperPlugin}, false
}

// buildHelperPlugin is the plugin element that adds TestSourceRoot to a
// project whose <testSourceDirectory> is elsewhere.
const buildHelperPlugin = "<plugin><groupId>org.codehaus.mojo</groupId><artifactId>build-helper-maven-plugin</artifactId>" +
	"<executions><execution><id>bqgen-conformance-tests</id><phase>generate-test-sources</phase>" +
	"<goals><goal>add-test-source</goal></goals><configuration><sources><source>" + TestSourceRoot +
	"</source></sources></configuration></execution></executions></plugin>"

// addsTestSource reports whether a build-helper-maven-plugin execution of
// pom adds dir as a test source root.
func addsTestSource(pom *pomXML, dir string) bool {
	for _, pl := range pom.Build.Plugins {
		if strings.TrimSpace(pl.ArtifactID) != "build-helper-maven-plugin" {
			continue
		}
		for _, ex := range pl.Executions {
			if !slices.ContainsFunc(ex.Goals, func(g string) bool { return strings.TrimSpace(g) == "add-test-source" }) {
				continue
			}
			if ex.Configuration != nil && slices.ContainsFunc(ex.Configuration.Sources, func(s string) bool { return projectPath(s) == dir }) {
				return true
			}
		}
	}
	return false
}

// projectPath is a directory of a POM relative to the project:
// ${project.basedir}/ and a trailing slash removed.
func projectPath(dir string) string {
	dir = strings.TrimSpace(dir)
	for _, prefix := range []string{"${project.basedir}/", "${basedir}/"} {
		dir = strings.TrimPrefix(dir, prefix)
	}
	return strings.TrimSuffix(dir, "/")
}

// runProblems are why run r does not run classes: its <test> names
// others, its includes miss them, or its excludes drop them.
func runProblems(r surefireRun, classes []string) []backend.WiringProblem {
	if r.tests != nil {
		return testProblems(*r.tests, classes)
	}
	var out []backend.WiringProblem
	if r.includes != nil {
		if missed := unmatched(classes, r.includes.Values); len(missed) > 0 {
			out = append(out, backend.WiringProblem{File: r.includes.File,
				Problem: fmt.Sprintf("the maven-surefire-plugin %s <includes> (%s) do not match %s",
					r.includes.Where, strings.Join(r.includes.Values, ", "), strings.Join(missed, ", ")),
				Fix: "add <include>" + generatedInclude + "</include> to those <includes>"})
		}
	}
	if r.excludes != nil {
		for _, ex := range r.excludes.Values {
			if hit := matched(classes, ex); len(hit) > 0 {
				out = append(out, backend.WiringProblem{File: r.excludes.File,
					Problem: fmt.Sprintf("the maven-surefire-plugin %s <exclude>%s</exclude> drops %s", r.excludes.Where, ex,
						strings.Join(hit, ", ")),
					Fix: "remove <exclude>" + ex + "</exclude>, or narrow it so it matches no Conformance*Test class"})
			}
		}
	}
	return out
}

// testProblems are what a <test> setting keeps from running: it runs only
// the classes its patterns name.
func testProblems(tests surefireSetting, classes []string) []backend.WiringProblem {
	missed := unmatched(classes, tests.Values)
	if len(missed) == 0 {
		return nil
	}
	return []backend.WiringProblem{{File: tests.File,
		Problem: fmt.Sprintf("the maven-surefire-plugin %s <test>%s</test> runs only the tests it names, not %s",
			tests.Where, strings.Join(tests.Values, ","), strings.Join(missed, ", ")),
		Fix: "make it <test>" + strings.Join(append(slices.Clone(tests.Values), generatedTest), ",") + "</test>"}}
}

// bases are the file names of paths.
func bases(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = path.Base(p)
	}
	return out
}

// parentOf is the parent POM in data when pom names one at Maven's default
// place (../pom.xml) and data is that project; else nil. A parent found
// elsewhere (another <relativePath>, a repository) is not read.
func parentOf(pom *pomXML, data []byte) *pomXML {
	rel := strings.TrimSuffix(strings.TrimSpace(pom.Parent.RelativePath), "/")
	if pom.Parent.ArtifactID == "" || data == nil || rel != "" && rel != ".." && rel != parentPomFile {
		return nil
	}
	parent, err := readPOM(data)
	if err != nil || strings.TrimSpace(parent.ArtifactID) != strings.TrimSpace(pom.Parent.ArtifactID) {
		return nil
	}
	return parent
}

// generatedTestClasses are the generated test classes, as paths relative
// to the test source root ("com/babelqueue/ConformanceCasesTest.java").
func generatedTestClasses(files []backend.File) []string {
	var out []string
	for _, f := range files {
		rel, ok := strings.CutPrefix(f.Path, TestSourceRoot+"/")
		if !ok || f.Kind != backend.Generated {
			continue
		}
		if m, _ := path.Match(TestGlob, path.Base(rel)); m && strings.HasPrefix(path.Base(rel), "Conformance") {
			out = append(out, rel)
		}
	}
	return out
}

// pomXML is what the check reads of a POM.
type pomXML struct {
	ArtifactID string `xml:"artifactId"`
	Parent     struct {
		ArtifactID   string `xml:"artifactId"`
		RelativePath string `xml:"relativePath"`
	} `xml:"parent"`
	Build struct {
		TestSourceDirectory string      `xml:"testSourceDirectory"`
		Plugins             []pomPlugin `xml:"plugins>plugin"`
		Managed             []pomPlugin `xml:"pluginManagement>plugins>plugin"`
	} `xml:"build"`
}

type pomPlugin struct {
	ArtifactID    string      `xml:"artifactId"`
	Configuration *pomConfig  `xml:"configuration"`
	Executions    []pomExecId `xml:"executions>execution"`
}

type pomExecId struct {
	ID            string     `xml:"id"`
	Phase         string     `xml:"phase"`
	Goals         []string   `xml:"goals>goal"`
	Configuration *pomConfig `xml:"configuration"`
}

// pomConfig is what the check reads of a plugin's or an execution's
// configuration: Surefire's selection and skips, build-helper's sources.
type pomConfig struct {
	Includes  []string `xml:"includes>include"`
	Excludes  []string `xml:"excludes>exclude"`
	Test      string   `xml:"test"`
	Skip      string   `xml:"skip"`
	SkipTests string   `xml:"skipTests"`
	Sources   []string `xml:"sources>source"`
}

func readPOM(data []byte) (*pomXML, error) {
	var pom pomXML
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = false
	if err := dec.Decode(&pom); err != nil && err != io.EOF {
		return nil, err
	}
	return &pom, nil
}

// splitPatterns trims the patterns and splits the comma-separated lists
// Surefire allows inside one element.
func splitPatterns(list []string) []string {
	var out []string
	for _, item := range list {
		for _, p := range strings.Split(item, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
	}
	return out
}

// unmatched are the classes no pattern matches. Each pattern is compiled
// once, not once per class.
func unmatched(classes, patterns []string) []string {
	matchers := make([]func(string) bool, len(patterns))
	for i, p := range patterns {
		matchers[i] = surefireMatcher(p)
	}
	var out []string
	for _, c := range classes {
		hit := false
		for _, m := range matchers {
			if m(c) {
				hit = true
				break
			}
		}
		if !hit {
			out = append(out, path.Base(c))
		}
	}
	return out
}

// matched are the classes pattern matches.
func matched(classes []string, pattern string) []string {
	m := surefireMatcher(pattern)
	var out []string
	for _, c := range classes {
		if m(c) {
			out = append(out, path.Base(c))
		}
	}
	return out
}

// surefireMatch reports whether a Surefire include or exclude matches the
// test class source at rel ("com/babelqueue/ConformanceCasesTest.java").
func surefireMatch(pattern, rel string) bool { return surefireMatcher(pattern)(rel) }

// surefireMatcher is the test of whether a Surefire include or exclude
// matches a test class source path. It follows Surefire: "%regex[...]" is a
// regular expression over the class file's path; otherwise an Ant pattern
// in which ** spans directories, a pattern without a directory matches in
// any package, a "#method" part selects methods of the class, and .java and
// .class are the same class.
func surefireMatcher(pattern string) func(rel string) bool {
	if inner, ok := strings.CutPrefix(pattern, "%regex["); ok && strings.HasSuffix(inner, "]") {
		re, err := patternbudget.Compile(strings.TrimSuffix(inner, "]"))
		if err != nil {
			return func(string) bool { return false } // it does not compile, or is over the budget: it matches nothing
		}
		return func(rel string) bool {
			base := strings.TrimSuffix(rel, SourceExt)
			return re.MatchString(base+".class") || re.MatchString(base+SourceExt)
		}
	}
	pattern, _, _ = strings.Cut(pattern, "#")
	pattern = strings.ReplaceAll(pattern, "\\", "/")
	pattern = strings.TrimSuffix(strings.TrimSuffix(pattern, SourceExt), ".class")
	if !strings.Contains(pattern, "/") {
		pattern = "**/" + pattern
	}
	re := antRegexp(pattern)
	return func(rel string) bool { return re.MatchString(strings.TrimSuffix(rel, SourceExt)) }
}

// antRegexp compiles an Ant path pattern.
func antRegexp(pattern string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch {
		case strings.HasPrefix(pattern[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(pattern[i:], "**"):
			b.WriteString(".*")
			i++
		case pattern[i] == '*':
			b.WriteString("[^/]*")
		case pattern[i] == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(pattern[i : i+1]))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}
