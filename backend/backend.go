// Package backend is the contract between the model and the language
// backends: a backend turns a suite into files in memory and never touches
// the disk; the writer owns the disk and knows no language.
package backend

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// Binding says what implementation the generated tests are bound to.
type Binding int

const (
	// BindSDK binds the tests to the SDK through its scaffold subject; this is
	// what `bqgen generate` writes into an SDK checkout.
	BindSDK Binding = iota
	// BindOracle binds the tests to the oracle; this is what `bqgen verify` runs.
	BindOracle
)

// Kind says how the writer treats a file.
type Kind int

const (
	// Generated files are rewritten on every run and checked by `bqgen check`.
	Generated Kind = iota
	// Scaffold files are written only when absent; the SDK owns them afterwards.
	Scaffold
	// Vendored files are the suite's own files, copied byte for byte.
	Vendored
)

func (k Kind) String() string {
	return [...]string{"generated", "scaffold", "vendored"}[k]
}

// File is one output file: a clean, relative, slash-separated path and its bytes.
type File struct {
	Path    string
	Content []byte
	Kind    Kind
}

// Options tune a backend's output. Zero values mean each language's defaults.
type Options struct {
	Binding Binding
	// Package overrides the language's package or namespace of the generated
	// tests (Java package, Go package name, C# namespace, PHP namespace).
	Package string
	// Regenerate is the command that regenerates this output, as the
	// generated files' header prints it ("" : the backend's default).
	Regenerate string
	// Exemptions excuse cases from passing, as the SDK's bqgen.yaml says.
	Exemptions []Exemption
	// VendorDir is where the suite is vendored, a clean slash path relative
	// to the output root (bqgen.yaml's vendor:); "" is the language's
	// default place. The generated tests read the suite from there.
	VendorDir string
}

// SuiteDirOr is where the suite goes: VendorDir, cleaned, or def when
// VendorDir is "".
func (o Options) SuiteDirOr(def string) string {
	if o.VendorDir == "" {
		return def
	}
	return path.Clean(o.VendorDir)
}

// The actions of an exemption.
const (
	// ExemptSkip makes the case's test skip with the reason.
	ExemptSkip = "skip"
	// ExemptFail makes the case a known failure: while the SDK fails the
	// case its test reports an expected failure (the runner's own, or a
	// skip saying "known failure"), never a pass, and once the SDK passes
	// it the test fails with "now passes:" and the Remedy.
	ExemptFail = "fail"
)

// Exemption excuses the cases whose "<block>/<case name>" matches Pattern
// (path.Match syntax), or equals it when Literal.
type Exemption struct {
	Pattern, Action, Reason string
	// Source is the file the exemption was read from, as the SDK's
	// maintainer finds it ("bqgen.yaml", ".bqgen/go.baseline"): a known
	// failure that now passes says to remove it there. "" is bqgen.yaml.
	Source string
	// Literal: Pattern is one case id, compared whole (a baseline's line,
	// written from a run's results), never read as a pattern.
	Literal bool
}

// Remedy is what a known failure's test asks for once the SDK passes the
// case: the exemption removed from where it was read.
func (e Exemption) Remedy() string {
	if e.Literal {
		return fmt.Sprintf("remove %q from %s", e.Pattern, e.source())
	}
	return fmt.Sprintf("remove the exemption %s from %s", e.Pattern, e.source())
}

func (e Exemption) source() string {
	if e.Source == "" {
		return "bqgen.yaml"
	}
	return e.Source
}

// Covers reports whether the exemption covers the case id
// "<block>/<case name>".
func (e Exemption) Covers(id string) bool {
	if e.Literal {
		return e.Pattern == id
	}
	ok, _ := path.Match(e.Pattern, id)
	return ok
}

// ExemptionFor returns the first exemption covering case name of block.
func (o Options) ExemptionFor(block, name string) (Exemption, bool) {
	for _, e := range o.Exemptions {
		if e.Covers(block + "/" + name) {
			return e, true
		}
	}
	return Exemption{}, false
}

// OptionError is an option a backend cannot honour (a --package that is
// not a name in its language, or has no meaning there): a usage error.
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// OptionErrorf returns an *OptionError.
func OptionErrorf(format string, args ...any) error {
	return &OptionError{Msg: fmt.Sprintf(format, args...)}
}

