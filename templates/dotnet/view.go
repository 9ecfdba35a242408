package dotnet

import (
	"fmt"
	"regexp"
	"slices"
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
	Target    target
	Subject   subjectAPI
	Files     []testFile
	Packages  packages
	// Suite is where the suite is vendored, as the project files copy it
	// and the tests read it.
	Suite  suiteCopy
	layout layout
}

// header is what every generated file says about itself.
type header struct {
	VersionComment    string // CONFORMANCE_VERSION made safe for a // comment
	VersionXMLComment string // the same for an XML comment
	VersionLiteral    csExpr // the same as a C# string literal
	VersionXML        string // the same as XML character data
	// RegenerateComment is the command that regenerates the output, made
	// safe for a // comment. An XML comment cannot hold its "--", so the
	// MSBuild files carry it as XML character data, RegenerateXML.
	RegenerateComment, RegenerateXML string
}

// defaultRegenerate is the command a header names when the caller gives none.
const defaultRegenerate = "bqgen generate --lang dotnet --out ."

// newHeader renders the suite version and the regenerate command for each
// place a header prints them.
func newHeader(version, regenerate string) header {
	if strings.TrimSpace(regenerate) == "" {
		regenerate = defaultRegenerate
	}
	return header{VersionComment: commentText(version), VersionXMLComment: xmlCommentText(version),
		VersionLiteral: csString(version), VersionXML: xmlText(version),
		RegenerateComment: commentText(regenerate), RegenerateXML: xmlText(regenerate)}
}

// packages are the pinned NuGet versions the project files print.
type packages struct {
	TargetFramework, TestSdk, Xunit, XunitRunner, SkippableFact, XunitConsole string
	// XunitConsoleDir is where the oracle project copies the console runner.
	XunitConsoleDir string
}

// common is what every block's view needs: the header, the namespace,
// where files go and the exemptions.
type common struct {
	Header    header
	Namespace string
	layout    layout
	opt       backend.Options
}

// target is the SDK package the output is for (BindSDK): the core, or one
// transport package when the suite carries only that broker's blocks.
type target struct {
	Package string // the NuGet package, e.g. BabelQueue.Core or BabelQueue.Sqs
	// Block is the broker block of a transport target; "" for the core.
	Block string
	// Messaging says the target is a message-queue messaging layer (the
	// suite carries only the messaging blocks): NPipeline.Connectors, whose
	// documentation the messaging blocks were written from.
	Messaging bool
}

// ProjectFile is the test project the output is for, e.g.
// tests/BabelQueue.Sqs.Tests/BabelQueue.Sqs.Tests.csproj.
func (t target) ProjectFile() string { return projectFileOf(t.Package) }

// projectFileOf is pkg's test project file, relative to its repository.
func projectFileOf(pkg string) string { return TestProjectDir(pkg) + "/" + pkg + ".Tests.csproj" }

// Transport reports whether the output is for a transport package.
func (t target) Transport() bool { return t.Block != "" }

// packageNamer names the transport package of a broker block.
type packageNamer func(block string) (string, error)

// targetOf reads the target from the blocks the suite carries: the
// transport package when they are all broker blocks of one package, else
// the core. The oracle-bound output is a standalone project: always the core.
func targetOf(s *model.Suite, b backend.Binding, packageOf packageNamer) (target, error) {
	core := target{Package: corePackage}
	blocks := s.Blocks()
	if b != backend.BindSDK || len(blocks) == 0 {
		return core, nil
	}
	if !slices.ContainsFunc(blocks, func(b string) bool { return !slices.Contains(model.MessagingBlocks, b) }) {
		return target{Package: MessagingLayerPackage, Messaging: true}, nil
	}
	var pkgs []string
	for _, block := range blocks {
		if !model.IsTransportBlock(block) {
			return core, nil
		}
		pkg, err := packageOf(block)
		if err != nil {
			return target{}, err
		}
		if !slices.Contains(pkgs, pkg) {
			pkgs = append(pkgs, pkg)
		}
	}
	if len(pkgs) > 1 {
		return target{}, backend.OptionErrorf("blocks %s belong to different transport packages (%s): "+
			"give each transport its own target", strings.Join(blocks, ", "), strings.Join(pkgs, ", "))
	}
	return target{Package: pkgs[0], Block: blocks[0]}, nil
}

// defaultNamespace is the namespace of a target's generated code.
func (t target) defaultNamespace() string {
	if !t.Transport() && !t.Messaging {
		return DefaultNamespace
	}
	return t.Package + ".Tests.Conformance"
}

// testFile is one generated test class: the tests of one manifest block.
type testFile struct {
	Header    header
	Namespace string
	Block     string // the block's manifest name, one of model.KnownBlocks
	ClassName string
	Path      string
	Tests     []testMethod
	// KnownFailures is true when a test is a known failure: the class then
	// takes the test output those tests report on.
	KnownFailures bool
	// index is how the runners report each test of the class, by case.
	index []backend.IndexedTest
}

// testMethod is one [SkippableFact]. Its body is rendered from the template
// named BodyTemplate with BodyData, then laid out by the class template.
type testMethod struct {
	Name         string // a C# identifier from backend.Identifiers
	Attribute    string // the [SkippableFact(...)] line(s), the display name a C# literal
	BodyTemplate string
	BodyData     any
	Body         string // filled in by the renderer
	// KnownFailure is set when an exemption makes the case a known failure.
	KnownFailure *knownFailure
}

