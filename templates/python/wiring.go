package python

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// The wiring check: whether the SDK's pytest configuration, or a unittest
// discovery command of its CI, would miss the generated test modules.
//
// pytest reads one configuration file: the first of pytestConfigs found in
// the directory it starts from (the SDK's root) or above. A core target's
// out is that root, as a transport target's is (tests go to tests/ below it), so
// the check looks in out and up to maxConfigDepth parents. Settings that
// name paths (testpaths, --ignore, norecursedirs on the way down) can be
// judged only where the configuration sits in out itself: above it, the
// names of the directories between are not known here.

// The Python backend checks the wiring.
var _ backend.WiringChecker = Backend{}

// maxConfigDepth is how many parents of out the check reads.
const maxConfigDepth = 3

// pytestConfigs are pytest's configuration files in its order of precedence
// within one directory, each with its section and whether the file is the
// configuration even without that section (pytest.ini always is).
var pytestConfigs = []struct {
	file, section string
	always        bool
}{
	{"pytest.ini", "pytest", true},
	{".pytest.ini", "pytest", true},
	{"pyproject.toml", "tool.pytest.ini_options", false},
	{"tox.ini", "pytest", false},
	{"setup.cfg", "tool:pytest", false},
}

// discoveryFiles are where an SDK's CI spells its unittest discovery
// command, relative to the SDK's root.
var discoveryFiles = []string{"tox.ini", "Makefile", ".github/workflows/ci.yml", ".github/workflows/test.yml", ".github/workflows/tests.yml"}

// WiringFiles are the files the check reads, relative to out: the pytest
// configuration files in out and its parents, and the files that may run
// unittest discovery.
func (Backend) WiringFiles() []string {
	var out []string
	for depth := 0; depth <= maxConfigDepth; depth++ {
		up := strings.Repeat("../", depth)
		for _, c := range pytestConfigs {
			out = append(out, up+c.file)
		}
		for _, f := range discoveryFiles {
			if !slices.Contains(out, up+f) {
				out = append(out, up+f)
			}
		}
	}
	return out
}

// CheckWiring reports every setting that keeps pytest or unittest from
// running the generated test modules, with the line to add or change.
func (Backend) CheckWiring(files map[string][]byte, generated []backend.File) []backend.WiringProblem {
	tests := testModulesOf(generated)
	if len(tests) == 0 {
		return nil
	}
	var problems []backend.WiringProblem
	for depth := 0; depth <= maxConfigDepth; depth++ {
		up := strings.Repeat("../", depth)
		if cfg, ok := findPytestConfig(files, up); ok {
			problems = append(problems, cfg.check(tests, depth == 0)...)
			break
		}
	}
	for depth := 0; depth <= maxConfigDepth; depth++ {
		up := strings.Repeat("../", depth)
		for _, name := range discoveryFiles {
			if content, ok := files[up+name]; ok {
				problems = append(problems, checkDiscovery(up+name, string(content), tests, depth == 0)...)
			}
		}
	}
	return problems
}

// testModulesOf are the paths of the generated test modules, relative to out.
func testModulesOf(files []backend.File) []string {
	var out []string
	for _, f := range files {
		if f.Kind == backend.Generated && strings.HasPrefix(path.Base(f.Path), testModulePrefix) && strings.HasSuffix(f.Path, ".py") {
			out = append(out, f.Path)
		}
	}
	return out
}

// pytestConfig is the pytest section of one configuration file.
type pytestConfig struct {
	file     string // relative to out
	toml     bool
	settings map[string][]string // each setting's values, split as pytest splits them
}

// findPytestConfig is the configuration pytest uses among the files in the
// directory up (relative to out), if one there is one.
func findPytestConfig(files map[string][]byte, up string) (pytestConfig, bool) {
	for _, c := range pytestConfigs {
		content, ok := files[up+c.file]
		if !ok {
			continue
		}
		cfg := pytestConfig{file: up + c.file, toml: strings.HasSuffix(c.file, ".toml")}
		var found bool
		if cfg.toml {
			cfg.settings, found = tomlSection(string(content), c.section)
			if !found {
				cfg.settings, found = tomlSection(string(content), "tool.pytest")
			}
		} else {
			cfg.settings, found = iniSection(string(content), c.section)
			found = found || c.always
		}
		if found {
			return cfg, true
		}
	}
	return pytestConfig{}, false
}

