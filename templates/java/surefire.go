package java

import (
	"slices"
	"strings"
)

// Surefire's runs under `mvn test`, as Maven builds the effective POM: a
// module's plugins inherit its parent's, and only then does
// pluginManagement (its own, then its parent's) fill in what neither sets.
// An execution's configuration overrides the plugin's element by element,
// and the generated tests run when any run that is not skipped selects
// them.

// defaultTestID is the execution Maven binds Surefire's test goal to in a
// jar's lifecycle: it runs even when the POM declares no execution.
const defaultTestID = "default-test"

// phasesUpToTest are the lifecycle phases `mvn test` runs. An execution of
// the test goal bound to a later one (integration-test, verify) does not
// run there.
var phasesUpToTest = []string{"validate", "initialize", "generate-sources", "process-sources",
	"generate-resources", "process-resources", "compile", "process-classes", "generate-test-sources",
	"process-test-sources", "generate-test-resources", "process-test-resources", "test-compile",
	"process-test-classes", "test"}

// surefireSetting is one element of Surefire's configuration in the
// effective POM, and where it comes from.
type surefireSetting struct {
	File   string   // the POM: pom.xml or ../pom.xml
	Where  string   // "configuration" or "execution <id> configuration", after the level: "(parent) configuration"
	Name   string   // the element: includes, excludes, test, skip, skipTests
	Values []string // its patterns, or its one word
}

// element is the setting as it is written, for a one-word one.
func (s surefireSetting) element() string {
	return "<" + s.Name + ">" + strings.Join(s.Values, ",") + "</" + s.Name + ">"
}

// surefireRun is one run of Surefire's test goal: what selects its
// classes, and what skips it (nil when it runs).
type surefireRun struct {
	id                        string
	includes, excludes, tests *surefireSetting
	skip                      *surefireSetting
}

// selector is the test of whether r runs a test class, its patterns
// compiled once.
func (r surefireRun) selector() func(rel string) bool {
	if r.skip != nil {
		return func(string) bool { return false }
	}
	if r.tests != nil { // <test> replaces includes and excludes
		return anyOf(r.tests.Values)
	}
	includes := surefireDefaultIncludes
	if r.includes != nil {
		includes = r.includes.Values
	}
	included, excluded := anyOf(includes), func(string) bool { return false }
	if r.excludes != nil {
		excluded = anyOf(r.excludes.Values)
	}
	return func(rel string) bool { return included(rel) && !excluded(rel) }
}

// anyOf is the test of whether any of patterns matches.
func anyOf(patterns []string) func(rel string) bool {
	matchers := make([]func(string) bool, len(patterns))
	for i, p := range patterns {
		matchers[i] = surefireMatcher(p)
	}
	return func(rel string) bool {
		return slices.ContainsFunc(matchers, func(m func(string) bool) bool { return m(rel) })
	}
}

// notRun are the classes no run selects.
func notRun(classes []string, runs []surefireRun) []string {
	selectors := make([]func(string) bool, len(runs))
	for i, r := range runs {
		selectors[i] = r.selector()
	}
	var out []string
	for _, c := range classes {
		if !slices.ContainsFunc(selectors, func(selects func(string) bool) bool { return selects(c) }) {
			out = append(out, c)
		}
	}
	return out
}

// pomLevel is one place a Surefire configuration can be: a POM's plugins
// or its pluginManagement.
type pomLevel struct {
	file, where string
	plugins     []pomPlugin // the maven-surefire-plugin elements alone
}

// surefireLevels are the places Surefire is configured, in precedence:
// the module's plugins, its parent's (parent may be nil), the module's
// pluginManagement, its parent's.
func surefireLevels(pom, parent *pomXML) []pomLevel {
	levels := []pomLevel{{pomFile, "", surefireOnly(pom.Build.Plugins)}}
	if parent != nil {
		levels = append(levels, pomLevel{parentPomFile, "(parent) ", surefireOnly(parent.Build.Plugins)})
	}
	levels = append(levels, pomLevel{pomFile, "(pluginManagement) ", surefireOnly(pom.Build.Managed)})
	if parent != nil {
		levels = append(levels, pomLevel{parentPomFile, "(parent's pluginManagement) ", surefireOnly(parent.Build.Managed)})
	}
	return levels
}

