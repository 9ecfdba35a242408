package node

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// view is everything the templates lay out, computed once from the suite:
// paths, import lists and every literal and comment already encoded. The
// templates only arrange these strings; none of them sees raw suite data.
type view struct {
	Header string // the header comment every generated file opens with
	// ScaffoldHeader opens the scaffold, which the SDK owns: it names the
	// suite revision but carries no generated marker.
	ScaffoldHeader string
	Tests          []testFile // one per block the suite carries, in KnownBlocks order
	Operations     []opView   // the subject's methods
	// OperationTypes lists the types the methods' signatures name, for the
	// oracle subject's import.
	OperationTypes []string
	CoreModule     string       // literal: where the scaffold imports @babelqueue/core from
	Package        packageView  // package.json and its lockfile (BindOracle only)
	Subject        string       // module specifier of the subject interface file
	Support        string       // module specifier of the support file
	Binding        string       // module specifier of the binding file
	EnvNames       oracleEnvLit // the environment variables the oracle subject reads
}

// unversioned stands for CONFORMANCE_VERSION in a suite that has none.
const unversioned = "unversioned"

// testFile is one generated test file: the frame every block template lays
// its tests into, plus the block's own view in Body.
type testFile struct {
	Path    string // test/conformance-<block>.gen.test.ts
	Root    string // the template that renders it
	Header  string
	Doc     string // the block's description, as comment lines
	Imports imports
	Subject string // module specifiers, as in view
	Support string
	Binding string
	Body    body // the block's view: *casesBody, *bindingBody, ...
}

// body is a block's view.
type body interface {
	// empty reports whether the block has no test to generate.
	empty() bool
}

// imports is what one test file imports. Every name is used: SDKs compile
// their tests with noUnusedLocals, where an unused import is an error.
type imports struct {
	Assert   bool     // node:assert/strict
	Describe bool     // describe from node:test, besides after and test
	Support  []string // from the support file, sorted
	Types    []string // types from the subject file, sorted
}

// NodeTest is the import list from node:test.
func (i imports) NodeTest() string {
	if i.Describe {
		return "after, describe, test"
	}
	return "after, test"
}

// SupportList joins the support names for an import clause.
func (i imports) SupportList() string { return strings.Join(i.Support, ", ") }

// TypeList joins the type names for an import type clause.
func (i imports) TypeList() string { return strings.Join(i.Types, ", ") }

// testCase is the head of one test: its display name, the raw case name as a
// literal, and its description as comment lines.
type testCase struct {
	Name    string
	Comment string
}

// newCase makes a test head, its comment indented to sit above the test.
func newCase(name, description, indent string) testCase {
	c := testCase{Name: tsString(name)}
	if description != "" {
		c.Comment = tsComment(description, indent)
	}
	return c
}

// opView is one subject method with its signature and request spelled out.
type opView struct {
	operation
	OpLiteral string // the operation's protocol name as a literal
	Signature string // e.g. sqsReconcile(bodyAttempts: number, approximateReceiveCount: string | null)
	Args      string // the request's args object, e.g. { body_attempts: bodyAttempts, ... }
}

// packageView names the standalone project of the oracle-bound output. The
// name's scope and the version carry the generated marker and the suite
// revision, since JSON has no comments.
type packageView struct {
	NameJSON    string
	VersionJSON string
	MarkerJSON  string // the marker and the suite revision, for the "//" key
}

// oracleEnvLit holds the oracle subject's environment variable names as literals.
type oracleEnvLit struct {
	Bin, Fault string
}

// buildView computes the view of a suite.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	version := s.Version
	if !s.HasVersion || version == "" {
		version = unversioned
	}
	v := &view{
		Header:         buildHeader(version),
		ScaffoldHeader: tsComment("Scaffolded by bqgen for the BabelQueue conformance suite, CONFORMANCE_VERSION "+version+".", ""),
		Operations:     buildOperations(),
		OperationTypes: operationTypes(),
		CoreModule:     tsString(coreModule(opt)),
		Package:        buildPackage(version),
		Subject:        tsString(moduleSpecifier(subjectFile)),
		Support:        tsString(moduleSpecifier(supportFile)),
		Binding:        tsString(moduleSpecifier(bindingFile)),
		EnvNames:       oracleEnvLit{Bin: tsString(backend.EnvOracleBin), Fault: tsString(backend.EnvOracleFault)},
	}
	for _, block := range s.Blocks() {
		f, err := buildTestFile(s, block, v)
		if err != nil {
			return nil, fmt.Errorf("node: block %s: %w", block, err)
		}
		if !f.Body.empty() {
			v.Tests = append(v.Tests, f)
		}
	}
	return v, nil
}

// buildHeader is the generated-code marker and the suite revision, as
// comment lines.
func buildHeader(version string) string {
	return "// @generated by bqgen from the BabelQueue conformance suite. DO NOT EDIT.\n" +
		tsComment("CONFORMANCE_VERSION "+version, "")
}

// coreModule is the module specifier the scaffold imports the core from.
func coreModule(opt backend.Options) string {
	if opt.Package != "" {
		return opt.Package
	}
	return defaultCoreModule
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
	}
}

// buildOperations spells out each operation's method signature and request.
func buildOperations() []opView {
	var out []opView
	for _, op := range operations() {
		var params, args []string
		for _, p := range op.Params {
			params = append(params, p.Name+": "+p.Type)
			args = append(args, p.Wire+": "+p.Name)
		}
		request := "{}"
		if len(args) > 0 {
			request = "{ " + strings.Join(args, ", ") + " }"
		}
		out = append(out, opView{operation: op, OpLiteral: tsString(op.Op),
			Signature: op.Method + "(" + strings.Join(params, ", ") + ")", Args: request})
	}
	return out
}

// typeName matches the subject-file types a signature names.
var typeName = regexp.MustCompile(`[A-Z][A-Za-z]*`)

// operationTypes lists, sorted, ConformanceSubject and every type the
// operations' parameters and results name.
func operationTypes() []string {
	seen := map[string]bool{"ConformanceSubject": true}
	for _, op := range operations() {
		seen[op.Result] = true
		for _, p := range op.Params {
			for _, name := range typeName.FindAllString(p.Type, -1) {
				seen[name] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for name := range seen {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// buildTestFile builds the frame of one block's test file and its body.
func buildTestFile(s *model.Suite, block string, v *view) (testFile, error) {
	build, ok := blockViews[block]
	if !ok {
		return testFile{}, fmt.Errorf("no test template for the block")
	}
	body, imp, err := build(s)
	if err != nil {
		return testFile{}, err
	}
	sort.Strings(imp.Support)
	sort.Strings(imp.Types)
	return testFile{
		Path: testFileName(block), Root: block + ".test.ts", Header: v.Header,
		Doc: tsComment(fileDoc(s, block), ""), Imports: imp,
		Subject: v.Subject, Support: v.Support, Binding: v.Binding, Body: body,
	}, nil
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

// bodyBuilder builds a block's view and says what its test file imports.
type bodyBuilder func(*model.Suite) (body, imports, error)

// blockViews maps each block to the function that builds its view.
var blockViews = map[string]bodyBuilder{
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
