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

	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/internal/suggest"
	"gopkg.in/yaml.v3"
)

// FileName is the config file's name.
const FileName = "bqgen.yaml"

// Version is the only config version this bqgen reads.
const Version = 1

// Config is a parsed bqgen.yaml.
type Config struct {
	Version int `yaml:"version"`
	// Suite is relative to the file's directory, or absolute; "" is the
	// embedded suite.
	Suite string `yaml:"suite"`
	// Strict makes a block of the suite that bqgen cannot generate an
	// error instead of a warning.
	Strict  bool     `yaml:"strict"`
	Targets []Target `yaml:"targets"`

	// Path is the file the config was read from, as it was named.
	Path string `yaml:"-"`

	dir      string // the real directory of the file, once Load resolved it
	suiteDir string // the suite's real path, once resolved
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
	Adopt bool `yaml:"adopt"`
	// Vendor is where bqgen vendors the suite for this target, a slash path
	// relative to Out ("": the language's default place), so an SDK that
	// keeps its own older copy at that place keeps it untouched.
	Vendor     string      `yaml:"vendor"`
	Exemptions []Exemption `yaml:"exemptions"`
	// Repository is the SDK repository's web address and Commit the
	// revision its results are of (both optional): `bqgen report` links
	// each case to its generated test there (docs/report.md).
	Repository string `yaml:"repository"`
	Commit     string `yaml:"commit"`

	line      int    // where the target starts, for errors
	vendorSet bool   // the file has a vendor: key, empty or not
	outDir    string // Out's real path, once Load resolved it
}

// VendorDir is the target's vendor directory as a clean slash path
// relative to its out dir, "" for the language's default.
func (t Target) VendorDir() string {
	if t.Vendor == "" {
		return ""
	}
	return path.Clean(t.Vendor)
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
// "" when there is none. Anything but a directory of that name is found,
// links that lead nowhere included: Load says what is wrong with it, where
// skipping it would obey a bqgen.yaml further up instead.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, FileName)
		if info, err := os.Lstat(p); err == nil && !info.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Parse reads and checks data, read from file, as far as it can without the
// disk: syntax, keys, languages, blocks, and an out that is absolute or
// climbs out by "..". Load adds what needs the disk.
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
// "line N: what", in the config's words. The library quotes nothing: a key
// or a value from the file that holds a line break (or any hidden
// character) is shown escaped (quote.Name, quote.Value), so each problem
// stays one line and none can forge another.
func yamlProblems(err error) []string {
	var te *yaml.TypeError
	if !errors.As(err, &te) {
		return []string{quote.Value(strings.TrimPrefix(err.Error(), "yaml: "))}
	}
	out := make([]string, len(te.Errors))
	keys := Keys()
	for i, e := range te.Errors {
		e = unknownField.ReplaceAllStringFunc(e, func(m string) string {
			sub := unknownField.FindStringSubmatch(m)
			return "unknown key " + quote.Name(sub[1]) + suggest.Phrase(sub[1], keys[sub[2]])
		})
		out[i] = quote.Value(strings.Replace(e, "cannot unmarshal !!", "cannot read a YAML ", 1))
	}
	return out
}

// unknownField is the library's error for a key the config lacks; the
// key, from the file, may hold anything, a line break included.
var unknownField = regexp.MustCompile(`(?s)field (.+) not found in type config\.(\w+)$`)

// Dir is the directory paths in the config are relative to: the real
// directory of the file once Load has resolved it.
func (c *Config) Dir() string {
	if c.dir != "" {
		return c.dir
	}
	return filepath.Dir(c.Path)
}

// SuiteDir is the suite's directory, or "" for the embedded suite. An
// absolute suite is used as it is written.
func (c *Config) SuiteDir() string {
	switch {
	case c.suiteDir != "":
		return c.suiteDir
	case c.Suite == "":
		return ""
	}
	return c.join(c.Suite)
}

// OutDir is the target's output directory: its real path once Load has
// resolved it (when it exists).
func (c *Config) OutDir(t Target) string {
	if t.outDir != "" {
		return t.outDir
	}
	return c.join(t.Out)
}

// join is p (a slash path from the file) as a path on disk: relative to
// Dir, or as it is when absolute.
func (c *Config) join(p string) string {
	p = filepath.FromSlash(p)
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(c.Dir(), p)
}

// Error lists every problem of a config file.
type Error struct {
	File     string
	Problems []string
}

func (e *Error) Error() string {
	return e.File + ": " + strings.Join(e.Problems, "\n"+e.File+": ")
}