func surefireOnly(plugins []pomPlugin) []pomPlugin {
	var out []pomPlugin
	for _, pl := range plugins {
		if strings.TrimSpace(pl.ArtifactID) == "maven-surefire-plugin" {
			out = append(out, pl)
		}
	}
	return out
}

// levelExecution is one execution element and the level it is in.
type levelExecution struct {
	level pomLevel
	ex    pomExecId
}

// surefireRuns are Surefire's runs under `mvn test`: default-test first,
// then each execution of the test goal bound to a phase up to test, in the
// order the POMs declare them. Each element is looked at a bounded number
// of times: the work is linear in the POMs.
func surefireRuns(pom, parent *pomXML) []surefireRun {
	levels := surefireLevels(pom, parent)
	ids := []string{defaultTestID}
	byID := map[string][]levelExecution{defaultTestID: nil}
	for _, l := range levels {
		for _, pl := range l.plugins {
			for _, ex := range pl.Executions {
				id := strings.TrimSpace(ex.ID)
				if _, seen := byID[id]; !seen {
					ids = append(ids, id)
				}
				byID[id] = append(byID[id], levelExecution{l, ex})
			}
		}
	}
	plugin := pluginSettings(levels)
	var runs []surefireRun
	for _, id := range ids {
		if id != defaultTestID && !runsInTest(byID[id]) {
			continue
		}
		execs := byID[id]
		r := surefireRun{id: id,
			includes: setting(execs, plugin, id, "includes"),
			excludes: setting(execs, plugin, id, "excludes"),
			tests:    setting(execs, plugin, id, "test"),
		}
		for _, name := range []string{"skip", "skipTests"} {
			// only a literal true: an expression (${skipUnitTests}) may
			// be false when it runs
			if s := setting(execs, plugin, id, name); s != nil && r.skip == nil && strings.EqualFold(s.Values[0], "true") {
				r.skip = s
			}
		}
		runs = append(runs, r)
	}
	return runs
}

// runsInTest reports whether an execution runs under `mvn test`: its
// goals (merged over the levels) include test, and its phase (the first
// level's that sets one) is test's or earlier; none is test's own.
func runsInTest(execs []levelExecution) bool {
	hasTest, phase := false, ""
	for _, le := range execs {
		hasTest = hasTest || slices.ContainsFunc(le.ex.Goals, func(g string) bool { return strings.TrimSpace(g) == "test" })
		if phase == "" {
			phase = strings.TrimSpace(le.ex.Phase)
		}
	}
	return hasTest && (phase == "" || slices.Contains(phasesUpToTest, phase))
}

// surefireElements read each element of Surefire's configuration that the
// check uses, by name.
var surefireElements = map[string]func(*pomConfig) []string{
	"includes":  func(c *pomConfig) []string { return splitPatterns(c.Includes) },
	"excludes":  func(c *pomConfig) []string { return splitPatterns(c.Excludes) },
	"test":      func(c *pomConfig) []string { return splitPatterns([]string{c.Test}) },
	"skip":      func(c *pomConfig) []string { return word(c.Skip) },
	"skipTests": func(c *pomConfig) []string { return word(c.SkipTests) },
}

// pluginSettings are the plugin-level settings, by element: the first
// level's that sets each.
func pluginSettings(levels []pomLevel) map[string]*surefireSetting {
	out := map[string]*surefireSetting{}
	for _, l := range levels {
		for _, pl := range l.plugins {
			if pl.Configuration == nil {
				continue
			}
			for name, get := range surefireElements {
				if v := get(pl.Configuration); len(v) > 0 && out[name] == nil {
					out[name] = &surefireSetting{l.file, l.where + "configuration", name, v}
				}
			}
		}
	}
	return out
}

// setting is the effective value of one element for the execution id:
// the execution's own, at the first level that sets it, over the plugin's;
// nil when none does.
func setting(execs []levelExecution, plugin map[string]*surefireSetting, id, name string) *surefireSetting {
	for _, le := range execs {
		if le.ex.Configuration != nil {
			if v := surefireElements[name](le.ex.Configuration); len(v) > 0 {
				return &surefireSetting{le.level.file, le.level.where + "execution " + id + " configuration", name, v}
			}
		}
	}
	return plugin[name]
}

// word is an element's trimmed text as a one-value setting, none when
// empty.
func word(s string) []string {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	return []string{s}
}
