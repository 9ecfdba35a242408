package dotnet

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// view is everything the templates print, computed once per Generate. Suite
// data reaches it only as csExpr (see literal.go: literals, and statements or
// entries built from them) or through commentText and xmlText, so no
// template ever prints raw suite text.
type view struct {
	Header    header
	Namespace string // validated dotted C# identifiers
	Subject   subjectAPI
	Files     []testFile
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

// common is what every block's view needs: the header, the namespace and
// where files go.
type common struct {
	Header    header
	Namespace string
	layout    layout
}

// testFile is one generated test class: the tests of one manifest block.
type testFile struct {
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
	Attribute    string // the [SkippableFact(...)] line(s), the display name a C# literal
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

// blockView builds the test file of one block.
type blockView func(*model.Suite, *common) (testFile, error)

// blockViews maps each block bqgen models to its builder. payload_schema
// and payload_schema_unicode share one shape and runner.
var blockViews = map[string]blockView{
	model.BlockCases:       buildCases,
	model.BlockIdempotency: buildIdempotency,
	model.BlockSQS:         buildSQS,
	model.BlockASB:         buildASB,
	model.BlockPulsar:      buildPulsar,
	model.BlockKafka:       buildKafka,
	model.BlockArtemis:     buildArtemis,
	model.BlockRedis:       buildRedis,
	model.BlockRabbitMQ:    buildRabbitMQ,
	model.BlockPayloadSchema: func(s *model.Suite, c *common) (testFile, error) {
		return buildPayloadSchema(c, model.BlockPayloadSchema, s.PayloadSchema)
	},
	model.BlockRoundtrip:     buildRoundtrip,
	model.BlockDataShape:     buildDataShape,
	model.BlockForbiddenKeys: buildForbiddenKeys,
	model.BlockPayloadSchemaUnicode: func(s *model.Suite, c *common) (testFile, error) {
		return buildPayloadSchema(c, model.BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode)
	},
}

// buildView computes the whole output of one Generate call.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	return buildViewOf(s, opt, protocol.Operations)
}

// buildViewOf is buildView for the operations ops, so a test can add one.
func buildViewOf(s *model.Suite, opt backend.Options, ops []protocol.Operation) (*view, error) {
	ns, err := namespaceOf(opt.Package)
	if err != nil {
		return nil, err
	}
	subject, err := buildSubject(ops, protocol.Records)
	if err != nil {
		return nil, err
	}
	c := &common{Header: newHeader(versionText(s)), Namespace: ns, layout: layoutFor(opt.Binding)}
	v := &view{
		Header:    c.Header,
		Namespace: ns,
		Subject:   subject,
		Packages:  packages{targetFramework, testSdkVersion, xunitVersion, xunitRunnerVersion, skippableFactVersion},
		layout:    c.layout,
	}
	for _, block := range s.Blocks() {
		build, ok := blockViews[block]
		if !ok {
			return nil, fmt.Errorf("dotnet: block %s has no view", block)
		}
		file, err := build(s, c)
		if err != nil {
			return nil, fmt.Errorf("dotnet: block %s: %w", block, err)
		}
		if len(file.Tests) > 0 { // a block with none of its sub-blocks asserts nothing
			v.Files = append(v.Files, file)
		}
	}
	return v, nil
}

// file names a block's tests and places its file.
func (c *common) file(block string, specs []testSpec) testFile {
	name := testClassName(block)
	f := testFile{Header: c.Header, Namespace: c.Namespace, Block: block, ClassName: name, Path: c.layout.code(name + ".cs")}
	caseNames := make([]string, len(specs))
	for i, spec := range specs {
		caseNames[i] = spec.caseName
	}
	for i, id := range testMethodNames(name, caseNames) {
		f.Tests = append(f.Tests, testMethod{Name: id, Attribute: factAttribute(specs[i].display),
			BodyTemplate: specs[i].template, BodyData: specs[i].data})
	}
	return f
}

// factAttribute is a test's [SkippableFact] attribute, its arguments on
// their own lines when one line would be long. It is indented for a class
// member.
func factAttribute(display string) string {
	const open, skip, name = "[SkippableFact(", "typeof(NotProvidedException)", "DisplayName = "
	lit := string(csString(display))
	if line := "    " + open + skip + ", " + name + lit + ")]"; len(line) <= maxLine {
		return line
	}
	head := "    " + open + "\n        " + skip + ",\n        " + name
	if len("        "+name+lit+")]") <= maxLine {
		return head + lit + ")]"
	}
	// A constant concatenation is a constant, which an attribute takes.
	pieces := csStringPieces(display, maxLine-len("            + ")-len(")]"))
	return strings.TrimRight(head, " ") + "\n            " + strings.Join(pieces, "\n            + ") + ")]"
}

// maxLine is the longest generated line the backend aims for.
const maxLine = 120

// bodyName is the template of a block's test body: "<block>.<what>",
// defined in tmpl/<block>.tmpl.
func bodyName(block, what string) string { return block + "." + what }

// displayName joins a block path and a case name the way test reports show
// them: "data_shape/encode-nested-object".
func displayName(parts ...string) string { return strings.Join(parts, "/") }

// DefaultNamespace is the namespace of the generated code unless
// backend.Options.Package names another. It sits below the core SDK's test
// namespace (BabelQueue.Tests) so the SDK's own ConformanceTests and
// PayloadSchemaConformanceTests keep their names.
const DefaultNamespace = "BabelQueue.Tests.Conformance"

// testClassName is a block's test class, e.g. SqsConformanceTests.
func testClassName(block string) string {
	return backend.Join(append(backend.Words(block), "conformance", "tests"), backend.Pascal)
}

// bodyTypeNames are the simple names test methods use besides the subject's
// records. Inside a class a method named like one of them would hide the
// type (a case called "assert" would turn every Assert.True into an error),
// so no test method may take these names, nor the names object already
// declares.
var bodyTypeNames = []string{
	"Assert", "ConformanceAssert", "ConformanceJson", "ConformanceSubjects", "ConformanceSuite", "Dictionary",
	"IReadOnlyDictionary", "IReadOnlyList", "JsonAssert", "JsonNode", "JsonObject", "JsonValue",
	"MapAssert", "NotProvidedException", "SkippableFact", "StringComparison", "System", "Xunit",
	"DisplayName", "Equals", "GetHashCode", "GetType", "ToString", "MemberwiseClone", "Finalize",
	"ReferenceEquals",
}

// reservedTypeNames are bodyTypeNames and the subject's record names.
func reservedTypeNames() []string {
	names := append([]string{}, bodyTypeNames...)
	for _, r := range protocol.Records {
		names = append(names, csTypeName(r.Name))
	}
	return names
}

// testMethodNames turns case names into test method identifiers: Pascal case,
// unique within the class, never the class's own name (CS0542) and never a
// name in bodyTypeNames. Reserved names take the first slots of the list
// given to backend.Identifiers, so a case that collides gets a numeric suffix.
func testMethodNames(className string, caseNames []string) []string {
	reserved := append([]string{pascalPhrase(className)}, phrases(reservedTypeNames())...)
	ids := backend.Identifiers(append(reserved, caseNames...), nil, backend.Pascal)
	return ids[len(reserved):]
}

func phrases(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = pascalPhrase(n)
	}
	return out
}

