package python

import (
	"fmt"
	"regexp"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// view is everything the templates lay out, computed once from the suite:
// file names, identifiers, and every literal already escaped.
type view struct {
	Header        header
	SubjectModule string   // the module tests import subject() from
	Modules       []module // one test module per block that has tests
}

// header is what every generated file states about its origin.
type header struct {
	Version    string // CONFORMANCE_VERSION (or "unversioned"), safe in a comment
	VersionLit string // the same as a Python str literal
}

// module is one generated test module: the frame every block template lays
// its tests into, plus the block's own view in Body.
type module struct {
	Path          string // e.g. tests/test_conformance_sqs.py
	Root          string // the template that renders it, named after the file
	Header        header
	Doc           string // module docstring literal
	Class         string // the unittest.TestCase subclass
	ClassDoc      string // its docstring literal
	SubjectModule string
	Body          any // the block's view: *casesBody, *sqsBody, ...
}

// docWidth is where docstrings wrap (see pyDoc).
const docWidth = 76

// testHead is what every generated test method starts with.
type testHead struct {
	Method string // test_<snake name>, unique within its module
	Doc    string // docstring literal: the raw case name, then its description
	name   string // the raw name Method is derived from
}

// newHead makes the head of a test for a case name and optional description.
// The method name is assigned later by nameMethods, once a module's names are
// all known.
func newHead(name, description string) testHead {
	return testHead{Doc: pyDoc(name, description, docWidth), name: name}
}

// newSubBlockHead makes the head of the one test of a sub-block (a
// projection, dedup_key): the method is named after the sub-block and the
// docstring says which block it belongs to.
func newSubBlockHead(block, sub string) testHead {
	return testHead{Doc: pyDoc(block+"."+sub, "", docWidth), name: sub}
}

// nameMethods gives each test of one module its method name from
// backend.Identifiers, which keeps them unique, valid and readable.
func nameMethods(heads []*testHead) {
	names := make([]string, len(heads))
	for i, h := range heads {
		names[i] = h.name
	}
	for i, id := range backend.Identifiers(names, []string{"test"}, backend.Snake) {
		heads[i].Method = id
	}
}

// body is a block's view; heads lists its tests in module order.
type body interface {
	heads() []*testHead
}

// blockViews maps each block to the function that builds its view.
var blockViews = map[string]func(*model.Suite) (body, error){
	model.BlockCases:                buildCases,
	model.BlockIdempotency:          buildIdempotency,
	model.BlockSQS:                  buildSQS,
	model.BlockASB:                  buildASB,
	model.BlockPulsar:               buildPulsar,
	model.BlockKafka:                buildKafka,
	model.BlockArtemis:              buildArtemis,
	model.BlockRedis:                buildRedis,
	model.BlockRabbitMQ:             buildRabbitMQ,
	model.BlockPayloadSchema:        buildPayloadSchema,
	model.BlockRoundtrip:            buildRoundtrip,
	model.BlockDataShape:            buildDataShape,
	model.BlockForbiddenKeys:        buildForbiddenKeys,
	model.BlockPayloadSchemaUnicode: buildPayloadSchemaUnicode,
}

// buildView computes the view of a suite. Python tests are top-level modules
// and have no package, so opt.Package must be empty.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	if opt.Package != "" {
		return nil, fmt.Errorf("python: --package %q has no meaning: the generated tests are top-level modules in %s/", opt.Package, TestDir)
	}
	h, err := buildHeader(s)
	if err != nil {
		return nil, err
	}
	v := &view{Header: h, SubjectModule: subjectModule(opt.Binding)}
	for _, block := range s.Blocks() {
		m, ok, err := buildModule(s, block, v)
		if err != nil {
			return nil, fmt.Errorf("python: block %s: %w", block, err)
		}
		if ok {
			v.Modules = append(v.Modules, m)
		}
	}
	return v, nil
}

// buildModule builds the test module of one block; ok is false for a block
// bqgen has no builder for or one without any test.
func buildModule(s *model.Suite, block string, v *view) (module, bool, error) {
	build, known := blockViews[block]
	if !known {
		return module{}, false, nil
	}
	b, err := build(s)
	if err != nil || len(b.heads()) == 0 {
		return module{}, false, err
	}
	nameMethods(b.heads())
	name := testModuleName(block)
	summary := fmt.Sprintf("Conformance tests for the %q block of the BabelQueue suite.", block)
	body := "CONFORMANCE_VERSION " + v.Header.Version + "."
	return module{
		Path: modulePath(name), Root: name + ".py", Header: v.Header,
		Doc: pyDoc(summary, body, docWidth), Class: testClassName(block), ClassDoc: pyDoc(fmt.Sprintf("One test per case of the %q block.", block), "", docWidth),
		SubjectModule: v.SubjectModule, Body: b,
	}, true, nil
}

// safeVersion is what may appear in a comment: SemVer characters only. The
// loader already insists on SemVer; this keeps a comment safe by construction
// even for a suite that was loaded with errors.
var safeVersion = regexp.MustCompile(`^[0-9A-Za-z.+-]+$`)

func buildHeader(s *model.Suite) (header, error) {
	version := versionText(s)
	if !safeVersion.MatchString(version) {
		return header{}, fmt.Errorf("python: CONFORMANCE_VERSION %q is not a SemVer version", version)
	}
	return header{Version: version, VersionLit: pyString(version)}, nil
}

// fixtureLit is the literal of a suite-relative fixture path.
func fixtureLit(path string) string { return pyString(path) }

// headsOf collects the heads of a slice of tests.
func headsOf[T any](tests []T, head func(T) *testHead) []*testHead {
	out := make([]*testHead, len(tests))
	for i, t := range tests {
		out[i] = head(t)
	}
	return out
}