// check reports the settings of c that miss the test modules tests; here
// says c sits in out, so paths relative to it can be judged.
func (c pytestConfig) check(tests []string, here bool) []backend.WiringProblem {
	var out []backend.WiringProblem
	add := func(problem, fix string) {
		out = append(out, backend.WiringProblem{File: c.file, Problem: problem, Fix: fix})
	}
	dir := path.Dir(tests[0])
	if globs, ok := c.settings["python_files"]; ok && !anyMatches(globs, path.Base(tests[0])) {
		add(fmt.Sprintf("python_files (%s) matches none of the generated test modules (%s)", strings.Join(globs, " "), path.Base(tests[0])),
			"add "+c.line("python_files", append(globs, TestFileGlob)))
	}
	addopts := c.settings["addopts"]
	for i, opt := range addopts {
		if opt == "-pno:unittest" || opt == "-p" && i+1 < len(addopts) && addopts[i+1] == "no:unittest" {
			add("addopts disables pytest's unittest plugin (-p no:unittest), which collects the generated unittest.TestCase classes",
				"remove -p no:unittest from addopts")
		}
	}
	if !here {
		return out
	}
	if paths, ok := c.settings["testpaths"]; ok && !slices.ContainsFunc(paths, func(p string) bool { return under(dir, p) }) {
		add(fmt.Sprintf("testpaths (%s) does not include %s, where the generated test modules are", strings.Join(paths, " "), dir),
			"add "+c.line("testpaths", append(paths, dir)))
	}
	for _, opt := range addopts {
		if ignored, ok := strings.CutPrefix(opt, "--ignore="); ok && (under(dir, ignored) || slices.Contains(tests, path.Clean(ignored))) {
			add(fmt.Sprintf("addopts ignores %s, where the generated test modules are", ignored), "remove --ignore="+ignored+" from addopts")
		}
	}
	if globs, ok := c.settings["norecursedirs"]; ok && dir != "." {
		for _, part := range strings.Split(dir, "/") {
			if anyMatches(globs, part) {
				add(fmt.Sprintf("norecursedirs (%s) keeps pytest out of %s, where the generated test modules are", strings.Join(globs, " "), dir),
					"remove the pattern matching "+part+" from norecursedirs")
				break
			}
		}
	}
	return out
}

// line is the setting key with values as c's file spells it.
func (c pytestConfig) line(key string, values []string) string {
	if !c.toml {
		return key + " = " + strings.Join(values, " ")
	}
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = fmt.Sprintf("%q", v)
	}
	return key + " = [" + strings.Join(quoted, ", ") + "]"
}

// anyMatches reports whether one of the fnmatch-style globs matches name.
func anyMatches(globs []string, name string) bool {
	return slices.ContainsFunc(globs, func(g string) bool {
		ok, _ := path.Match(g, name)
		return ok
	})
}

// under reports whether dir is root or below it (both relative to out).
func under(dir, root string) bool {
	root = path.Clean(strings.TrimSuffix(root, "/"))
	return root == "." || dir == root || strings.HasPrefix(dir, root+"/")
}

// discoveryCommand is a `python -m unittest discover` command line.
var discoveryCommand = regexp.MustCompile(`-m\s+unittest\s+discover\b([^\n&|;]*)`)

// checkDiscovery reports each unittest discovery command in the file name
// whose pattern or start directory misses the generated test modules.
func checkDiscovery(name, content string, tests []string, here bool) []backend.WiringProblem {
	var out []backend.WiringProblem
	base, dir := path.Base(tests[0]), path.Dir(tests[0])
	for _, m := range discoveryCommand.FindAllStringSubmatch(content, -1) {
		start, pattern := discoveryArgs(strings.Fields(m[1]))
		command := strings.TrimSpace(m[0])
		fix := fmt.Sprintf("python -m unittest discover -s %s -p %q", dir, TestFileGlob)
		if ok, _ := path.Match(pattern, base); !ok {
			out = append(out, backend.WiringProblem{File: name,
				Problem: fmt.Sprintf("%q discovers %s, which the generated test modules (%s) do not match", command, pattern, base),
				Fix:     "run the generated modules too: " + fix})
			continue
		}
		if here && !under(dir, start) {
			out = append(out, backend.WiringProblem{File: name,
				Problem: fmt.Sprintf("%q starts in %s, which does not hold %s, where the generated test modules are", command, start, dir),
				Fix:     "run the generated modules too: " + fix})
		}
	}
	return out
}

