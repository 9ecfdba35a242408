package python

import (
	"fmt"
	"regexp"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// view is everything the templates lay out, computed once from the suite:
// file names, identifiers, and every literal already escaped.
type view struct {
	Header        header
	Layout        outputLayout // where the output goes, the module names
	SupportModule string       // the module of the Subject protocol and the assertions
	SubjectModule string       // the module tests import subject() from
	Subject       *subjectAPI  // the subject, computed from the protocol
	Scaffold      scaffoldView // what the SDK scaffold maps
	// Defaults are the support module's SubjectDefaults, one per method.
	Defaults []defaultMethod
	Files    []testFile // one test module per block that has tests
}

// header is what every generated file states about its origin.
type header struct {
	Version    string // CONFORMANCE_VERSION (or "unversioned"), safe in a comment
	VersionLit string // the same as a Python str literal
	Regenerate string // the command that regenerates the output, safe in a comment
}

// defaultRegenerate is the command a header names when the caller gave none.
const defaultRegenerate = "bqgen generate --lang python --out ."

// common is what every block view needs: the header, the subject module
// the tests import, and the subject's method names.
type common struct {
	Header        header
	SupportModule string
	SubjectModule string
	Subject       *subjectAPI
	layout        outputLayout
	opt           backend.Options
}

// testFile is one generated test module: the frame every block template
// lays its tests into, plus the block's own view in Body.
type testFile struct {
	Path          string // e.g. tests/test_conformance_cases.py
	Root          string // the template that renders it, named after the file
	Header        header
	Doc           string // module docstring literal
	Class         string // the unittest.TestCase subclass
	ClassDoc      string // its docstring literal
	SupportModule string
	SubjectModule string
	SuiteDir      string // the vendored suite's directory, relative to Path's, as a str literal
	Body          body   // the block's view: *casesBody, *bindingBody, ...
	block         string // the block whose cases the module tests
}

// docWidth is where docstrings wrap (see pyDoc).
const docWidth = 76

// testHead is what every generated test method starts with.
type testHead struct {
	Method string // test_<snake name>, unique within its module
	Doc    string // docstring literal: the raw case name, then its description
	// Decorators are the lines before the def (indent 4, each ending in a
	// newline): the exemption bqgen.yaml gives the case, or "".
	Decorators string
	name       string // the raw name Method is derived from, the case name
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

// blockView builds the test file of one block.
type blockView func(*model.Suite, *common) (testFile, error)

// blockViews maps each block to the function that builds its view.
var blockViews = map[string]blockView{
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
	model.BlockSettlement:           buildSettlement,
	model.BlockRowErrors:            buildRowErrors,
	model.BlockFailedWrites:         buildFailedWrites,
	model.BlockProducer:             buildProducer,
}

// buildView computes the view of a suite over the protocol's operations.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	return buildViewOf(s, opt, protocol.All(), protocol.Records)
}

// buildViewOf computes the view of a suite over the operations ops
// (capabilities first) and records records. Python tests are top-level
// modules and have no package, so opt.Package must be empty.
func buildViewOf(s *model.Suite, opt backend.Options, ops []protocol.Operation, records []protocol.RecordType) (*view, error) {
	if opt.Package != "" {
		return nil, backend.OptionErrorf("package %q has no meaning: the generated tests are top-level modules, imported by file name", opt.Package)
	}
	h, err := buildHeader(s, opt)
	if err != nil {
		return nil, err
	}
	api, err := buildSubject(ops, records)
	if err != nil {
		return nil, fmt.Errorf("python: subject: %w", err)
	}
	l := layoutOf(s.Blocks(), opt.VendorDir)
	c := &common{Header: h, SupportModule: l.Support, SubjectModule: l.subjectModule(opt.Binding), Subject: api, layout: l, opt: opt}
	v := &view{Header: h, Layout: l, SupportModule: l.Support, SubjectModule: c.SubjectModule, Subject: api,
		Scaffold: buildScaffold(api, ops, l), Defaults: buildDefaults(s, api, ops)}
	for _, block := range s.Blocks() {
		build, known := blockViews[block]
		if !known {
			continue
		}
		f, err := build(s, c)
		if err != nil {
			return nil, fmt.Errorf("python: block %s: %w", block, err)
		}
		if len(f.Body.heads()) > 0 {
			v.Files = append(v.Files, f)
		}
	}
	return v, nil
}

// testFile frames the view of block: it names the test methods (unique
// within the module) and adds the module's docstrings and names.
func (c *common) testFile(block string, b body) (testFile, error) {
	nameMethods(b.heads())
	for _, h := range b.heads() {
		h.Decorators = exemptionDecorators(c.opt, block, h.name)
	}
	summary := fmt.Sprintf("Conformance tests for the %q block of the BabelQueue suite.", block)
	version := "CONFORMANCE_VERSION " + c.Header.Version + "."
	name := TestModule(block)
	return testFile{
		Path: c.layout.path(name), Root: name + ".py", Header: c.Header,
		Doc:           pyDoc(summary, version, docWidth),
		Class:         testClassName(block),
		ClassDoc:      pyDoc(fmt.Sprintf("One test per case of the %q block.", block), "", docWidth),
		SupportModule: c.SupportModule, SubjectModule: c.SubjectModule, SuiteDir: c.layout.suiteLit(), Body: b, block: block,
	}, nil
}

// method is the subject method of op, for the templates of the tests that
// call it.
func (c *common) method(op protocol.Operation) (string, error) { return c.Subject.method(op) }

// safeVersion is what may appear in a comment: SemVer characters only. The
// loader already insists on SemVer; this keeps a comment safe by construction
// even for a suite that was loaded with errors.
var safeVersion = regexp.MustCompile(`^[0-9A-Za-z.+-]+$`)

func buildHeader(s *model.Suite, opt backend.Options) (header, error) {
	version := versionText(s)
	if !safeVersion.MatchString(version) {
		return header{}, fmt.Errorf("python: CONFORMANCE_VERSION %q is not a SemVer version", version)
	}
	regenerate := opt.Regenerate
	if regenerate == "" {
		regenerate = defaultRegenerate
	}
	return header{Version: version, VersionLit: pyString(version), Regenerate: commentText(regenerate)}, nil
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
