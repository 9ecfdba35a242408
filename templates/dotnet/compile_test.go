package dotnet_test

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/dotnet"
	"github.com/babelqueue/bqgen/verify"
)

// standInCoreVersions are the BabelQueue.Core API shapes the SDK-bound output
// must compile against (testdata/standin): the first release, the first
// with the idempotency helper and the payload validator, and the newest.
var standInCoreVersions = []string{"1.0.0", "1.4.0", "1.8.0"}

// builtByMissingFeatureTests are the builds of TestGeneratedCSharpCompiles
// that the missing-feature tests make themselves, warnings as errors
// (runFiltered), before they run them: the canonical suite's SDK-bound
// project on the oldest and the newest core, and the MassTransit target.
var builtByMissingFeatureTests = map[string]bool{
	"canonical/sdk-core-1.0.0":        true,
	"canonical/sdk-core-1.8.0":        true,
	"rabbitmq/BabelQueue.MassTransit": true,
}

// coreVersionsFor are the stand-in core versions the SDK-bound output of
// the named suite is built against. The canonical suite, which has every
// block and so every call the scaffold makes into the core, is built
// against each; another suite against the first (where a call the oldest
// core lacks fails) and the newest (where a newer overload makes a call
// ambiguous, or an obsolete member warns): a build costs 7 CPU-seconds.
func coreVersionsFor(suite string) []string {
	if suite == "canonical" {
		return standInCoreVersions
	}
	return []string{standInCoreVersions[0], standInCoreVersions[len(standInCoreVersions)-1]}
}

// standInTransports are the transport packages testdata/standin lays out,
// by block: each a package exposing only what its block's scaffold calls,
// beside a test project laid out like the package's own.
var standInTransports = map[string]string{
	"rabbitmq": "BabelQueue.MassTransit",
}

// standInTransportTargets are the transport targets whose scaffold is compiled
// against a stand-in of its package (testdata/standin: the package, the
// broker client types it uses, and its test project), with the core API that
// package pins: their client libraries are not served by this machine's NuGet,
// so the real package cannot be built here.
var standInTransportTargets = []struct {
	block, testProject, coreVersion string
}{
	{model.BlockPulsar, "tests/BabelQueue.Pulsar.Tests/BabelQueue.Pulsar.Tests.csproj", "1.0.0"},
	{model.BlockRedis, "tests/BabelQueue.Redis.Tests/BabelQueue.Redis.Tests.csproj", "1.4.0"},
}

// The generated C# compiles with every warning an error, the way the core
// SDK builds: the oracle project of each suite TestProof does not prove
// (the adversarial one's hostile names and values), and the SDK-bound
// tests and scaffold inside a test project laid out like the SDK's, against
// a stand-in core of each API version the scaffold adapts to; each standInTransportTargets target's
// tests and scaffold inside a test project laid out like its package's; and
// each standInTransports package's target in its test project.
func TestGeneratedCSharpCompiles(t *testing.T) {
	prooftest.RequireToolchain(t, verify.NewDotnetToolchain())
	for _, s := range dotnet.SuitesForTests(t) {
		// TestProof builds the oracle project of every suite it proves,
		// warnings as errors (verify's Prepare); the others are built here.
		if !slices.Contains(prooftest.ProvedSuites, s.Name) {
			t.Run(s.Name+"/oracle", func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				writeGenerated(t, dir, s, backend.BindOracle)
				dotnetBuild(t, filepath.Join(dir, dotnet.OracleProjectFile))
			})
		}
		for _, version := range coreVersionsFor(s.Name) {
			if builtByMissingFeatureTests[s.Name+"/sdk-core-"+version] {
				continue
			}
			t.Run(s.Name+"/sdk-core-"+version, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				copyTree(t, filepath.Join("testdata", "standin"), dir)
				writeGenerated(t, dir, s, backend.BindSDK)
				project := filepath.Join(dir, dotnet.SDKTestDir, "BabelQueue.Core.Tests.csproj")
				dotnetBuild(t, project, "-p:StandInCoreVersion="+version)
			})
		}
		for _, target := range standInTransportTargets {
			transport, err := s.Suite.Select([]string{target.block})
			if err != nil {
				t.Fatal(err)
			}
			if len(transport.Blocks()) == 0 {
				continue
			}
			t.Run(s.Name+"/transport-"+target.block, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				copyTree(t, filepath.Join("testdata", "standin"), dir)
				writeGenerated(t, dir, dotnet.NamedSuite{Name: s.Name, Suite: transport}, backend.BindSDK)
				dotnetBuild(t, filepath.Join(dir, filepath.FromSlash(target.testProject)),
					"-p:StandInCoreVersion="+target.coreVersion)
			})
		}
	}
	for block, pkg := range standInTransports {
		if builtByMissingFeatureTests[block+"/"+pkg] {
			continue
		}
		t.Run(block+"/"+pkg, func(t *testing.T) {
			t.Parallel()
			dotnetBuild(t, writeTransportStandIn(t, block, pkg))
		})
	}
}

// writeTransportStandIn lays out the stand-in tree with the canonical
// suite's block generated as a transport target into pkg's test project,
// and returns that project.
func writeTransportStandIn(t *testing.T, block, pkg string) string {
	t.Helper()
	s, err := suitetest.Canonical(t).Select([]string{block})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTree(t, filepath.Join("testdata", "standin"), dir)
	writeGenerated(t, dir, dotnet.NamedSuite{Name: block, Suite: s}, backend.BindSDK)
	return filepath.Join(dir, "tests", pkg+".Tests", pkg+".Tests.csproj")
}

func writeGenerated(t *testing.T, dir string, s dotnet.NamedSuite, binding backend.Binding) {
	t.Helper()
	files, err := dotnet.New().Generate(s.Suite, backend.Options{Binding: binding})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f.Path)), f.Content)
	}
}

// dotnetBuild restores and builds project with warnings as errors, failing t
// with the compiler's errors.
func dotnetBuild(t *testing.T, project string, properties ...string) {
	t.Helper()
	args := append([]string{"build", project, "--nologo", "-p:TreatWarningsAsErrors=true"}, properties...)
	cmd := exec.CommandContext(context.Background(), "dotnet", args...)
	cmd.Env = append(os.Environ(), "DOTNET_CLI_UI_LANGUAGE=en", "DOTNET_NOLOGO=1",
		"DOTNET_CLI_TELEMETRY_OPTOUT=1", "MSBUILDTERMINALLOGGER=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("dotnet %s: %v\n%s", strings.Join(args, " "), err, diagnostics(string(out)))
	}
}

// diagnostics keeps the error and warning lines of a build log, once each.
func diagnostics(log string) string {
	seen := map[string]bool{}
	var keep []string
	for _, line := range strings.Split(log, "\n") {
		if (strings.Contains(line, ": error ") || strings.Contains(line, ": warning ")) && !seen[line] {
			seen[line] = true
			keep = append(keep, line)
		}
	}
	if len(keep) == 0 {
		return log
	}
	return strings.Join(keep, "\n")
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		content, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		writeFile(t, filepath.Join(to, rel), content)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path string, content []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, 0o644); err != nil {
		t.Fatal(err)
	}
}
