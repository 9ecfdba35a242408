package java

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// testClass is one generated test file: its class name, the root template
// that renders it and the template's data.
type testClass struct {
	class    string
	template string
	data     any
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
}

// bodyIndent is the column where continuation lines of an expression in a
// test body start: the statement's 8 plus a continuation indent of 8.
const bodyIndent = 16

// blockViews builds each known block's test class. A builder returns
// nil when the block carries nothing to test.
var blockViews = map[string]func(*model.Suite, common) *testClass{
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
}

// buildTestClasses returns one test class per block the suite carries, in
// model.KnownBlocks order.
func buildTestClasses(s *model.Suite, c common) []testClass {
	var out []testClass
	for _, block := range s.Blocks() {
		if tc := blockViews[block](s, c); tc != nil {
			out = append(out, *tc)
		}
	}
	return out
}

// className is the test class of a block: ConformanceCasesTest,
// ConformancePayloadSchemaUnicodeTest, ...
func className(block string) string {
	return "Conformance" + backend.Join(backend.Words(block), backend.Pascal) + "Test"
}

// newClassHead describes the class of block, documented with the block's
// own description from the manifest.
func newClassHead(s *model.Suite, c common, block string) classHead {
	desc, _ := s.Manifest.Get(block)
	text, _ := desc.Get("description")
	head := classHead{common: c, Block: commentText(block), Class: className(block)}
	if text.Kind == model.String {
		head.Doc = docLines(text.Text)
	}
	return head
}

// newMethods names one test per case name, unique within the class. docs
// holds the case descriptions ("" for none) and may be shorter than names.
func newMethods(names []string, docs ...string) []method {
	ids := methodNames(names)
	out := make([]method, len(names))
	for i, name := range names {
		out[i] = method{Name: ids[i], Display: javaString(name)}
		if i < len(docs) {
			out[i].Doc = docLines(docs[i])
		}
	}
	return out
}

// nativeLiteral renders a reconciliation's broker count as the Java
// argument the subject method takes: a String, a long, or null.
func nativeLiteral(v model.Value) string {
	switch v.Kind {
	case model.String:
		return javaString(v.Text)
	case model.Number:
		n, _ := v.Int64() // the model accepts only integers here
		return javaLong(n)
	default:
		return "null"
	}
}
