package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// view is everything the templates print, computed once per Generate. Suite
// data reaches it only as csExpr (see literal.go) or through commentText and
// xmlText, so no template ever prints raw suite text.
type view struct {
	Header    header
	Namespace string // validated dotted C# identifiers
	Classes   []testClass
	Packages  packages
	layout    layout
}

// header is what every generated file says about itself.
type header struct {
	VersionComment    string // CONFORMANCE_VERSION made safe for a // comment
	VersionXMLComment string // the same for an XML comment
	VersionLiteral    csExpr // the same as a C# string literal
	VersionXML        string // the same as XML character data
}

// newHeader renders the suite version for each place a header prints it.
func newHeader(version string) header {
	return header{VersionComment: commentText(version), VersionXMLComment: xmlCommentText(version),
		VersionLiteral: csString(version), VersionXML: xmlText(version)}
}

// packages are the pinned NuGet versions the project files print.
type packages struct {
	TargetFramework, TestSdk, Xunit, XunitRunner, SkippableFact string
}

// testClass is one generated file: the tests of one manifest block.
type testClass struct {
	Header    header
	Namespace string
	Block     string // the block's manifest name, one of model.KnownBlocks
	ClassName string
	Path      string
	Tests     []testMethod
}

// testMethod is one [SkippableFact]. Its body is rendered from the template
// named BodyTemplate with BodyData, then laid out by the class template.
type testMethod struct {
	Name         string // a C# identifier from backend.Identifiers
	DisplayName  csExpr
	BodyTemplate string
	BodyData     any
	Body         string // filled in by the renderer
}

// testSpec is what a block builder says about one test before names are
// assigned: the case name for the identifier, the display name, the body.
type testSpec struct {
	caseName string
	display  string
	template string
	data     any
}

// blockBuilder builds the tests of one block.
type blockBuilder func(s *model.Suite) ([]testSpec, error)

// blockViews maps each block bqgen models to its builder. payload_schema
// and payload_schema_unicode share one: same shape, same runner.
var blockViews = map[string]blockBuilder{
	model.BlockCases:       buildCases,
	model.BlockIdempotency: buildIdempotency,
	model.BlockSQS:         buildSQS,
	model.BlockASB:         buildASB,
	model.BlockPulsar:      buildPulsar,
	model.BlockKafka:       buildKafka,
	model.BlockArtemis:     buildArtemis,
	model.BlockRedis:       buildRedis,
	model.BlockRabbitMQ:    buildRabbitMQ,
	model.BlockPayloadSchema: func(s *model.Suite) ([]testSpec, error) {
		return buildPayloadSchema(model.BlockPayloadSchema, s.PayloadSchema)
	},
	model.BlockRoundtrip:     buildRoundtrip,
	model.BlockDataShape:     buildDataShape,
	model.BlockForbiddenKeys: buildForbiddenKeys,
	model.BlockPayloadSchemaUnicode: func(s *model.Suite) ([]testSpec, error) {
		return buildPayloadSchema(model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode)
	},
}

// buildView computes the whole output of one Generate call.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	ns, err := namespaceOf(opt.Package)
	if err != nil {
		return nil, err
	}
	v := &view{
		Header:    newHeader(versionText(s)),
		Namespace: ns,
		Packages:  packages{targetFramework, testSdkVersion, xunitVersion, xunitRunnerVersion, skippableFactVersion},
		layout:    layoutFor(opt.Binding),
	}
	for _, block := range s.Blocks() {
		class, err := buildClass(v, block, s)
		if err != nil {
			return nil, fmt.Errorf("dotnet: block %s: %w", block, err)
		}
		if len(class.Tests) > 0 { // a block with none of its sub-blocks asserts nothing
			v.Classes = append(v.Classes, class)
		}
	}
	return v, nil
}

// buildClass names a block's tests and places its file.
func buildClass(v *view, block string, s *model.Suite) (testClass, error) {
	specs, err := blockViews[block](s)
	if err != nil {
		return testClass{}, err
	}
	name := testClassName(block)
	class := testClass{Header: v.Header, Namespace: v.Namespace, Block: block, ClassName: name, Path: v.layout.code(name + ".cs")}
	caseNames := make([]string, len(specs))
	for i, spec := range specs {
		caseNames[i] = spec.caseName
	}
	for i, id := range testMethodNames(name, caseNames) {
		class.Tests = append(class.Tests, testMethod{Name: id, DisplayName: csString(specs[i].display),
			BodyTemplate: specs[i].template, BodyData: specs[i].data})
	}
	return class, nil
}

// displayName joins a block path and a case name the way test reports show
// them: "sqs/attempts_reconciliation/first-delivery".
func displayName(parts ...string) string { return strings.Join(parts, "/") }
