package gobackend

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The generated layout, relative to the SDK module root (BindSDK) or the
// verify module root (BindOracle). The Go SDK keeps its conformance tests in
// the package directory itself, next to the code, with the vendored suite in
// testdata/conformance/ (shared/sdk-api/go.md §10).
const (
	// TestDir is the directory of the generated test files: the module root.
	TestDir = "."
	// SuiteDir is where the suite is vendored; tests read fixtures from it.
	SuiteDir = "testdata/conformance"
	// TestGlob matches every Go file bqgen writes into TestDir.
	TestGlob = "conformance_*_test.go"
	// TestBinary is the compiled test binary verify runs, in TestDir.
	TestBinary = "conformance.test"

	// SubjectFile holds the subject interface and its record types.
	SubjectFile = "conformance_subject_gen_test.go"
	// SupportFile holds the helpers the block files share.
	SupportFile = "conformance_support_gen_test.go"
	// ScaffoldFile is the SDK's subject, written once (BindSDK).
	ScaffoldFile = "conformance_subject_test.go"
	// OracleSubjectFile and OracleClientFile are the oracle binding.
	OracleSubjectFile = "conformance_oracle_subject_gen_test.go"
	OracleClientFile  = "conformance_oracle_gen_test.go"
	// ModuleFile is the verify module's go.mod (BindOracle).
	ModuleFile = "go.mod"

	// verifyModule is the module path of the oracle-bound output.
	verifyModule = "bqgenverify"
	// VerifyPackage is the import path of the oracle-bound tests' package,
	// as go test -json names it (the module root is TestDir).
	VerifyPackage      = verifyModule
	defaultPackageName = "babelqueue_test"
	unversioned        = "unversioned"
)

// BlockFile is the test file of a block. Block names are the model's fixed
// snake_case names, so they are safe file name parts; the "_gen" before
// "_test.go" keeps a block name from reading as a GOOS or GOARCH suffix.
func BlockFile(block string) string {
	return "conformance_" + block + "_gen_test.go"
}

// A transport target: the suite the backend gets carries only one broker's
// block. babelqueue-go keeps every transport in a Go module of its own (a
// subdirectory with its own go.mod that requires the core), and its
// projection and reconciliation functions are unexported: the output then
// goes into that module's package itself (package sqs), so the scaffold
// reaches them, and the vendored suite into the module's testdata/.

// transport is the broker package the output is for.
type transport struct {
	block string // the broker block, e.g. "sqs"
	pkg   string // the transport package's name, e.g. "sqs"
}

// transportPackages names, per broker block, the babelqueue-go module (and
// package) that implements it.
var transportPackages = map[string]string{
	model.BlockSQS:      "sqs",
	model.BlockASB:      "azureservicebus",
	model.BlockPulsar:   "pulsar",
	model.BlockKafka:    "kafka",
	model.BlockArtemis:  "artemis",
	model.BlockRabbitMQ: "amqp",
	model.BlockRedis:    "redis",
}

// TransportPackage is the package a broker block's transport target is
// written into by default ("" for a block that is not a broker's): bqgen
// init compares a module's package clause with it.
func TransportPackage(block string) string { return transportPackages[block] }

// transportOf is the transport the suite is for, nil for a core target (a
// block that is not a broker's, or no block at all). Several brokers at
// once are several Go modules: an SDK-bound output cannot be all of them,
// so that is an option error; an oracle-bound output has no SDK package
// and is a core output.
func transportOf(s *model.Suite, binding backend.Binding) (*transport, error) {
	blocks := s.Blocks()
	if len(blocks) == 0 {
		return nil, nil
	}
	for _, b := range blocks {
		if !model.IsTransportBlock(b) {
			return nil, nil
		}
	}
	if len(blocks) > 1 {
		if binding == backend.BindOracle {
			return nil, nil
		}
		var modules []string
		for _, b := range blocks {
			modules = append(modules, b+" ("+transportPackages[b]+")")
		}
		return nil, backend.OptionErrorf("blocks %s: each broker is a Go module of its own in babelqueue-go; "+
			"give each its own target (out: its module's directory)", strings.Join(modules, ", "))
	}
	pkg, ok := transportPackages[blocks[0]]
	if !ok {
		return nil, fmt.Errorf("broker block %s has no babelqueue-go transport package", blocks[0])
	}
	return &transport{block: blocks[0], pkg: pkg}, nil
}

// The wiring check. `go test ./...` runs every _test.go file of every
// package below the module root, so the generated files cannot be left out
// of a package the way a test list or an excluded directory leaves files out
// in other languages; a transport target's own go.mod makes its directory a
// module that `go test` runs from there (babelqueue-go's CI enters each
// transport module itself, which bqgen cannot see from the output
// directory). What can keep the tests from running is the go.mod of the
// output directory: a go line older than the generated code's language
// features fails the package's build, so no test of it runs.

// minGoVersion is the oldest go line the generated code compiles under: the
// support file and the cases block use type parameters (Go 1.18).
var minGoVersion = [2]int{1, 18}

// goLine is a go.mod go directive: go 1.21, go 1.23.0.
var goLine = regexp.MustCompile(`(?m)^go[ \t]+(\d+)\.(\d+)(?:\.\d+)?[ \t]*(?://.*)?$`)

// WiringFiles is the go.mod of the output directory (absent when the output
// is a package below the module root).
func (*Backend) WiringFiles() []string { return []string{ModuleFile} }

// CheckWiring reports a go.mod whose go line is older than the generated
// code needs (it would not compile) or that has none.
func (*Backend) CheckWiring(files map[string][]byte, _ []backend.File) []backend.WiringProblem {
	mod, ok := files[ModuleFile]
	if !ok {
		return nil
	}
	want := fmt.Sprintf("go %d.%d", minGoVersion[0], minGoVersion[1])
	m := goLine.FindSubmatch(mod)
	if m == nil {
		// Without a go line the go command assumes go 1.16.
		return []backend.WiringProblem{{File: ModuleFile,
			Problem: "has no go line, so the go command compiles the module as Go 1.16, and the generated tests use type parameters (Go 1.18)",
			Fix:     "add the line: " + want}}
	}
	major, _ := strconv.Atoi(string(m[1]))
	minor, _ := strconv.Atoi(string(m[2]))
	if major > minGoVersion[0] || major == minGoVersion[0] && minor >= minGoVersion[1] {
		return nil
	}
	return []backend.WiringProblem{{File: ModuleFile,
		Problem: fmt.Sprintf("says go %d.%d, and the generated tests use type parameters (Go 1.18): the package would not compile, so none of its tests would run", major, minor),
		Fix:     "change its go line to: " + want}}
}
