// Package config reads bqgen.yaml, the file an SDK repository keeps to say
// how bqgen generates into it: the suite, and one target per package that
// runs conformance tests (the core, and each transport package), with the
// blocks it runs and the cases it is exempt from. Commands find the file
// upward from the working directory, as buf and sqlc find theirs.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// FileName is the config file's name.
const FileName = "bqgen.yaml"

// Version is the only config version this bqgen reads.
const Version = 1

// Config is a parsed bqgen.yaml.
type Config struct {
	Version int    `yaml:"version"`
	Suite   string `yaml:"suite"` // relative to the file's directory; "" = the embedded suite
	// Strict makes a block of the suite that bqgen cannot generate an
	// error instead of a warning.
	Strict  bool     `yaml:"strict"`
	Targets []Target `yaml:"targets"`

	// Path is the file the config was read from.
	Path string `yaml:"-"`
}

// Target is one package that runs generated tests.
type Target struct {
	Lang    string `yaml:"lang"`
	Out     string `yaml:"out"` // relative to the file's directory
	Package string `yaml:"package"`
	// Blocks are the manifest blocks this target runs; empty: all of them.
	Blocks []string `yaml:"blocks"`
	// Adopt lets the first run take over files bqgen did not write (a
	// vendored suite kept by an older script).
	Adopt      bool        `yaml:"adopt"`
	Exemptions []Exemption `yaml:"exemptions"`

	line int // where the target starts, for errors
}

// The actions of an exemption.
const (
	ActionSkip = "skip" // the case's test skips with the reason
	ActionFail = "fail" // the case is a known failure; its test fails if it passes
)

// Exemption excuses the cases whose "<block>/<case name>" matches Case (a
// path.Match pattern) from passing, with a reason.
type Exemption struct {
	Case   string `yaml:"case"`
	Action string `yaml:"action"`
	Reason string `yaml:"reason"`

	line int
}

// Matches reports whether the exemption covers case name of block.
func (e Exemption) Matches(block, name string) bool {
	ok, _ := path.Match(e.Case, block+"/"+name)
	return ok
}

// Find looks for FileName in dir and its parents and returns its path, or
// "" when there is none.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, FileName)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and checks the config at file. knownLangs and knownBlocks are
// what targets may name. Every problem found is reported, each with the
// file, line and column.
func Load(file string, knownLangs, knownBlocks []string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	return Parse(file, data, knownLangs, knownBlocks)
}

// Parse is Load for data already read from file.
func Parse(file string, data []byte, knownLangs, knownBlocks []string) (*Config, error) {
	c := &Config{Path: file}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true) // a misspelt "exemptions" must not silently exempt nothing
	if err := dec.Decode(c); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: the file is empty; bqgen init writes a starter", file)
		}
		return nil, &Error{File: file, Problems: yamlProblems(err)}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err == nil {
		recordLines(&root, c)
	}
	if problems := c.check(knownLangs, knownBlocks); len(problems) > 0 {
		return nil, &Error{File: file, Problems: problems}
	}
	return c, nil
}

// yamlProblems turns the YAML library's error into one line per problem,
// "line N: what", in the config's words.
func yamlProblems(err error) []string {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	out := make([]string, len(te.Errors))
	for i, e := range te.Errors {
		e = unknownField.ReplaceAllString(e, "unknown key $1")
		out[i] = strings.Replace(e, "cannot unmarshal !!", "cannot read a YAML ", 1)
	}
	return out
}

var unknownField = regexp.MustCompile(`field (\S+) not found in type config\.\w+`)

// Dir is the directory paths in the config are relative to.
func (c *Config) Dir() string { return filepath.Dir(c.Path) }

// SuiteDir is the suite's directory, or "" for the embedded suite.
func (c *Config) SuiteDir() string {
	if c.Suite == "" {
		return ""
	}
	return filepath.Join(c.Dir(), filepath.FromSlash(c.Suite))
}

// OutDir is the target's output directory.
func (c *Config) OutDir(t Target) string { return filepath.Join(c.Dir(), filepath.FromSlash(t.Out)) }

// Error lists every problem of a config file.
type Error struct {
	File     string
	Problems []string
}

func (e *Error) Error() string {
	return e.File + ": " + strings.Join(e.Problems, "\n"+e.File+": ")
}