// WiringChecker is implemented by a backend that can tell, from the SDK's
// own build files, whether the SDK's test entry point runs the generated
// files (an npm test script that lists files, a testsuite that excludes
// the directory, a project that does not import the generated props).
type WiringChecker interface {
	// WiringFiles are the files, relative to the output directory, the
	// check reads; the caller passes each one's content, nil when absent.
	WiringFiles() []string
	// CheckWiring reports every way the generated files would not run.
	CheckWiring(files map[string][]byte, generated []File) []WiringProblem
}

// WiringProblem is one way the generated tests would not run, with the
// line to add or change.
type WiringProblem struct {
	File    string // the SDK file at fault, relative to the output directory
	Problem string
	Fix     string
}

// The environment every oracle-bound output reads, in every language.
const (
	// EnvOracleBin is the path of the bqgen executable whose `oracle serve`
	// an oracle subject starts (bqgen on PATH when unset).
	EnvOracleBin = "BQGEN_ORACLE_BIN"
	// EnvOracleFault names the mutant to serve; empty for the correct oracle.
	EnvOracleFault = "BQGEN_ORACLE_FAULT"
	// EnvOracleAddr, when set, is the host:port of an oracle already
	// listening (bqgen verify's, oracle.Listener): an oracle subject connects
	// to it, opening with a hello that carries EnvOracleToken and the fault,
	// instead of starting a server (docs/subject-protocol.md).
	EnvOracleAddr = "BQGEN_ORACLE_ADDR"
	// EnvOracleToken is the listening oracle's token.
	EnvOracleToken = "BQGEN_ORACLE_TOKEN"
)

// Backend generates one language's tests from a suite.
type Backend interface {
	// Lang is the name users pass to --lang.
	Lang() string
	// Generate returns every file of the output, in a deterministic order.
	Generate(s *model.Suite, opt Options) ([]File, error)
}

// TraitLacker is implemented by a backend whose language's values lack some
// of the protocol's traits; verify reports a mutant that needs one as not
// expressible in the language instead of running it.
type TraitLacker interface {
	// Lacks maps each trait the language lacks to why, in a sentence.
	Lacks() map[protocol.Trait]string
}

// Lacks is what b's language lacks, by trait (none when b does not say).
func Lacks(b Backend) map[protocol.Trait]string {
	if l, ok := b.(TraitLacker); ok {
		return l.Lacks()
	}
	return nil
}

// Registry is the list of backends a command can use.
type Registry []Backend

// Lookup finds the backend for lang.
func (r Registry) Lookup(lang string) (Backend, error) {
	for _, b := range r {
		if b.Lang() == lang {
			return b, nil
		}
	}
	return nil, fmt.Errorf("unknown language %q (known: %s)%s", lang, r.langList(), suggest.Phrase(lang, r.Langs()))
}

// Langs lists the registered languages in registry order.
func (r Registry) Langs() []string {
	out := make([]string, len(r))
	for i, b := range r {
		out[i] = b.Lang()
	}
	return out
}

func (r Registry) langList() string {
	s := ""
	for i, l := range r.Langs() {
		if i > 0 {
			s += ", "
		}
		s += l
	}
	return s
}

// VendorSuite returns the suite's files placed under dir, for the writer to
// copy byte for byte. Generated tests read their fixtures from there.
func VendorSuite(s *model.Suite, dir string) []File {
	out := make([]File, 0, len(s.Files))
	for _, f := range s.Files {
		out = append(out, File{Path: dir + "/" + f.Path, Content: f.Raw, Kind: Vendored})
	}
	return out
}

// SortedByPath orders files by path, the order every backend returns them
// in, so output order never depends on how a backend happens to build it.
func SortedByPath(files []File) []File {
	sort.SliceStable(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files
}

// RelativeDir is the slash path from directory from to directory to, both
// clean slash paths relative to the same root ("." is the root itself):
// "tests" to "tests/conformance" is "conformance", "tests" to
// "testdata/suite" is "../testdata/suite", and a directory to itself ".".
func RelativeDir(from, to string) string {
	split := func(p string) []string {
		if p = path.Clean(p); p == "." {
			return nil
		}
		return strings.Split(p, "/")
	}
	f, t := split(from), split(to)
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	parts := make([]string, 0, len(f)-i+len(t)-i)
	for range f[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}
