package java

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// unversioned stands in for the CONFORMANCE_VERSION of a suite without one.
const unversioned = "unversioned"

// common is what every generated Java file needs: its package and header.
type common struct {
	Package        string // validated Java package name
	Version        string // CONFORMANCE_VERSION, escaped for a comment
	VersionLiteral string // CONFORMANCE_VERSION as a Java string literal
	Regenerate     string // the command that regenerates the output, escaped for a comment
	Oracle         bool   // bound to the oracle rather than the SDK
	// Transport is the transport target the output is for (see
	// transportTarget), nil for a core target.
	Transport *transportTarget
	// Suite is where the suite is vendored, as the fixtures reach it.
	Suite suitePlace

	exemptions backend.Options // the options whose exemptions the tests honour
	index      *testIndex      // every test method named so far, by case
}

// defaultRegenerate is the command the header prints when the options do
// not say how this output was generated.
const defaultRegenerate = "bqgen generate --lang java --out ."

// testFile is one generated test class: its name, which is also the name
// of its root template (with SourceExt), and that template's data. The
// zero testFile is a block with nothing to test, which gets no file.
type testFile struct {
	Class string
	Data  any
}

// blockView builds the test class of one block.
type blockView func(*model.Suite, *common) (testFile, error)

// blockViews are the builders of the blocks bqgen knows.
var blockViews = map[string]blockView{
	model.BlockCases:                buildCasesClass,
	model.BlockIdempotency:          buildIdempotencyClass,
	model.BlockSQS:                  buildSQSClass,
	model.BlockASB:                  buildASBClass,
	model.BlockPulsar:               buildPulsarClass,
	model.BlockKafka:                buildKafkaClass,
	model.BlockArtemis:              buildArtemisClass,
	model.BlockRedis:                buildRedisClass,
	model.BlockRabbitMQ:             buildRabbitMQClass,
	model.BlockPayloadSchema:        buildPayloadSchemaClass,
	model.BlockRoundtrip:            buildRoundtripClass,
	model.BlockDataShape:            buildDataShapeClass,
	model.BlockForbiddenKeys:        buildForbiddenKeysClass,
	model.BlockPayloadSchemaUnicode: buildPayloadSchemaUnicodeClass,
	model.BlockSettlement:           buildSettlementClass,
	model.BlockRowErrors:            buildRowErrorsClass,
	model.BlockFailedWrites:         buildFailedWritesClass,
	model.BlockProducer:             buildProducerClass,
}

// output is one file to render (see textkit.Output).
type output = textkit.Output

// view is everything the templates render, computed once from the suite.
type view struct {
	Outputs []output
	// Index is every generated test, by case, as the runners report it.
	Index []backend.IndexedTest
	// IndexDir is the directory of the generated tests.
	IndexDir string
	places   []backend.TestPlace // where each of Index is declared
	suiteDir string              // where the suite is vendored
}

// subjectFile is the data of the files that spell out the subject API:
// the interface, the oracle subject and the scaffold.
type subjectFile struct {
	common
	Subject *subject
}

// supportFiles are the generated files every output carries, whatever
// blocks the suite has: the subject interface and the JSON support.
var supportFiles = []string{
	"ConformanceAssertions.java",
	"ConformanceExemptions.java",
	"ConformanceFixtures.java",
	"ConformanceJson.java",
	"ConformanceJsonParser.java",
	"ConformanceJsonWriter.java",
	"ConformancePointer.java",
	subjectInterfaceFile,
	"ConformanceSubjects.java",
	"SkipWhenNotProvided.java",
}

// oracleFiles are generated only when the tests are bound to the oracle.
var oracleFiles = []string{oracleSubjectFile, "OracleConnection.java"}

// The files whose data is the subject API.
const (
	subjectInterfaceFile = "ConformanceSubject.java"
	oracleSubjectFile    = "OracleConformanceSubject.java"
	// scaffoldFile is the SDK subject, written only when the tests are
	// bound to the SDK.
	scaffoldFile = "SdkConformanceSubject.java"
)

// buildView precomputes every file of the output, for the protocol's
// operations and records.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	return buildViewOf(s, opt, protocol.All(), protocol.Records)
}

// buildViewOf is buildView for a protocol of ops (capabilities among them)
// and records.
func buildViewOf(s *model.Suite, opt backend.Options, ops []protocol.Operation, records []protocol.RecordType) (*view, error) {
	c, err := buildCommon(s, opt)
	if err != nil {
		return nil, err
	}
	api, err := buildSubject(s, ops, records)
	if err != nil {
		return nil, err
	}
	subj := subjectFile{common: c, Subject: api}
	dir := packageDir(c.Package)
	v := &view{}
	add := func(name string, data any, kind backend.Kind) {
		v.Outputs = append(v.Outputs, output{Path: dir + name, Template: name, Data: data, Kind: kind})
	}
	dataOf := func(name string) any {
		if name == subjectInterfaceFile || name == oracleSubjectFile || name == scaffoldFile {
			return subj
		}
		return c
	}
	for _, name := range supportFiles {
		add(name, dataOf(name), backend.Generated)
	}
	if c.Oracle {
		for _, name := range oracleFiles {
			add(name, dataOf(name), backend.Generated)
		}
	} else {
		add(scaffoldFile, subj, backend.Scaffold)
	}
	for _, block := range s.Blocks() {
		build, ok := blockViews[block]
		if !ok {
			continue // a block bqgen does not know produces nothing
		}
		tf, err := build(s, &c)
		if err != nil {
			return nil, fmt.Errorf("java: block %s: %w", block, err)
		}
		if tf.Data != nil {
			add(tf.Class+SourceExt, tf.Data, backend.Generated)
		}
	}
	v.Index, v.places, v.IndexDir = c.index.tests, c.index.places, indexDir(c.Package)
	v.suiteDir = c.Suite.dir
	return v, nil
}

