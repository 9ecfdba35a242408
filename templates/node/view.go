package node

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// view is everything the templates lay out, computed once from the suite and
// the protocol: paths, import lists and every literal and comment already
// encoded. The templates only arrange these strings; none of them sees raw
// suite data.
type view struct {
	Header string // the header comment every generated file opens with
	// ScaffoldHeader opens the scaffold, which the SDK owns: it names the
	// suite revision but carries no generated marker.
	ScaffoldHeader string
	Tests          []testFile   // one per block the suite carries, in KnownBlocks order
	API            subjectView  // the subject interface, from the protocol
	Scaffold       scaffoldView // the scaffold's methods (set by Generate, from the templates)
	CoreModule     string       // literal: where the scaffold imports @babelqueue/core from
	// Transport is the broker block of a transport target (the suite carries
	// that broker block only): the output goes into that adapter package,
	// whose scaffold maps the broker's operations onto the package's own
	// source (OwnModule). "" for a core target.
	Transport string
	OwnModule string       // literal: the package's own source, for a transport target
	Package   packageView  // package.json and its lockfile (BindOracle only)
	Subject   string       // module specifier of the subject interface file
	Support   string       // module specifier of the support file
	Binding   string       // module specifier of the binding file
	SuiteURL  string       // the vendored suite's directory, a relative URL from the support module, as a string literal
	EnvNames  oracleEnvLit // the environment variables the oracle subject reads
}

// unversioned stands for CONFORMANCE_VERSION in a suite that has none.
const unversioned = "unversioned"

// common is what every block's test file needs besides its own block.
type common struct {
	Header                    string
	Subject, Support, Binding string // module specifiers, as in view
}

// testFile is one generated test file: the frame every block template lays
// its tests into, plus the block's own view in Body.
type testFile struct {
	Path    string // test/conformance-<block>.gen.test.ts
	Root    string // the template that renders it: <block>.test.ts
	Doc     string // the block's description, as comment lines
	Imports imports
	common
	Body  body   // the block's view: *casesBody, *bindingBody, ...
	block string // the block whose cases the file tests
}

// blockView builds the test file of one block.
type blockView func(*model.Suite, *common) (testFile, error)

// blockViews maps each block to the function that builds its test file.
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
	model.BlockPayloadSchemaUnicode: buildPayloadSchemaUnicode,
	model.BlockRoundtrip:            buildRoundtrip,
	model.BlockDataShape:            buildDataShape,
	model.BlockForbiddenKeys:        buildForbiddenKeys,
	model.BlockSettlement:           buildSettlement,
	model.BlockRowErrors:            buildRowErrors,
	model.BlockFailedWrites:         buildFailedWrites,
	model.BlockProducer:             buildProducer,
}

// file is the test file of block with its body and imports.
func (c *common) file(s *model.Suite, block string, b body, imp imports) testFile {
	sort.Strings(imp.Support)
	sort.Strings(imp.Types)
	return testFile{Path: TestFileName(block), Root: block + ".test.ts", Doc: tsComment(fileDoc(s, block), ""),
		Imports: imp, common: *c, Body: b, block: block}
}

// body is a block's view.
type body interface {
	// empty reports whether the block has no test to generate.
	empty() bool
	// heads are the heads of every test of the block.
	heads() []header
}

// imports is what one test file imports. Every name is used: SDKs compile
// their tests with noUnusedLocals, where an unused import is an error.
type imports struct {
	Assert  bool     // node:assert/strict
	Support []string // from the support file, sorted
	Types   []string // types from the subject file, sorted
}

// NodeTest is the import list from node:test: every file's tests are in
// its block's describe (blockDescribe).
func (i imports) NodeTest() string { return "after, describe, test" }

// SupportList is the import clause of the support names, broken over lines
// when it would be long.
func (i imports) SupportList() string {
	return layoutList("", "{ ", i.Support, " }", len("import  from \"./conformance-support.gen.js\";"))
}

// TypeList joins the type names for an import type clause.
func (i imports) TypeList() string { return strings.Join(i.Types, ", ") }

