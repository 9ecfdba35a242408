package gobackend

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
	verifyModule       = "bqgenverify"
	defaultPackageName = "babelqueue_test"
	unversioned        = "unversioned"
)

// BlockFile is the test file of a block. Block names are the model's fixed
// snake_case names, so they are safe file name parts; the "_gen" before
// "_test.go" keeps a block name from reading as a GOOS or GOARCH suffix.
func BlockFile(block string) string {
	return "conformance_" + block + "_gen_test.go"
}
