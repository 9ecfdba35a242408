package gobackend

import (
	"fmt"
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// view is everything rendering needs: what every file shares and the block
// test files, built.
type view struct {
	suite  *model.Suite
	common *common
	tests  []testFile
}

// common is what every block and every other file needs: the binding, the
// package clause, the suite's version and the subject API.
type common struct {
	binding backend.Binding
	pkg     string // package clause of every generated test file
	version string // CONFORMANCE_VERSION, or "unversioned"
	// regenerate is the command that regenerates the output, as the header
	// prints it.
	regenerate string
	// exemptions are the SDK's excused cases (bqgen.yaml).
	exemptions backend.Options
	// transport is the broker package the output is for, nil for a core
	// target (layout.go).
	transport *transport
	api       *subjectAPI
	// suiteDir is where the suite is vendored, relative to the module root
	// where the tests run: SuiteDir, or the target's vendor directory.
	suiteDir string
}

// testFile is one generated Go test file under construction.
type testFile struct{ *fileBuilder }

// blockView builds the test file of one block. It returns an error for a
// block the model let through but Go cannot express, naming the manifest
// location. A file that gets no declaration is not written.
type blockView func(*model.Suite, *common) (testFile, error)

// blockViews maps each block the Go backend knows to its builder; a block
// missing here would produce no file.
var blockViews = map[string]blockView{
	model.BlockCases:                blockFile(model.BlockCases, addCases),
	model.BlockRoundtrip:            blockFile(model.BlockRoundtrip, addRoundtrip),
	model.BlockDataShape:            blockFile(model.BlockDataShape, addDataShape),
	model.BlockForbiddenKeys:        blockFile(model.BlockForbiddenKeys, addForbiddenKeys),
	model.BlockSQS:                  blockFile(model.BlockSQS, addSQS),
	model.BlockASB:                  blockFile(model.BlockASB, addASB),
	model.BlockPulsar:               blockFile(model.BlockPulsar, addPulsar),
	model.BlockKafka:                blockFile(model.BlockKafka, addKafka),
	model.BlockArtemis:              blockFile(model.BlockArtemis, addArtemis),
	model.BlockRabbitMQ:             blockFile(model.BlockRabbitMQ, addRabbitMQ),
	model.BlockRedis:                blockFile(model.BlockRedis, addRedis),
	model.BlockIdempotency:          blockFile(model.BlockIdempotency, addIdempotency),
	model.BlockPayloadSchema:        blockFile(model.BlockPayloadSchema, addPayloadSchema),
	model.BlockPayloadSchemaUnicode: blockFile(model.BlockPayloadSchemaUnicode, addPayloadSchemaUnicode),
	model.BlockSettlement:           blockFile(model.BlockSettlement, addSettlement),
	model.BlockRowErrors:            blockFile(model.BlockRowErrors, addRowErrors),
	model.BlockFailedWrites:         blockFile(model.BlockFailedWrites, addFailedWrites),
	model.BlockProducer:             blockFile(model.BlockProducer, addProducer),
}

// blockAdder adds a block's tests (and the helpers only that block uses) to
// its file.
type blockAdder func(s *model.Suite, b *fileBuilder) error

// blockFile is the blockView that starts the block's file and adds to it.
func blockFile(block string, add blockAdder) blockView {
	return func(s *model.Suite, c *common) (testFile, error) {
		b := c.newGenerated(BlockFile(block))
		b.block, b.exemptions = block, c.exemptions
		if err := add(s, b); err != nil {
			return testFile{}, fmt.Errorf("go backend, block %s: %w", block, err)
		}
		return testFile{b}, nil
	}
}

// buildView checks the options and the suite's version, computes the
// subject API and builds every block's file.
func buildView(s *model.Suite, opt backend.Options) (*view, error) {
	tr, err := transportOf(s, opt.Binding)
	if err != nil {
		return nil, err
	}
	pkg, err := packageName(opt.Package, tr)
	if err != nil {
		return nil, err
	}
	if first, _, _ := strings.Cut(opt.SuiteDirOr(SuiteDir), "/"); first == "vendor" {
		return nil, backend.OptionErrorf("vendor: %s lies in the module's vendor directory, which the go command reads as vendored modules; "+
			"choose another directory, e.g. %s", strconv.Quote(opt.VendorDir), "testdata/bqgen-conformance")
	}
	version, err := versionLabel(s)
	if err != nil {
		return nil, err
	}
	api, err := buildSubjectAPI(protocol.Operations, protocol.Records)
	if err != nil {
		return nil, err
	}
	for i := range api.Operations {
		api.Operations[i].Default = backend.DefaultReason(s, api.Operations[i].Op, transportLayout)
	}
	for _, e := range opt.Exemptions {
		if e.Action != backend.ExemptSkip && e.Action != backend.ExemptFail {
			return nil, backend.OptionErrorf("exemption %q: action %q is neither %q nor %q", e.Pattern, e.Action, backend.ExemptSkip, backend.ExemptFail)
		}
	}
	regenerate := opt.Regenerate
	if regenerate == "" {
		regenerate = defaultRegenerate
	}
	v := &view{suite: s, common: &common{binding: opt.Binding, pkg: pkg, version: version,
		regenerate: regenerate, exemptions: backend.Options{Exemptions: opt.Exemptions}, transport: tr, api: api,
		suiteDir: opt.SuiteDirOr(SuiteDir)}}
	for _, name := range s.Blocks() {
		build, ok := blockViews[name]
		if !ok {
			continue
		}
		f, err := build(s, v.common)
		if err != nil {
			return nil, err
		}
		v.tests = append(v.tests, f)
	}
	return v, nil
}

// templateData is what the embedded source templates substitute.
type templateData struct {
	Header                              []string // the header's lines, comment text
	Package, Version                    string
	SuiteDir                            string // the arguments of filepath.Join naming SuiteDir
	EnvBin, EnvFault, EnvAddr, EnvToken string
	Operations                          []goOperation
	// Transport is the broker package of a transport target, nil for a core
	// target.
	Transport *transportData
}

// transportData is a transport target as the scaffold names it.
type transportData struct{ Block, Package string }

func (c *common) templateData() templateData {
	var dir []string
	for _, part := range strings.Split(c.suiteDir, "/") {
		dir = append(dir, strconv.Quote(part))
	}
	return templateData{
		Header: c.header(), Package: c.pkg, Version: c.version,
		SuiteDir: strings.Join(dir, ", "),
		EnvBin:   backend.EnvOracleBin, EnvFault: backend.EnvOracleFault,
		EnvAddr: backend.EnvOracleAddr, EnvToken: backend.EnvOracleToken,
		Operations: c.api.Operations,
		Transport:  c.transportData(),
	}
}

func (c *common) transportData() *transportData {
	if c.transport == nil {
		return nil
	}
	return &transportData{Block: c.transport.block, Package: c.transport.pkg}
}

// packageName is the package clause of the generated files: the SDK's
// external test package, or for a transport the transport's own package,
// unless the options name another. A transport's scaffold calls the
// package's unexported functions, so an external test package (name_test)
// cannot hold it.
func packageName(override string, tr *transport) (string, error) {
	if override == "" {
		if tr != nil {
			return tr.pkg, nil
		}
		return defaultPackageName, nil
	}
	if !token.IsIdentifier(override) || override == "_" {
		return "", backend.OptionErrorf("package %q is not a Go identifier", override)
	}
	if tr != nil && strings.HasSuffix(override, "_test") {
		return "", backend.OptionErrorf("package %q is an external test package: the %s tests call the unexported "+
			"functions of the transport package, so they must be in that package (default %s)", override, tr.block, tr.pkg)
	}
	return override, nil
}

// semverChars is the character set of a SemVer version. The version ends up
// in a line comment, so anything else (a newline above all) is refused
// rather than escaped: the header must stay one recognisable line.
var semverChars = regexp.MustCompile(`^[0-9A-Za-z.+-]+$`)

// versionLabel is the suite's CONFORMANCE_VERSION as the header names it.
func versionLabel(s *model.Suite) (string, error) {
	if !s.HasVersion {
		return unversioned, nil
	}
	if !semverChars.MatchString(s.Version) {
		return "", fmt.Errorf("%s %q is not a SemVer version", model.VersionFile, s.Version)
	}
	// go vet reports any comment above the package clause that contains
	// "+build" as a malformed build constraint, so the SDK's CI would fail.
	if strings.Contains(s.Version, "+build") {
		return "", fmt.Errorf("%s %q: Go output cannot carry \"+build\" in its header (go vet reads it as a malformed build constraint); use other build metadata", model.VersionFile, s.Version)
	}
	return s.Version, nil
}

// defaultRegenerate is the command the header prints when the options name
// none: the Go output's layout is relative to the module root.
const defaultRegenerate = "bqgen generate --lang go --out ."

// header is the comment text heading every generated Go file, one element
// per line: Go's generated-code marker, then how to regenerate the file.
func (c *common) header() []string {
	return []string{
		fmt.Sprintf("Code generated by bqgen from conformance suite %s. DO NOT EDIT.", c.version),
		"Regenerate with: " + commentText(c.regenerate),
	}
}

// locationError names the manifest place a Go-specific problem comes from.
func locationError(at model.Location, err error) error {
	return fmt.Errorf("%s %s: %w", at.File, at.Pointer, err)
}
