package php

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// PHPUnitConfigs are the configuration files `phpunit` reads when run with
// none named, in the order it looks for them: the first present wins.
var PHPUnitConfigs = []string{"phpunit.xml", "phpunit.dist.xml", "phpunit.xml.dist"}

// WiringFiles are the PHPUnit configurations CheckWiring reads.
func (Backend) WiringFiles() []string { return PHPUnitConfigs }

// CheckWiring reports how the SDK's PHPUnit configuration would not run the
// generated tests: no testsuite that runs collects them (its <directory>
// entries do not include TestDir, or their suffix or prefix does not match
// the generated file names), a testsuite <exclude>s them, or
// failOnIncomplete="true" would fail the known failures bqgen.yaml exempts.
// Without a configuration there is nothing to check: the SDK runs PHPUnit
// some other way.
func (Backend) CheckWiring(files map[string][]byte, generated []backend.File) []backend.WiringProblem {
	name, content := firstPresent(files)
	if name == "" {
		return nil
	}
	var cfg phpunitConfig
	if err := xml.NewDecoder(bytes.NewReader(content)).Decode(&cfg); err != nil {
		return []backend.WiringProblem{{File: name, Problem: "PHPUnit cannot read it as XML (" + err.Error() + ")",
			Fix: "fix the XML, then run bqgen check again"}}
	}
	tests, knownFailures := generatedTests(generated)
	if len(tests) == 0 {
		return nil
	}
	var out []backend.WiringProblem
	if p, ok := cfg.collectionProblem(tests); ok {
		p.File = name
		out = append(out, p)
	}
	if knownFailures && strings.EqualFold(strings.TrimSpace(cfg.FailOnIncomplete), "true") {
		out = append(out, backend.WiringProblem{File: name,
			Problem: `failOnIncomplete="true" fails the known failures bqgen.yaml exempts (PHPUnit reports them incomplete)`,
			Fix:     `set failOnIncomplete="false" on <phpunit>`})
	}
	return out
}

// firstPresent is the configuration PHPUnit would read, and its content.
func firstPresent(files map[string][]byte) (string, []byte) {
	for _, name := range PHPUnitConfigs {
		if content, ok := files[name]; ok && content != nil {
			return name, content
		}
	}
	return "", nil
}

// generatedTests are the paths of the generated test classes, and whether
// any of them runs a known failure.
func generatedTests(generated []backend.File) ([]string, bool) {
	var tests []string
	known := false
	for _, f := range generated {
		if f.Kind != backend.Generated || path.Dir(f.Path) != TestDir || !strings.HasSuffix(f.Path, TestSuffix) {
			continue
		}
		tests = append(tests, f.Path)
		known = known || bytes.Contains(f.Content, []byte("$this->knownFailure("))
	}
	return tests, known
}

// phpunitConfig is what the check reads of a PHPUnit configuration.
type phpunitConfig struct {
	DefaultTestSuite string          `xml:"defaultTestSuite,attr"`
	FailOnIncomplete string          `xml:"failOnIncomplete,attr"`
	Suites           []phpunitSuites `xml:"testsuites"`
}

type phpunitSuites struct {
	Suites []phpunitSuite `xml:"testsuite"`
}

type phpunitSuite struct {
	Name        string             `xml:"name,attr"`
	Directories []phpunitDirectory `xml:"directory"`
	Files       []string           `xml:"file"`
	Excludes    []string           `xml:"exclude"`
}

type phpunitDirectory struct {
	Path   string `xml:",chardata"`
	Suffix string `xml:"suffix,attr"`
	Prefix string `xml:"prefix,attr"`
}

// running are the testsuites a plain `phpunit` runs: all of them, or those
// defaultTestSuite names.
func (c phpunitConfig) running() []phpunitSuite {
	var all []phpunitSuite
	for _, s := range c.Suites {
		all = append(all, s.Suites...)
	}
	if strings.TrimSpace(c.DefaultTestSuite) == "" {
		return all
	}
	var out []phpunitSuite
	for _, s := range all {
		for _, name := range strings.Split(c.DefaultTestSuite, ",") {
			if strings.TrimSpace(name) == s.Name {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// directoryLine is the line that makes a testsuite collect the generated tests.
var directoryLine = "<directory>" + TestDir + "</directory>"

// collectionProblem reports the first way the running testsuites miss a
// generated test, with the fix; false when every test is collected.
func (c phpunitConfig) collectionProblem(tests []string) (backend.WiringProblem, bool) {
	suites := c.running()
	if len(suites) == 0 {
		if c.DefaultTestSuite != "" {
			return backend.WiringProblem{
				Problem: fmt.Sprintf("defaultTestSuite=%q names no testsuite of the file, so no generated test runs", c.DefaultTestSuite),
				Fix:     "name an existing testsuite in defaultTestSuite, and add " + directoryLine + " to it"}, true
		}
		return backend.WiringProblem{Problem: "it has no testsuite, so no generated test runs",
			Fix: `add <testsuites><testsuite name="conformance">` + directoryLine + `</testsuite></testsuites>`}, true
	}
	for _, test := range tests {
		if collectedByAny(suites, test) {
			continue
		}
		for _, s := range suites {
			if ex, ok := s.excludes(test); ok && s.includes(test) {
				return backend.WiringProblem{
					Problem: fmt.Sprintf("testsuite %q excludes %s with <exclude>%s</exclude>", s.Name, TestDir, ex),
					Fix:     fmt.Sprintf("remove <exclude>%s</exclude> from testsuite %q", ex, s.Name)}, true
			}
		}
		return backend.WiringProblem{
			Problem: fmt.Sprintf("no testsuite it runs collects %s (its <directory> entries do not include it, or their suffix or prefix does not match %s)", TestDir, path.Base(test)),
			Fix:     fmt.Sprintf("add %s to testsuite %q", directoryLine, suites[0].Name)}, true
	}
	return backend.WiringProblem{}, false
}

// collectedByAny reports whether some testsuite collects test.
func collectedByAny(suites []phpunitSuite, test string) bool {
	for _, s := range suites {
		if _, excluded := s.excludes(test); s.includes(test) && !excluded {
			return true
		}
	}
	return false
}

// includes reports whether a <file> or <directory> of the suite names test.
func (s phpunitSuite) includes(test string) bool {
	for _, f := range s.Files {
		if configPath(f) == test {
			return true
		}
	}
	name := path.Base(test)
	for _, d := range s.Directories {
		suffix := strings.TrimSpace(d.Suffix)
		if suffix == "" {
			suffix = TestSuffix
		}
		if strings.HasSuffix(name, suffix) && strings.HasPrefix(name, strings.TrimSpace(d.Prefix)) && covers(d.Path, test) {
			return true
		}
	}
	return false
}

// excludes returns the <exclude> entry of the suite that covers test.
func (s phpunitSuite) excludes(test string) (string, bool) {
	for _, e := range s.Excludes {
		if covers(e, test) || configPath(e) == test {
			return strings.TrimSpace(e), true
		}
	}
	return "", false
}

// covers reports whether the configured directory dir (relative to the
// configuration's directory, glob patterns allowed, as PHPUnit expands
// them) holds file.
func covers(dir, file string) bool {
	d := configPath(dir)
	if d == "." {
		return true
	}
	segments := strings.Split(path.Dir(file), "/")
	for k := 1; k <= len(segments); k++ {
		if ok, _ := path.Match(d, strings.Join(segments[:k], "/")); ok {
			return true
		}
	}
	return false
}

// configPath cleans a path of the configuration: "./tests/" -> "tests".
func configPath(p string) string {
	return path.Clean(strings.TrimSpace(p))
}
