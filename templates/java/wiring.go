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
	if dir := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(pom.Build.TestSourceDirectory), "${project.basedir}/"), "/"); dir != "" && dir != TestSourceRoot {
		out = append(out, backend.WiringProblem{File: pomFile,
			Problem: fmt.Sprintf("<testSourceDirectory> is %s, so Maven does not compile the generated tests in %s", dir, TestSourceRoot),
			Fix: "add the generated sources with build-helper-maven-plugin's add-test-source goal: " +
				"<source>" + TestSourceRoot + "</source>"})
	}
	classes := generatedTestClasses(generated)
	if len(classes) == 0 {
		return out
	}
	for _, conf := range surefireConfigurations(pom, parentOf(pom, files[parentPomFile])) {
		if len(conf.Tests) > 0 {
			out = append(out, testProblems(conf, classes)...)
			continue // Surefire ignores includes and excludes where <test> is set
		}
		includes := conf.Includes
		if len(includes) == 0 {
			includes = surefireDefaultIncludes
		}
		if missed := unmatched(classes, includes); len(missed) > 0 {
			out = append(out, backend.WiringProblem{File: conf.File,
				Problem: fmt.Sprintf("the maven-surefire-plugin %s <includes> (%s) do not match %s",
					conf.Where, strings.Join(conf.Includes, ", "), strings.Join(missed, ", ")),
				Fix: "add <include>" + generatedInclude + "</include> to those <includes>"})
		}
		for _, ex := range conf.Excludes {
			if hit := matched(classes, ex); len(hit) > 0 {
				out = append(out, backend.WiringProblem{File: conf.File,
					Problem: fmt.Sprintf("the maven-surefire-plugin %s <exclude>%s</exclude> drops %s", conf.Where, ex,
						strings.Join(hit, ", ")),
					Fix: "remove <exclude>" + ex + "</exclude>, or narrow it so it matches no Conformance*Test class"})
			}
		}
	}
	return out
}

// testProblems are what a <test> configuration keeps from running: it
// runs only the classes its patterns name.
func testProblems(conf surefireConf, classes []string) []backend.WiringProblem {
	missed := unmatched(classes, conf.Tests)
	if len(missed) == 0 {
		return nil
	}
	return []backend.WiringProblem{{File: conf.File,
		Problem: fmt.Sprintf("the maven-surefire-plugin %s <test>%s</test> runs only the tests it names, not %s",
			conf.Where, strings.Join(conf.Tests, ","), strings.Join(missed, ", ")),
		Fix: "make it <test>" + strings.Join(append(slices.Clone(conf.Tests), generatedTest), ",") + "</test>"}}
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

// surefireConf is one configuration of the Surefire plugin.
type surefireConf struct {
	File                      string // the POM it is in: pom.xml or ../pom.xml
	Where                     string // "configuration", or "execution <id> configuration"
	Includes, Excludes, Tests []string
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
	Configuration *pomConfig `xml:"configuration"`
}

type pomConfig struct {
	Includes []string `xml:"includes>include"`
	Excludes []string `xml:"excludes>exclude"`
	Test     string   `xml:"test"`
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

// surefireConfigurations are the Surefire configurations that set includes,
// excludes or tests, from the first place that has any, in the order Maven
// lets one override the next: the plugin's own, its pluginManagement, then
// the parent's plugin and pluginManagement (parent may be nil).
func surefireConfigurations(pom, parent *pomXML) []surefireConf {
	type level struct {
		file, where string
		plugins     []pomPlugin
	}
	levels := []level{{pomFile, "", pom.Build.Plugins}, {pomFile, "(pluginManagement) ", pom.Build.Managed}}
	if parent != nil {
		levels = append(levels, level{parentPomFile, "(parent) ", parent.Build.Plugins},
			level{parentPomFile, "(parent's pluginManagement) ", parent.Build.Managed})
	}
	for _, level := range levels {
		if out := surefireConfigurationsIn(level.file, level.where, level.plugins); len(out) > 0 {
			return out
		}
	}
	return nil
}

// surefireConfigurationsIn are the configurations of the Surefire plugins
// among plugins that set includes, excludes or tests.
func surefireConfigurationsIn(file, where string, plugins []pomPlugin) []surefireConf {
	var out []surefireConf
	add := func(where string, c *pomConfig) {
		if c == nil || len(c.Includes)+len(c.Excludes) == 0 && strings.TrimSpace(c.Test) == "" {
			return
		}
		out = append(out, surefireConf{File: file, Where: where, Includes: splitPatterns(c.Includes),
			Excludes: splitPatterns(c.Excludes), Tests: splitPatterns([]string{c.Test})})
	}
	for _, pl := range plugins {
		if strings.TrimSpace(pl.ArtifactID) != "maven-surefire-plugin" {
			continue
		}
		add(where+"configuration", pl.Configuration)
		for _, ex := range pl.Executions {
			add(where+"execution "+strings.TrimSpace(ex.ID)+" configuration", ex.Configuration)
		}
	}
	return out
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