// pascalPhrase splits a Pascal identifier into the words backend.Words reads
// back into the same identifier: "JsonNode" -> "json node", "IReadOnlyList" ->
// "i read only list".
func pascalPhrase(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

var identifierPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// csKeywords are C#'s reserved keywords, which cannot name a namespace part.
var csKeywords = strings.Fields(`abstract as base bool break byte case catch char checked class
	const continue decimal default delegate do double else enum event explicit extern false finally
	fixed float for foreach goto if implicit in int interface internal is lock long namespace new null
	object operator out override params private protected public readonly ref return sbyte sealed
	short sizeof stackalloc static string struct switch this throw true try typeof uint ulong
	unchecked unsafe ushort using virtual void volatile while`)

// namespaceOf validates the namespace option: dotted C# identifiers.
func namespaceOf(opt string) (string, error) {
	if opt == "" {
		return DefaultNamespace, nil
	}
	for _, part := range strings.Split(opt, ".") {
		if !identifierPattern.MatchString(part) || isKeyword(part) {
			return "", fmt.Errorf("dotnet: namespace %q: %q is not a C# identifier", opt, part)
		}
	}
	return opt, nil
}

func isKeyword(s string) bool {
	for _, k := range csKeywords {
		if s == k {
			return true
		}
	}
	return false
}