// knownFailure is a "fail" exemption of one test, as C# expressions laid
// out for the lines of the call that runs the body.
type knownFailure struct {
	Remedy, Reason csExpr
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
// and payload_schema_unicode share one shape and runner; the messaging
// blocks (settlement, row_errors, failed_writes) share one test body.
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
	model.BlockSettlement:   buildSettlement,
	model.BlockRowErrors:    buildRowErrors,
	model.BlockFailedWrites: buildFailedWrites,
	model.BlockProducer:     buildProducer,
}

// buildView computes the whole output of one Generate call; packageOf
// names the transport packages.
func buildView(s *model.Suite, opt backend.Options, packageOf packageNamer) (*view, error) {
	return buildViewOf(s, opt, protocol.Operations, packageOf)
}

// buildViewOf is buildView for the operations ops, so a test can add one.
func buildViewOf(s *model.Suite, opt backend.Options, ops []protocol.Operation, packageOf packageNamer) (*view, error) {
	tgt, err := targetOf(s, opt.Binding, packageOf)
	if err != nil {
		return nil, err
	}
	ns, err := namespaceOf(opt.Package, tgt.defaultNamespace())
	if err != nil {
		return nil, err
	}
	subject, err := buildSubject(ops, protocol.Records)
	if err != nil {
		return nil, err
	}
	subject.withDefaults(s, ops)
	c := &common{Header: newHeader(versionText(s), opt.Regenerate), Namespace: ns,
		layout: layoutFor(opt.Binding, tgt.Package, opt.VendorDir), opt: opt}
	suite, err := suiteCopyOf(c.layout)
	if err != nil {
		return nil, err
	}
	v := &view{
		Header:    c.Header,
		Namespace: ns,
		Target:    tgt,
		Subject:   subject,
		Packages: packages{targetFramework, testSdkVersion, xunitVersion, xunitRunnerVersion,
			skippableFactVersion, xunitConsoleVersion, XunitConsoleDir},
		Suite:  suite,
		layout: c.layout,
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
		m := testMethod{Name: id, Attribute: factAttribute(specs[i].display, ""),
			BodyTemplate: specs[i].template, BodyData: specs[i].data}
		if e, ok := c.opt.ExemptionFor(block, specs[i].caseName); ok {
			switch e.Action {
			case backend.ExemptSkip:
				m.Attribute = factAttribute(specs[i].display, "exempt: "+e.Reason)
			case backend.ExemptFail:
				m.KnownFailure = &knownFailure{Remedy: csStringAtColumn(e.Remedy(), knownFailureIndent, 1),
					Reason: csStringAtColumn(e.Reason, knownFailureIndent, 1)}
				f.KnownFailures = true
			}
		}
		f.Tests = append(f.Tests, m)
		f.index = append(f.index, indexedTest(c.Namespace+"."+name, block, specs[i]))
	}
	return f
}

// knownFailureIndent is the column of the arguments of a known failure's
// ConformanceExemption.KnownFailure call.
const knownFailureIndent = 12

// csStringAtColumn is text as a C# string expression starting at column
// col of a line, tail more characters after it: one literal when it fits
// in maxLine, else pieces joined by + on lines of their own at that column.
func csStringAtColumn(text string, col, tail int) csExpr {
	lit := csString(text)
	if col+len(lit)+tail <= maxLine {
		return lit
	}
	pieces := csStringPieces(text, maxLine-col-len("+ ")-tail)
	return csExpr(strings.Join(pieces, "\n"+strings.Repeat(" ", col)+"+ "))
}

// factAttribute is a test's [SkippableFact] attribute, its arguments on
// their own lines when one line would be long. It is indented for a class
// member. A non-empty skip is the reason the test is skipped without
// running (an exemption's).
func factAttribute(display, skip string) string {
	const open, notProvided, name, skipName = "[SkippableFact(", "typeof(NotProvidedException)", "DisplayName = ", "Skip = "
	lit := string(csString(display))
	if skip == "" {
		if line := "    " + open + notProvided + ", " + name + lit + ")]"; len(line) <= maxLine {
			return line
		}
	}
	args := []string{notProvided, namedArgument(name, display, skip == "")}
	if skip != "" {
		args = append(args, namedArgument(skipName, skip, true))
	}
	return "    " + open + "\n        " + strings.Join(args, ",\n        ") + ")]"
}

// namedArgument is "Name = literal" as an attribute argument on lines of
// its own at column 8; last says it ends the list (")]" follows). A long
// literal becomes a constant concatenation, which an attribute takes.
func namedArgument(name, text string, last bool) string {
	tail := len(",")
	if last {
		tail = len(")]")
	}
	lit := string(csString(text))
	if len("        "+name+lit)+tail <= maxLine {
		return name + lit
	}
	pieces := csStringPieces(text, maxLine-len("            + ")-tail)
	return strings.TrimRight(name, " ") + "\n            " + strings.Join(pieces, "\n            + ")
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
	"MapAssert", "NotProvidedException", "ConformanceExemption", "ITestOutputHelper", "SkippableFact", "StringComparison", "System", "Xunit",
	"DisplayName", "Equals", "GetHashCode", "GetType", "ToString", "MemberwiseClone", "Finalize",
	"ReferenceEquals", "DateTimeOffset", "List", "WrittenAssert",
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

// namespaceOf validates the namespace option, dotted C# identifiers; the
// empty option is the target's namespace def.
func namespaceOf(opt, def string) (string, error) {
	if opt == "" {
		return def, nil
	}
	for _, part := range strings.Split(opt, ".") {
		if !identifierPattern.MatchString(part) || isKeyword(part) {
			return "", backend.OptionErrorf("package %q is not a C# namespace: %q is not an identifier", opt, part)
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