func buildCommon(s *model.Suite, opt backend.Options) (common, error) {
	tt, err := newTransportTarget(s, opt.Package)
	if err != nil {
		return common{}, err
	}
	pkg := opt.Package
	switch {
	case pkg != "":
	case tt != nil:
		pkg = tt.Package
	default:
		pkg = DefaultPackage
	}
	if err := checkPackage(pkg); err != nil {
		return common{}, err
	}
	suite, err := suitePlaceOf(opt)
	if err != nil {
		return common{}, err
	}
	regenerate := opt.Regenerate
	if regenerate == "" {
		regenerate = defaultRegenerate
	}
	version := s.Version
	if !s.HasVersion || version == "" {
		version = unversioned
	}
	return common{
		Package:        pkg,
		Version:        commentText(version),
		VersionLiteral: javaString(version),
		Regenerate:     commentText(regenerate),
		Oracle:         opt.Binding == backend.BindOracle,
		Transport:      tt,
		Suite:          suite,
		exemptions:     backend.Options{Exemptions: opt.Exemptions},
		index:          &testIndex{},
	}, nil
}

// classHead is what every test class template needs besides its tests.
type classHead struct {
	common
	Block       string   // the manifest block, escaped for a comment
	Class       string   // the test class name
	Doc         []string // the block's description, as Javadoc lines
	JSONImports []string // the ConformanceJson factories the class calls
}

// method is the head of one test method.
type method struct {
	Name    string   // the Java method name
	Display string   // the case name as a Java string literal, for @DisplayName
	Doc     []string // the case description, as Javadoc lines
	Exempt  string   // the exemption's annotation from bqgen.yaml, "" for none
}

// bodyIndent is the column where continuation lines of an expression in a
// test body start: the statement's 8 plus a continuation indent of 8.
const bodyIndent = bodyStart + contIndent

// className is the test class of a block: ConformanceCasesTest,
// ConformancePayloadSchemaUnicodeTest, ...
func className(block string) string {
	return "Conformance" + backend.Join(backend.Words(block), backend.Pascal) + TestClassSuffix
}

// newClassHead describes the class of block, documented with the block's
// own description from the manifest.
func newClassHead(s *model.Suite, c *common, block string) classHead {
	desc, _ := s.Manifest.Get(block)
	text, _ := desc.Get("description")
	head := classHead{common: *c, Block: commentText(block), Class: className(block)}
	if text.Kind == model.String {
		head.Doc = docLines(text.Text)
	}
	return head
}

// file is the test file of a class whose template data is data.
func (h classHead) file(data any) testFile { return testFile{Class: h.Class, Data: data} }

// newMethods names one test per case name of block, unique within the
// class, each carrying the exemption bqgen.yaml gives its case. docs holds
// the case descriptions ("" for none) and may be shorter than names.
func newMethods(c *common, block string, names []string, docs ...string) []method {
	ids := methodNames(names)
	out := make([]method, len(names))
	for i, name := range names {
		out[i] = method{Name: ids[i], Display: displayName(name)}
		c.index.add(c.Package, block, name, ids[i])
		if i < len(docs) {
			out[i].Doc = docLines(docs[i])
		}
		if e, ok := c.exemptions.ExemptionFor(block, name); ok {
			out[i].Exempt = exemptAnnotation(e)
		}
	}
	return out
}

// exemptAnnotation is the annotation of a test whose case is exempt, one
// element a line: ConformanceExemptions.Skip makes it skip with the reason,
// ConformanceExemptions.KnownFailure makes it a known failure.
func exemptAnnotation(e backend.Exemption) string {
	elementIndent := memberIndent + contIndent
	element := func(name, value string, last bool) string {
		tail := len(",")
		if last {
			tail = len(")")
		}
		head := name + " = "
		return strings.Repeat(" ", elementIndent) + head +
			splitLiteral(javaString(value), elementIndent+len(head), tail, elementIndent+contIndent)
	}
	if e.Action == backend.ExemptSkip {
		return "@ConformanceExemptions.Skip(\n" + element("reason", e.Reason, true) + ")"
	}
	return "@ConformanceExemptions.KnownFailure(\n" + element("remedy", e.Remedy(), false) + ",\n" +
		element("reason", e.Reason, true) + ")"
}

// displayName is a case name as the argument of "    @DisplayName(...)",
// split over lines when it is long.
func displayName(name string) string {
	return splitLiteral(javaString(name), memberIndent+len("@DisplayName("), len(")"), memberIndent+contIndent)
}

// statement is a call statement in a test body, "head(args...)" and its
// ";", wrapped before an argument that would pass lineWidth. The arguments
// are finished Java expressions on one line each.
func statement(head string, args ...string) string {
	return statementAt(bodyStart, head, args...)
}

// statementAt is statement starting at column col (a statement in a loop
// body starts a block indent further), its continuation lines a
// continuation indent further.
func statementAt(col int, head string, args ...string) string {
	return fill(col, head+"(", args, ")", len(";"), col+contIndent)
}