// testCase is the head of one test: its display name, the raw case name as a
// literal, and its description as comment lines.
type testCase struct {
	Name    string
	Comment string
	// Exempt is the exemption argument of whenProvided, ending ", " ("" when
	// the case has none), set by exempt once the block's file is built.
	Exempt string
	key    string // the case name bqgen.yaml's exemptions match ("<block>/<key>")
	// display is the test's name and describe the name of the describe
	// block it is in ("" at the top level), raw, for the test index.
	display, describe string
}

// newCase makes a test head, its comment indented to sit above the test.
func newCase(name, description, indent string) testCase {
	return keyedCase(name, name, description, indent)
}

// nestedCase makes the head of a test inside the describe block named
// describe (the template writes the block; the index records its name).
func nestedCase(describe, name, description string) testCase {
	c := newCase(name, description, nestedIndent)
	c.describe = describe
	return c
}

// keyedCase makes a test head whose display name differs from the case name
// exemptions match.
func keyedCase(key, display, description, indent string) testCase {
	c := testCase{Name: tsString(display), key: key, display: display}
	if description != "" {
		c.Comment = tsComment(description, indent)
	}
	return c
}

// head gives a body access to the test head its case views embed.
func (c *testCase) head() *testCase { return c }

// header is what every case view is: a view embedding a testCase.
type header interface{ head() *testCase }

// exempt sets the exemption argument of every test of block from opt: the
// action, the reason and the remedy as literals, for whenProvided.
func exempt(block string, b body, opt backend.Options) {
	for _, h := range b.heads() {
		tc := h.head()
		e, ok := opt.ExemptionFor(block, tc.key)
		if !ok {
			continue
		}
		tc.Exempt = "{ action: " + tsString(e.Action) + ", reason: " + tsString(e.Reason) +
			", remedy: " + tsString(e.Remedy()) + " }, "
	}
}

// packageView names the standalone project of the oracle-bound output. The
// name's scope and the version carry the generated marker and the suite
// revision, since JSON has no comments.
type packageView struct {
	NameJSON    string
	VersionJSON string
	MarkerJSON  string // the marker and the suite revision, for the "//" key
	TestJSON    string // the test script: node:test over the generated tests, through tsx
}

// oracleEnvLit holds the oracle subject's environment variable names as literals.
type oracleEnvLit struct {
	Bin, Fault, Addr, Token string
}

// suiteURL is the relative URL, from the support module's directory, of
// the vendored suite's directory dir (relative to out): each segment
// percent-encoded, so the support module's URL resolves to it and
// fileURLToPath decodes it back.
func suiteURL(dir string) string {
	rel := backend.RelativeDir(TestDir, dir)
	if rel == "." {
		return "./"
	}
	parts := strings.Split(rel, "/")
	for i, p := range parts {
		if p != ".." {
			parts[i] = url.PathEscape(p)
		}
	}
	return "./" + strings.Join(parts, "/") + "/"
}

// buildView computes the view of a suite.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	version := s.Version
	if !s.HasVersion || version == "" {
		version = unversioned
	}
	if err := checkPackage(opt.Package); err != nil {
		return nil, err
	}
	transport := transportOf(s)
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return nil, err
	}
	withDefaultReasons(&api, s)
	v := &view{
		Header:         buildHeader(version, opt.Regenerate),
		Transport:      transport,
		ScaffoldHeader: tsComment("Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION "+version+".", ""),
		API:            api,
		CoreModule:     tsString(coreModule(opt, transport)),
		OwnModule:      tsString(transportModule),
		Package:        buildPackage(version),
		Subject:        tsString(moduleSpecifier(subjectFile)),
		Support:        tsString(moduleSpecifier(supportFile)),
		Binding:        tsString(moduleSpecifier(bindingFile)),
		SuiteURL:       tsString(suiteURL(opt.SuiteDirOr(suiteDir))),
		EnvNames: oracleEnvLit{Bin: tsString(backend.EnvOracleBin), Fault: tsString(backend.EnvOracleFault),
			Addr: tsString(backend.EnvOracleAddr), Token: tsString(backend.EnvOracleToken)},
	}
	c := &common{Header: v.Header, Subject: v.Subject, Support: v.Support, Binding: v.Binding}
	for _, block := range s.Blocks() {
		build, ok := blockViews[block]
		if !ok {
			return nil, fmt.Errorf("node: block %s: no test template for the block", block)
		}
		f, err := build(s, c)
		if err != nil {
			return nil, fmt.Errorf("node: block %s: %w", block, err)
		}
		if !f.Body.empty() {
			exempt(block, f.Body, opt)
			v.Tests = append(v.Tests, f)
		}
	}
	return v, nil
}

