package dotnet

import (
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// The pinned packages of the generated test project. xunit and its runner are
// the versions the .NET core SDK's own test project pins. Its
// Microsoft.NET.Test.Sdk 17.11.1 is missing from the NuGet package list this
// workplace keeps, so the nearest listed version is used. Xunit.SkippableFact
// is what lets an xUnit v2 test skip at run time: 1.5.x needs only
// xunit.extensibility.execution >= 2.4.0, so it fits the SDK's xunit 2.9.2.
const (
	testSdkVersion       = "17.12.0"
	xunitVersion         = "2.9.2"
	xunitRunnerVersion   = "2.8.2"
	skippableFactVersion = "1.5.85"
	targetFramework      = "net8.0"
	// xunitConsoleVersion is xUnit's own console runner, which bqgen verify
	// runs the oracle project's tests with (one process a run, where dotnet
	// test starts three): the newest the NuGet served here has, and it runs
	// tests of any xUnit 2.x.
	xunitConsoleVersion = "2.4.1"
)

// The names of the generated layout.
const (
	oracleProjectName = "BabelQueue.Conformance.Tests"
	corePackage       = "BabelQueue.Core"
	// MessagingLayerPackage is the package a target of the messaging blocks
	// alone is for: NPipeline's messaging layer, whose test project is
	// tests/NPipeline.Connectors.Tests.
	MessagingLayerPackage  = "NPipeline.Connectors"
	sdkTestProjectDir      = "tests/" + corePackage + ".Tests"
	generatedDirName       = "GeneratedConformance"
	propsFileName          = "BabelQueue.Conformance.props"
	scaffoldFileName       = "SdkConformanceSubject.cs"
	oracleSubjectFileName  = "OracleConformanceSubject.cs"
	subjectFileName        = "ConformanceSubject.cs"
	supportFileName        = "ConformanceSupport.cs"
	vendoredSuiteDirectory = "conformance"
)

// The layout facts the .NET toolchain runner (verify.DotnetToolchain) reads
// instead of restating them.
const (
	// ProjectGlob matches the one test project BindOracle writes at the
	// output root: what `dotnet build` and `dotnet test` are given.
	ProjectGlob = "*.csproj"
	// OracleProjectFile is that project's file name.
	OracleProjectFile = oracleProjectName + ".csproj"
	// TestFileGlob matches the generated test classes, one per block
	// (testClassName), in the generated code directory.
	TestFileGlob = "*ConformanceTests.cs"
	// SDKTestDir is the test project BindSDK writes into for the core SDK,
	// relative to the SDK checkout. A transport target writes into its
	// package's test project instead (TestProjectDir).
	SDKTestDir = sdkTestProjectDir
	// XunitConsoleDir is where the oracle project's build puts xUnit's
	// console runner, relative to its output directory.
	XunitConsoleDir = "xunit.console"
	// PropsFile is the MSBuild file, in GeneratedConformance/ of the test
	// project, that the test project must import.
	PropsFile = generatedDirName + "/" + propsFileName
)

// TestProjectDir is the test project of an SDK package, relative to its
// repository: tests/BabelQueue.Core.Tests for the core, e.g.
// tests/BabelQueue.Sqs.Tests for the SQS transport. Each BabelQueue .NET
// repository lays its tests out so.
func TestProjectDir(pkg string) string { return "tests/" + pkg + ".Tests" }

// layout is where each file of one binding goes, relative to the output root.
//
// BindSDK writes into the core SDK checkout: the test project
// tests/BabelQueue.Core.Tests/ already copies conformance/**/*.json next to
// the test assembly, so the suite is vendored there, the generated code goes
// to GeneratedConformance/ (not "Conformance/", which would collide with
// "conformance/" on a case-insensitive disk), and the scaffold sits in the
// project root, outside the generated directory, because the SDK owns it.
//
// A transport target (a suite of one broker's blocks) writes the same
// layout into the transport package's test project, e.g.
// tests/BabelQueue.Sqs.Tests/, whose name is the assembly the package's
// InternalsVisibleTo names.
//
// BindOracle writes a standalone test project at the root, which is what
// `bqgen verify` builds and runs.
type layout struct {
	projectDir string // the test project's directory; "" for the root
	codeDir    string // generated .cs files
	suiteDir   string // the vendored suite
	extraFile  string // the .csproj (oracle) or the .props to import (SDK)
	scaffold   string // the scaffold subject; "" when the binding has none
}

// layoutFor is the layout of binding b; pkg is the SDK package whose test
// project BindSDK writes into, and vendorDir the suite's directory when
// not the default (conformance/ in the test project).
func layoutFor(b backend.Binding, pkg, vendorDir string) layout {
	vendor := backend.Options{VendorDir: vendorDir}
	if b == backend.BindOracle {
		return layout{codeDir: "", suiteDir: vendor.SuiteDirOr(vendoredSuiteDirectory), extraFile: OracleProjectFile}
	}
	project := TestProjectDir(pkg) + "/"
	return layout{
		projectDir: TestProjectDir(pkg),
		codeDir:    project + generatedDirName,
		suiteDir:   vendor.SuiteDirOr(project + vendoredSuiteDirectory),
		extraFile:  project + generatedDirName + "/" + propsFileName,
		scaffold:   project + scaffoldFileName,
	}
}

// code is the path of a generated .cs file.
func (l layout) code(name string) string {
	if l.codeDir == "" {
		return name
	}
	return l.codeDir + "/" + name
}

// versionText is the suite's CONFORMANCE_VERSION as headers print it.
func versionText(s *model.Suite) string {
	if !s.HasVersion {
		return "unversioned"
	}
	return s.Version
}
