package node

import "strings"

// Where the output goes, relative to the package root (the core's repository
// root, or packages/<p>/ in the adapters' monorepo): next to the SDK's own
// test/*.test.ts, with the suite vendored in test/conformance/ as the SDKs
// already keep it. verify's Node toolchain reads these facts from here.
const (
	// TestDir holds every generated file but the standalone project's.
	TestDir = "test"
	// TestSuffix ends every generated test file's name: the .gen infix marks
	// it as generated, the .test.ts suffix is what the SDKs' test globs pick up.
	TestSuffix = ".gen.test.ts"
	// CompiledTestGlob matches the JavaScript tsc emits beside the generated
	// test files, relative to the project root.
	CompiledTestGlob = TestDir + "/*.gen.test.js"

	// PackageFile, LockFile and TSConfigFile make the oracle-bound output a
	// standalone npm project.
	PackageFile  = "package.json"
	LockFile     = "package-lock.json"
	TSConfigFile = "tsconfig.json"
	// TSCompiler is the TypeScript compiler's script in an installed project.
	TSCompiler = "node_modules/typescript/bin/tsc"

	suiteDir    = TestDir + "/conformance"
	supportFile = TestDir + "/conformance-support.gen.ts"
	subjectFile = TestDir + "/conformance-subject.gen.ts"
	// bindingFile says how tests obtain their subject: the scaffold with
	// BindSDK, the oracle subject with BindOracle. Tests import it by this
	// one name either way, so they are the same bytes under both bindings.
	bindingFile = TestDir + "/conformance-binding.ts"
)

// TestFileName is the generated test file of a block.
func TestFileName(block string) string {
	return TestDir + "/conformance-" + strings.ReplaceAll(block, "_", "-") + TestSuffix
}

// moduleSpecifier is how a test file imports a sibling: ESM with a .js
// specifier, which tsx and tsc map to the .ts source.
func moduleSpecifier(path string) string {
	return "./" + strings.TrimSuffix(strings.TrimPrefix(path, TestDir+"/"), ".ts") + ".js"
}

// defaultCoreModule is where the scaffold imports @babelqueue/core from: the
// core's own source, as the core's tests do. Options.Package overrides it,
// e.g. with "@babelqueue/core" for an adapter package.
const defaultCoreModule = "../src/index.js"

// coreDependency is where an adapter package's scaffold imports the core
// from: its installed dependency, as the adapters' own tests do.
const coreDependency = "@babelqueue/core"

// transportModule is where an adapter package's scaffold imports the
// package itself from: its source, not its dist/ build, so the tests run the
// code under test without a build and reach what the package exports.
const transportModule = "../src/index.js"
