package php

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// unversioned stands in for CONFORMANCE_VERSION when the suite has none.
const unversioned = "unversioned"

// common is what every generated PHP file needs for its header and
// namespace, and what every block's test class needs to name its tests.
type common struct {
	Namespace  string // the validated namespace of the generated classes
	Version    string // the suite version, safe inside a comment
	VersionLit string // the suite version as a PHP string literal
	XMLVersion string // the suite version, safe inside an XML comment
	// Regenerate is the command that regenerates the output, safe inside a
	// comment; XMLRegenerate the same inside an XML processing instruction
	// (an XML comment cannot hold the "--" of its options).
	Regenerate, XMLRegenerate string

	options backend.Options // the exemptions of the cases
	index   *testIndex      // every test method named so far, by case
}

// defaultRegenerate is the command the headers print when the caller does
// not say how it generated the output.
const defaultRegenerate = "bqgen generate --lang php --out ."

// view is everything the templates lay out, computed once per Generate.
type view struct {
	common
	Oracle bool // BindOracle: tests talk to `bqgen oracle serve`
	// Subject is the subject API, computed from the protocol.
	Subject subjectAPI
	// SuiteFromSupport is the PHP literal of the path from the Support
	// directory to the vendored suite, with slashes on both ends.
	SuiteFromSupport string
	// AutoloadPrefix is the PHP literal of the namespace prefix the
	// standalone bootstrap autoloads ("Ns\\").
	AutoloadPrefix string
	// TestsFromRoot is the tests directory, for phpunit.xml.dist.
	TestsFromRoot string
	// TestSuffix is the file-name suffix phpunit.xml.dist collects.
	TestSuffix string
	// Bootstrap is the autoloader phpunit.xml.dist loads.
	Bootstrap string
	// Transports are the broker blocks of a transport target, a suite that
	// carries broker blocks only: its scaffold maps those brokers'
	// operations onto their transport classes (which the php-sdk keeps in
	// its core package, BabelQueue\Transport) and no other block's. Empty
	// for a core target, and for one that runs core and broker blocks
	// together, whose scaffold maps every operation.
	Transports []string
	Files      []outFile
	// Index is every generated test, by case, as PHPUnit reports it.
	Index []backend.IndexedTest
}

// transportBlocks are the blocks of s when they are all broker blocks,
// else nil.
func transportBlocks(s *model.Suite) []string {
	var out []string
	for _, block := range model.KnownBlocks {
		if !s.HasBlock(block) {
			continue
		}
		if !model.IsTransportBlock(block) {
			return nil
		}
		out = append(out, block)
	}
	return out
}

// Maps reports whether the scaffold maps m: every operation in a core
// target, only its own brokers' in a transport target.
func (v *view) Maps(m method) bool {
	return len(v.Transports) == 0 || slices.Contains(v.Transports, m.Transport)
}

// TransportList names the blocks of a transport target in prose: "the a
// block", "the a and b blocks".
func (v *view) TransportList() string {
	n := len(v.Transports)
	if n == 1 {
		return "the " + v.Transports[0] + " block"
	}
	return "the " + strings.Join(v.Transports[:n-1], ", ") + " and " + v.Transports[n-1] + " blocks"
}

// outFile is one file to render (see textkit.Output).
type outFile = textkit.Output

// testFile is a block's test class: the root template that lays it out and
// the class's view, which embeds testClass.
type testFile struct {
	Template string
	Data     any
}

// testClass is the part every block's test class shares.
type testClass struct {
	common
	Class string // the class name, also the file name
	Block string // the manifest block name (one of model.KnownBlocks)
	Uses  []string
}

// blockView builds the test class of one block the suite carries.
type blockView func(*model.Suite, *common) (testFile, error)

// blockViews are the test classes, by block.
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

// buildView precomputes names, literals and the file list, with the
// protocol's operations.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	return buildViewWith(s, opt, protocol.Operations, protocol.Records)
}

