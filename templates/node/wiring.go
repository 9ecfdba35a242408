package node

import (
	"encoding/json"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// The SDK's npm manifest, whose test script is how `npm test` runs the
// tests: the core's lists its test files one by one, so a generated file it
// does not name never runs.
const sdkManifest = "package.json"

// generatedTestGlob matches every generated test file, as a test script
// names them (the shell expands it, or node --test does).
const generatedTestGlob = TestDir + "/*" + TestSuffix

// WiringFiles is the SDK's package.json.
func (Backend) WiringFiles() []string { return []string{sdkManifest} }

// CheckWiring reports a package.json test script that would not run every
// generated test file: one that lists files without them, or whose globs
// do not match them. The fix is the script with the generated glob added.
// Without a package.json there is no entry point to check.
func (Backend) CheckWiring(files map[string][]byte, generated []backend.File) []backend.WiringProblem {
	var tests []string
	for _, f := range generated {
		if f.Kind == backend.Generated && strings.HasSuffix(f.Path, TestSuffix) {
			tests = append(tests, f.Path)
		}
	}
	if len(tests) == 0 {
		return nil
	}
	data, ok := files[sdkManifest]
	if !ok {
		return nil // not an npm package (yet): there is no test entry point to check
	}
	var manifest struct {
		Scripts map[string]string `json:"scripts"`
	}
	if err := json.Unmarshal(data, &manifest); err != nil {
		return []backend.WiringProblem{{File: sdkManifest, Problem: "it is not valid JSON (" + err.Error() + "), so npm cannot run its test script",
			Fix: "make it valid JSON with a test script that runs " + generatedTestGlob}}
	}
	script, ok := manifest.Scripts["test"]
	if !ok {
		return []backend.WiringProblem{{File: sdkManifest, Problem: "it has no test script, so npm test runs none of the generated tests",
			Fix: `add to its "scripts": "test": ` + jsonString("node --import tsx --test "+generatedTestGlob)}}
	}
	if delegates(script) {
		return nil
	}
	var missed []string
	for _, t := range tests {
		if !runs(script, t) {
			missed = append(missed, t)
		}
	}
	if len(missed) == 0 {
		return nil
	}
	return []backend.WiringProblem{{File: sdkManifest,
		Problem: "its test script " + jsonString(script) + " " + scriptShape(script) + ", so npm test does not run " + listFiles(missed),
		Fix:     `make it "test": ` + jsonString(strings.TrimRight(script, " ")+" "+generatedTestGlob)}}
}

// delegates reports a test script that hands over to other scripts (npm run
// in workspaces, a test runner other than node's): what those run is not
// this file's to tell, so it is taken to be wired.
func delegates(script string) bool {
	return !strings.Contains(script, "--test")
}

// runs reports whether one of the script's arguments names path: the path
// itself, or a glob matching it (relative to the package, "./" allowed).
func runs(script, file string) bool {
	for _, arg := range strings.Fields(script) {
		arg = strings.TrimPrefix(strings.Trim(arg, `"'`), "./")
		if arg == file {
			return true
		}
		if strings.ContainsAny(arg, "*?[") && globMatches(arg, file) {
			return true
		}
	}
	return false
}

// globMatches matches a shell or node --test glob against a path: "*" and
// "?" within a name, "**/" any number of directories.
func globMatches(glob, file string) bool {
	if ok, _ := path.Match(glob, file); ok {
		return true
	}
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch {
		case strings.HasPrefix(glob[i:], "**/"):
			re.WriteString("(?:.*/)?")
			i += 2
		case glob[i] == '*':
			re.WriteString("[^/]*")
		case glob[i] == '?':
			re.WriteString("[^/]")
		default:
			re.WriteString(regexp.QuoteMeta(glob[i : i+1]))
		}
	}
	re.WriteString("$")
	ok, err := regexp.MatchString(re.String(), file)
	return err == nil && ok
}

// scriptShape says how a script picks its files, for the problem's text.
func scriptShape(script string) string {
	for _, arg := range strings.Fields(script) {
		if strings.ContainsAny(arg, "*?[") {
			return "has globs that do not match the generated files"
		}
	}
	if strings.Contains(script, ".ts") || strings.Contains(script, ".js") {
		return "lists its test files one by one"
	}
	return "names no test files (node --test's default patterns do not pick up .ts files on every Node version)"
}

// listFiles names a few files, then how many more.
func listFiles(files []string) string {
	const shown = 2
	if len(files) <= shown {
		return strings.Join(files, " and ")
	}
	return strings.Join(files[:shown], ", ") + " and " + strconv.Itoa(len(files)-shown) + " more generated test files"
}