// discoveryArgs reads discover's start directory and pattern (flags or
// positional), with unittest's defaults "." and "test*.py".
func discoveryArgs(args []string) (start, pattern string) {
	start, pattern = ".", "test*.py"
	var positional []string
	for i := 0; i < len(args); i++ {
		a := strings.Trim(args[i], `"'`)
		switch {
		case (a == "-s" || a == "--start-directory") && i+1 < len(args):
			i++
			start = strings.Trim(args[i], `"'`)
		case (a == "-p" || a == "--pattern") && i+1 < len(args):
			i++
			pattern = strings.Trim(args[i], `"'`)
		case (a == "-t" || a == "--top-level-directory") && i+1 < len(args):
			i++
		case strings.HasPrefix(a, "-"):
		default:
			positional = append(positional, a)
		}
	}
	if len(positional) > 0 {
		start = positional[0]
	}
	if len(positional) > 1 {
		pattern = positional[1]
	}
	return start, pattern
}

// iniSection is the settings of [section] of an ini file: each value split
// at white space (continuation lines included), as pytest splits its list
// and args settings.
func iniSection(content, section string) (map[string][]string, bool) {
	settings, found, in := map[string][]string{}, false, false
	key := ""
	for _, line := range strings.Split(content, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, ";"):
		case strings.HasPrefix(trimmed, "["):
			in = strings.TrimSpace(strings.Trim(trimmed, "[]")) == section
			found = found || in
			key = ""
		case !in:
		case line[0] == ' ' || line[0] == '\t':
			if key != "" {
				settings[key] = append(settings[key], strings.Fields(trimmed)...)
			}
		default:
			k, v, ok := strings.Cut(trimmed, "=")
			if !ok {
				k, v, _ = strings.Cut(trimmed, ":")
			}
			key = strings.TrimSpace(k)
			settings[key] = strings.Fields(v)
		}
	}
	return settings, found
}

// tomlString is one TOML basic or literal string.
var tomlString = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"|'([^']*)'`)

// tomlSection is the settings of the table [section] of a TOML file, each
// a string (split at white space, as pytest splits ini-style values) or an
// array of strings, possibly over several lines.
func tomlSection(content, section string) (map[string][]string, bool) {
	settings, found, in := map[string][]string{}, false, false
	lines := strings.Split(content, "\n")
	for i := 0; i < len(lines); i++ {
		trimmed := strings.TrimSpace(lines[i])
		if strings.HasPrefix(trimmed, "[") && !strings.Contains(trimmed, "=") {
			in = strings.TrimSpace(strings.Trim(trimmed, "[]")) == section
			found = found || in
			continue
		}
		k, v, ok := strings.Cut(trimmed, "=")
		if !in || !ok || strings.HasPrefix(trimmed, "#") {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "[") {
			// The array ends on the first line holding "]" outside its
			// strings (a TOML string spans no line): each line is looked at
			// once, where testing the whole value again for each line
			// added made an array that never closes quadratic.
			parts := []string{v}
			for closed := strings.Contains(stripTOMLStrings(v), "]"); !closed && i+1 < len(lines); {
				i++
				parts = append(parts, lines[i])
				closed = strings.Contains(stripTOMLStrings(lines[i]), "]")
			}
			v = strings.Join(parts, "\n")
			var values []string
			for _, m := range tomlString.FindAllStringSubmatch(stripComments(v), -1) {
				values = append(values, m[1]+m[2])
			}
			settings[strings.TrimSpace(k)] = values
			continue
		}
		if m := tomlString.FindStringSubmatch(v); m != nil {
			settings[strings.TrimSpace(k)] = strings.Fields(m[1] + m[2])
		}
	}
	return settings, found
}

// stripTOMLStrings blanks the strings of a TOML value, so brackets inside
// them do not count.
func stripTOMLStrings(v string) string { return tomlString.ReplaceAllString(v, `""`) }

// stripComments drops the # comments (outside strings) of each line of a
// TOML array.
func stripComments(v string) string {
	lines := strings.Split(v, "\n")
	for i, line := range lines {
		var quote byte
		for j := 0; j < len(line); j++ {
			switch c := line[j]; {
			case quote == '"' && c == '\\':
				j++
			case quote != 0 && c == quote:
				quote = 0
			case quote == 0 && (c == '"' || c == '\''):
				quote = c
			case quote == 0 && c == '#':
				line = line[:j]
			}
		}
		lines[i] = line
	}
	return strings.Join(lines, "\n")
}