// buildViewWith is buildView over the given operations and records, so a
// test can add one and see it reach every subject.
func buildViewWith(s *model.Suite, opt backend.Options, ops []protocol.Operation, records []protocol.RecordType) (*view, error) {
	ns, err := namespaceOf(opt)
	if err != nil {
		return nil, err
	}
	api, err := buildSubject(ops, records)
	if err != nil {
		return nil, err
	}
	for i, op := range ops {
		api.Methods[i].Default = backend.DefaultReason(s, op, transportLayout)
	}
	v := &view{
		common:           newCommon(s, ns, opt),
		Oracle:           opt.Binding == backend.BindOracle,
		Subject:          api,
		SuiteFromSupport: phpString("/" + relativePath(SupportDir, opt.SuiteDirOr(SuiteDir)) + "/"),
		AutoloadPrefix:   phpString(ns + `\`),
		TestsFromRoot:    TestDir,
		TestSuffix:       TestSuffix,
		Bootstrap:        BootstrapFile,
		Transports:       transportBlocks(s),
	}
	v.Files = v.supportFiles()
	blocks, err := buildBlocks(s, &v.common)
	if err != nil {
		return nil, err
	}
	v.Files = append(v.Files, blocks...)
	v.Index = v.index.tests(s)
	return v, nil
}

// newCommon computes the header fields from the suite and the options.
func newCommon(s *model.Suite, ns string, opt backend.Options) common {
	version := unversioned
	if s.HasVersion && s.Version != "" {
		version = s.Version
	}
	regenerate := opt.Regenerate
	if regenerate == "" {
		regenerate = defaultRegenerate
	}
	return common{Namespace: ns, Version: commentText(version), VersionLit: phpString(version), XMLVersion: xmlCommentText(version),
		Regenerate: commentText(regenerate), XMLRegenerate: xmlInstructionText(regenerate), options: opt,
		index: &testIndex{byCase: map[model.CaseID]backend.IndexedTest{}, methods: map[model.CaseID]string{}}}
}

// supportFiles lists the subject, the JSON model and the base test case,
// plus what the binding needs: the scaffold for an SDK, the oracle client
// and a standalone PHPUnit setup for the oracle.
func (v *view) supportFiles() []outFile {
	files := []outFile{
		v.support("Subject.php"), v.support("SubjectDefaults.php"), v.support("NotProvided.php"), v.support("SkippingSubject.php"),
		v.support("Json.php"), v.support("Expect.php"), v.support("ConformanceTestCase.php"),
	}
	if !v.Oracle {
		return append(files, outFile{Path: ScaffoldFile, Template: "SdkSubject.php", Kind: backend.Scaffold, Data: v})
	}
	return append(files, v.support("OracleProcess.php"), v.support("OracleSubject.php"),
		outFile{Path: BootstrapFile, Template: "bootstrap.php", Kind: backend.Generated, Data: v},
		outFile{Path: PHPUnitConfig, Template: "phpunit.xml.dist", Kind: backend.Generated, Data: v})
}

// support is a generated file of the Support directory.
func (v *view) support(name string) outFile {
	return outFile{Path: supportFile(name), Template: name, Kind: backend.Generated, Data: v}
}

// buildBlocks builds one test file per block the suite carries, in
// model.KnownBlocks order.
func buildBlocks(s *model.Suite, c *common) ([]outFile, error) {
	var out []outFile
	for _, block := range model.KnownBlocks {
		build, ok := blockViews[block]
		if !ok || !s.HasBlock(block) {
			continue
		}
		f, err := build(s, c)
		if err != nil {
			return nil, fmt.Errorf("php: %s: %w", block, err)
		}
		out = append(out, outFile{Path: TestFile(block), Template: f.Template, Kind: backend.Generated, Data: f.Data})
	}
	return out, nil
}

// newTestClass starts a block's test class.
func newTestClass(c *common, block string, uses ...string) testClass {
	return testClass{common: *c, Class: className(block), Block: block, Uses: uses}
}

// blockFile is a block's test class laid out by the block's own template,
// tmpl/<block>.tmpl.
func blockFile(block string, data any) testFile {
	return testFile{Template: block + ".test.php", Data: data}
}

// methodNames turns case names into PHPUnit test method names in php-sdk's
// own convention, snake_case after "test_" ("order-created" ->
// test_order_created).
// PHP method names are case-insensitive, so uniqueness is decided ignoring
// case: two names that differ only in where their words break ("foo-bar",
// "foobar") would otherwise declare the same method twice. A clash gets the
// first free numeric suffix, in case order.
func methodNames(names []string, prefix ...string) []string {
	words := append([]string{"test"}, prefix...)
	out := make([]string, len(names))
	used := map[string]bool{}
	for i, name := range names {
		base := backend.Identifiers([]string{name}, words, backend.Snake)[0]
		unique := base
		for n := 2; used[strings.ToLower(unique)]; n++ {
			unique = fmt.Sprintf("%s_%d", base, n)
		}
		used[strings.ToLower(unique)] = true
		out[i] = unique
	}
	return out
}

// DefaultNamespace is the namespace of the generated tests when
// backend.Options.Package is empty: the SDK's PSR-4 test namespace
// (BabelQueue\Tests\ -> tests/) followed by the generated directory.
const DefaultNamespace = `BabelQueue\Tests\ConformanceGenerated`

// namespaceSyntax is a qualified PHP namespace name: identifiers joined by
// single backslashes.
var namespaceSyntax = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\\[A-Za-z_][A-Za-z0-9_]*)*$`)

// reservedWords are PHP keywords, which PHP does not read as a namespace
// on their own ("namespace List;" is a syntax error).
var reservedWords = strings.Fields(`abstract and array as break callable case catch class clone const continue
	declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum eval
	exit extends final finally fn for foreach function global goto if implements include include_once
	instanceof insteadof interface isset list match namespace new or print private protected public readonly
	require require_once return static switch throw trait try unset use var while xor yield`)

// namespaceOf validates the namespace option. A leading backslash (a fully
// qualified spelling) is accepted and dropped, as a namespace declaration
// does not take one.
func namespaceOf(opt backend.Options) (string, error) {
	ns := strings.TrimPrefix(opt.Package, `\`)
	if ns == "" {
		return DefaultNamespace, nil
	}
	if !namespaceSyntax.MatchString(ns) {
		return "", backend.OptionErrorf("package %q is not a PHP namespace (identifiers separated by \\)", opt.Package)
	}
	for _, part := range strings.Split(ns, `\`) {
		for _, word := range reservedWords {
			if strings.EqualFold(part, word) {
				return "", backend.OptionErrorf("package %q uses the PHP keyword %q as a namespace name", opt.Package, part)
			}
		}
	}
	return ns, nil
}
