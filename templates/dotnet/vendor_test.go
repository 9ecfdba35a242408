package dotnet_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/internal/testkit/vendortest"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// defaultSuiteDir is where BindSDK vendors the suite without a vendor
// directory; BindOracle's is "conformance".
const defaultSuiteDir = dotnet.SDKTestDir + "/conformance"

// A vendor directory moves the vendored suite; the project file copies it
// from there and the tests read it where it is copied to.
func TestVendorDirMovesTheSuite(t *testing.T) {
	s := suitetest.Canonical(t)
	sdk := backend.Options{Binding: backend.BindSDK, VendorDir: dotnet.SDKTestDir + "/bqgen-conformance"}
	files := vendortest.Check(t, dotnet.New(), s, sdk, defaultSuiteDir, `Path.Combine(AppContext.BaseDirectory, "bqgen-conformance", relativePath)`)
	wantIn(t, files, dotnet.SDKTestDir+"/"+dotnet.PropsFile,
		`Include="$(MSBuildThisFileDirectory)../bqgen-conformance/**"`, `LinkBase="bqgen-conformance"`)
	// Outside the test project, the copy keeps its path from the checkout.
	shared := backend.Options{Binding: backend.BindSDK, VendorDir: "shared/it's 50% $(x)"}
	files = vendortest.Check(t, dotnet.New(), s, shared, defaultSuiteDir, `"shared", "it's 50% $(x)"`)
	wantIn(t, files, dotnet.SDKTestDir+"/"+dotnet.PropsFile,
		`Include="$(MSBuildThisFileDirectory)../../../shared/it%27s 50%25 %24(x)/**"`, `LinkBase="shared/it%27s 50%25 %24(x)"`)
	oracle := backend.Options{Binding: backend.BindOracle, VendorDir: "suite/here"}
	files = vendortest.Check(t, dotnet.New(), s, oracle, "conformance", `"suite", "here", relativePath`)
	wantIn(t, files, dotnet.OracleProjectFile, `<None Include="suite/here/**"`)
}

// A vendor directory that holds the test project would copy the project.
func TestVendorDirHoldingTheProjectIsRefused(t *testing.T) {
	for _, dir := range []string{dotnet.SDKTestDir, "tests"} {
		_, err := dotnet.New().Generate(suitetest.Canonical(t), backend.Options{VendorDir: dir})
		var optErr *backend.OptionError
		if !errors.As(err, &optErr) || !strings.Contains(err.Error(), "holds the test project") {
			t.Errorf("vendor %s: err = %v, want an option error", dir, err)
		}
	}
}

// wantIn fails t unless the file at path holds each of texts.
func wantIn(t *testing.T, files []backend.File, path string, texts ...string) {
	t.Helper()
	for _, f := range files {
		if f.Path != path {
			continue
		}
		for _, text := range texts {
			if !strings.Contains(string(f.Content), text) {
				t.Errorf("%s lacks %s:\n%s", path, text, f.Content)
			}
		}
		return
	}
	t.Errorf("no %s", path)
}

// The oracle-bound output with its suite elsewhere passes against the oracle.
func TestVendorDirRunsAgainstTheOracle(t *testing.T) {
	t.Parallel()
	vendortest.PassesAgainstOracle(t, verify.NewDotnetToolchain(), dotnet.New(),
		"suite dir/it's 50% é", "conformance", `"suite dir", "it's 50% \u00E9"`)
}

// The SDK's test project, importing the .props, copies a suite vendored
// outside the project and its tests find every fixture there.
func TestVendorDirOfTheSDKProjectIsCopied(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "standin"), dir)
	files, err := dotnet.New().Generate(suitetest.Canonical(t), backend.Options{Binding: backend.BindSDK, VendorDir: "shared/it's 50% $(x)"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f.Path)), f.Content)
	}
	results := runAllTests(t, filepath.Join(dir, dotnet.SDKTestDir, "BabelQueue.Core.Tests.csproj"))
	passed := 0
	for name, r := range results {
		if strings.Contains(r.Output.Text, "FileNotFound") || strings.Contains(r.Output.Text, "DirectoryNotFound") {
			t.Errorf("%s: a fixture was not found:\n%s", name, r.Output.Text)
		}
		if r.Outcome == "Passed" {
			passed++
		}
	}
	if passed == 0 {
		t.Errorf("no test passed of %d", len(results))
	}
}