// defaultRegenerate is the command the header names when the caller gives none.
const defaultRegenerate = "bqgen generate --lang node --out ."

// buildHeader is the generated-code marker, the suite revision and the
// command that regenerates the file, as comment lines. The command stays on
// one line, verbatim but for the characters a reader could not see or that
// would end the comment (line terminators), which are escaped.
func buildHeader(version, regenerate string) string {
	if regenerate == "" {
		regenerate = defaultRegenerate
	}
	return "// @generated by bqgen from the BabelQueue conformance suite. DO NOT EDIT.\n" +
		tsComment("CONFORMANCE_VERSION "+version, "") +
		"// Regenerate with: " + visible(regenerate) + "\n"
}

// coreModule is the module specifier the scaffold imports the core from:
// Options.Package, else the core's own source in a core target and the
// installed @babelqueue/core in an adapter package.
func coreModule(opt backend.Options, transport string) string {
	switch {
	case opt.Package != "":
		return opt.Package
	case transport != "":
		return coreDependency
	}
	return defaultCoreModule
}

// moduleSpecifier matches what --package may be: an npm package name
// (scoped or not, lower case, URL-safe), optionally with a subpath, or a
// relative path; either without spaces, quotes or backslashes.
var moduleSpecifierPattern = regexp.MustCompile(`^(?:(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*|\.{1,2})(?:/[A-Za-z0-9._~@+-]+)*$`)

// checkPackage refuses a --package the scaffold cannot import the core from.
func checkPackage(pkg string) error {
	if pkg == "" || moduleSpecifierPattern.MatchString(pkg) {
		return nil
	}
	return backend.OptionErrorf("package %q is not a module specifier to import @babelqueue/core from: "+
		"give an npm package name (@babelqueue/core) or a relative path (../src/index.js)", pkg)
}

// transportOf is the broker block of a transport target: the one block of
// a suite that carries that broker block and nothing else ("" otherwise).
// Each Node adapter package serves one broker; a suite of several broker
// blocks gets the core's scaffold, which loads each installed adapter
// package.
func transportOf(s *model.Suite) string {
	blocks := s.Blocks()
	if len(blocks) == 1 && model.IsTransportBlock(blocks[0]) {
		return blocks[0]
	}
	return ""
}

// buildPackage names the standalone project. npm package versions are
// SemVer, so a suite without a version gets a pre-release of 0.0.0.
func buildPackage(version string) packageView {
	pkgVersion := version
	if version == unversioned {
		pkgVersion = "0.0.0-" + unversioned
	}
	return packageView{
		NameJSON:    jsonString("@generated/babelqueue-conformance-node"),
		VersionJSON: jsonString(pkgVersion),
		MarkerJSON:  jsonString("@generated by bqgen from the BabelQueue conformance suite. DO NOT EDIT. CONFORMANCE_VERSION " + version),
		TestJSON:    jsonString("node --import tsx --test " + TestDir + "/*" + TestSuffix),
	}
}

// fileDoc is the prose at the top of a block's test file: which block, and
// the manifest's description of it.
func fileDoc(s *model.Suite, block string) string {
	doc := "Tests of the \"" + block + "\" block of manifest.json, one per case."
	if d := manifestText(s, block, "description"); d != "" {
		doc += "\n" + d
	}
	return doc
}

// manifestText is the string at a path of manifest keys ("" when absent):
// the model keeps block and sub-block descriptions only in the manifest.
func manifestText(s *model.Suite, keys ...string) string {
	v, ok := model.Pointer(keys).Resolve(s.Manifest)
	if !ok || v.Kind != model.String {
		return ""
	}
	return v.Text
}
