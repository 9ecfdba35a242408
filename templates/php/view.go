package php

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// Where the output goes, relative to the SDK checkout. The generated tests
// live next to the vendored suite, never inside it, and under a name that
// differs from it by more than case, so a case-insensitive disk keeps both.
const (
	testsDir   = "tests/ConformanceGenerated"
	supportDir = testsDir + "/Support"
	suiteDir   = "tests/conformance"
	// phpunitConfig is the standalone PHPUnit configuration of the
	// oracle-bound output; an SDK has its own.
	phpunitConfig = "phpunit.xml.dist"
)

// unversioned stands in for CONFORMANCE_VERSION when the suite has none.
const unversioned = "unversioned"

// common is what every generated PHP file needs for its header and namespace.
type common struct {
	Namespace  string // the validated namespace of the generated classes
	Version    string // the suite version, safe inside a comment
	VersionLit string // the suite version as a PHP string literal
	XMLVersion string // the suite version, safe inside an XML comment
}

// view is everything the templates lay out, computed once per Generate.
type view struct {
	common
	Oracle bool // BindOracle: tests talk to `bqgen oracle serve`
	// SuiteFromSupport is the PHP literal of the path from the Support
	// directory to the vendored suite, with slashes on both ends.
	SuiteFromSupport string
	// AutoloadPrefix is the PHP literal of the namespace prefix the
	// standalone bootstrap autoloads ("Ns\\").
	AutoloadPrefix string
	// TestsFromRoot is the tests directory, for phpunit.xml.dist.
	TestsFromRoot string
	Operations    []operation
	Files         []outFile
}

// outFile is one file to render (see textkit.Output).
type outFile = textkit.Output

// testClass is the part every block's test class shares.
type testClass struct {
	common
	Class string // the class name, also the file name
	Block string // the manifest block name (one of model.KnownBlocks)
	Uses  []string
}

// buildView precomputes names, literals and the file list.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	ns, err := namespaceOf(opt)
	if err != nil {
		return nil, err
	}
	v := &view{
		common:           newCommon(s, ns),
		Oracle:           opt.Binding == backend.BindOracle,
		SuiteFromSupport: phpString("/" + relativePath(supportDir, suiteDir) + "/"),
		AutoloadPrefix:   phpString(ns + `\`),
		TestsFromRoot:    testsDir,
		Operations:       operations,
	}
	v.Files = v.supportFiles()
	blocks, err := buildBlocks(s, v.common)
	if err != nil {
		return nil, err
	}
	v.Files = append(v.Files, blocks...)
	return v, nil
}

// newCommon computes the header fields from the suite.
func newCommon(s *model.Suite, ns string) common {
	version := unversioned
	if s.HasVersion && s.Version != "" {
		version = s.Version
	}
	return common{Namespace: ns, Version: commentText(version), VersionLit: phpString(version), XMLVersion: xmlCommentText(version)}
}

// supportFiles lists the subject, the JSON model and the base test case,
// plus what the binding needs: the scaffold for an SDK, the oracle client
// and a standalone PHPUnit setup for the oracle.
func (v *view) supportFiles() []outFile {
	files := []outFile{
		v.support("Subject.php"), v.support("NotProvided.php"), v.support("SkippingSubject.php"),
		v.support("Json.php"), v.support("Expect.php"), v.support("ConformanceTestCase.php"),
	}
	if !v.Oracle {
		return append(files, outFile{Path: testsDir + "/SdkSubject.php", Template: "SdkSubject.php", Kind: backend.Scaffold, Data: v})
	}
	return append(files, v.support("OracleProcess.php"), v.support("OracleSubject.php"),
		outFile{Path: testsDir + "/bootstrap.php", Template: "bootstrap.php", Kind: backend.Generated, Data: v},
		outFile{Path: phpunitConfig, Template: "phpunit.xml.dist", Kind: backend.Generated, Data: v})
}

// support is a generated file of the Support directory.
func (v *view) support(name string) outFile {
	return outFile{Path: supportDir + "/" + name, Template: name, Kind: backend.Generated, Data: v}
}

// blockBuilder builds the test class of one block, or nil when the suite
// does not carry the block.
type blockBuilder func(s *model.Suite, c common) (any, error)

// blockViews are the test classes in model.KnownBlocks order.
var blockViews = []struct {
	block string
	build blockBuilder
}{
	{model.BlockCases, buildCases},
	{model.BlockIdempotency, buildIdempotency},
	{model.BlockSQS, buildSQS},
	{model.BlockASB, buildASB},
	{model.BlockPulsar, buildPulsar},
	{model.BlockKafka, buildKafka},
	{model.BlockArtemis, buildArtemis},
	{model.BlockRedis, buildRedis},
	{model.BlockRabbitMQ, buildRabbitMQ},
	{model.BlockPayloadSchema, buildPayloadSchema},
	{model.BlockRoundtrip, buildRoundtrip},
	{model.BlockDataShape, buildDataShape},
	{model.BlockForbiddenKeys, buildForbiddenKeys},
	{model.BlockPayloadSchemaUnicode, buildPayloadSchemaUnicode},
}

// buildBlocks builds one test file per block the suite carries.
func buildBlocks(s *model.Suite, c common) ([]outFile, error) {
	var out []outFile
	for _, b := range blockViews {
		if !s.HasBlock(b.block) {
			continue
		}
		data, err := b.build(s, c)
		if err != nil {
			return nil, fmt.Errorf("php: %s: %w", b.block, err)
		}
		out = append(out, outFile{Path: testsDir + "/" + className(b.block) + ".php", Template: templateOf(b.block), Kind: backend.Generated, Data: data})
	}
	return out, nil
}

// templateOf names the root template of a block's test class. The payload
// schema blocks share one.
func templateOf(block string) string {
	if block == model.BlockPayloadSchemaUnicode {
		block = model.BlockPayloadSchema
	}
	return block + ".test.php"
}

// newTestClass starts a block's test class.
func newTestClass(c common, block string, uses ...string) testClass {
	return testClass{common: c, Class: className(block), Block: block, Uses: uses}
}

// relativePath is the slash path from directory from to directory to, both
// relative to the same root.
func relativePath(from, to string) string {
	f, t := strings.Split(from, "/"), strings.Split(to, "/")
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	up := strings.Repeat("../", len(f)-i)
	return strings.TrimSuffix(up+strings.Join(t[i:], "/"), "/")
}
