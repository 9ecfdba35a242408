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

// selects reports whether r runs the test class at rel.
func (r surefireRun) selects(rel string) bool {
	if r.skip != nil {
		return false
	}
	if r.tests != nil { // <test> replaces includes and excludes
		return len(unmatched([]string{rel}, r.tests.Values)) == 0
	}
	includes := surefireDefaultIncludes
	if r.includes != nil {
		includes = r.includes.Values
	}
	if len(unmatched([]string{rel}, includes)) > 0 {
		return false
	}
	return r.excludes == nil || !slices.ContainsFunc(r.excludes.Values, func(ex string) bool { return surefireMatch(ex, rel) })
}

// notRun are the classes no run selects.
func notRun(classes []string, runs []surefireRun) []string {
	var out []string
	for _, c := range classes {
		if !slices.ContainsFunc(runs, func(r surefireRun) bool { return r.selects(c) }) {
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

// surefireRuns are Surefire's runs under `mvn test`: default-test first,
// then each execution of the test goal bound to a phase up to test, in the
// order the POMs declare them.
func surefireRuns(pom, parent *pomXML) []surefireRun {
	levels := surefireLevels(pom, parent)
	ids := []string{defaultTestID}
	for _, l := range levels {
		for _, pl := range l.plugins {
			for _, ex := range pl.Executions {
				if id := strings.TrimSpace(ex.ID); !slices.Contains(ids, id) && runsInTest(levels, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	runs := make([]surefireRun, len(ids))
	for i, id := range ids {
		runs[i] = surefireRun{id: id,
			includes: setting(levels, id, "includes", func(c *pomConfig) []string { return splitPatterns(c.Includes) }),
			excludes: setting(levels, id, "excludes", func(c *pomConfig) []string { return splitPatterns(c.Excludes) }),
			tests:    setting(levels, id, "test", func(c *pomConfig) []string { return splitPatterns([]string{c.Test}) }),
		}
		for _, s := range []*surefireSetting{
			setting(levels, id, "skip", func(c *pomConfig) []string { return word(c.Skip) }),
			setting(levels, id, "skipTests", func(c *pomConfig) []string { return word(c.SkipTests) }),
		} {
			// only a literal true: an expression (${skipUnitTests}) may
			// be false when it runs
			if s != nil && runs[i].skip == nil && strings.EqualFold(s.Values[0], "true") {
				runs[i].skip = s
			}
		}
	}
	return runs
}

// runsInTest reports whether the execution id runs under `mvn test`: its
// goals (merged over the levels) include test, and its phase (the first
// level's that sets one) is test's or earlier; none is test's own.
func runsInTest(levels []pomLevel, id string) bool {
	var goals []string
	phase := ""
	for _, l := range levels {
		for _, pl := range l.plugins {
			for _, ex := range pl.Executions {
				if strings.TrimSpace(ex.ID) != id {
					continue
				}
				for _, g := range ex.Goals {
					goals = append(goals, strings.TrimSpace(g))
				}
				if phase == "" {
					phase = strings.TrimSpace(ex.Phase)
				}
			}
		}
	}
	return slices.Contains(goals, "test") && (phase == "" || slices.Contains(phasesUpToTest, phase))
}

// setting is the effective value of one element for the execution id:
// the execution's own, at the first level that sets it, over the plugin's,
// at the first level that sets it; nil when none does.
func setting(levels []pomLevel, id, name string, get func(*pomConfig) []string) *surefireSetting {
	for _, l := range levels {
		for _, pl := range l.plugins {
			for _, ex := range pl.Executions {
				if strings.TrimSpace(ex.ID) == id && ex.Configuration != nil {
					if v := get(ex.Configuration); len(v) > 0 {
						return &surefireSetting{l.file, l.where + "execution " + id + " configuration", name, v}
					}
				}
			}
		}
	}
	for _, l := range levels {
		for _, pl := range l.plugins {
			if pl.Configuration != nil {
				if v := get(pl.Configuration); len(v) > 0 {
					return &surefireSetting{l.file, l.where + "configuration", name, v}
				}
			}
		}
	}
	return nil
}

// word is an element's trimmed text as a one-value setting, none when
// empty.
func word(s string) []string {
	if s = strings.TrimSpace(s); s == "" {
		return nil
	}
	return []string{s}
}
