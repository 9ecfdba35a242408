package node

import "strings"

// Where the output goes, relative to the package root (the core's repository
// root, or packages/<p>/ in the adapters' monorepo): next to the SDK's own
// test/*.test.ts, with the suite vendored in test/conformance/ as the SDKs
// already keep it.
const (
	testDir     = "test"
	suiteDir    = testDir + "/conformance"
	supportFile = testDir + "/conformance-support.gen.ts"
	subjectFile = testDir + "/conformance-subject.gen.ts"
	// bindingFile says how tests obtain their subject: the scaffold with
	// BindSDK, the oracle subject with BindOracle. Tests import it by this
	// one name either way, so they are the same bytes under both bindings.
	bindingFile = testDir + "/conformance-binding.ts"

	packageFile  = "package.json"
	lockFile     = "package-lock.json"
	tsconfigFile = "tsconfig.json"
)

// testFileName is the generated test file of a block. The .gen infix marks it
// as generated; the .test.ts suffix is what the SDKs' test globs pick up.
func testFileName(block string) string {
	return testDir + "/conformance-" + strings.ReplaceAll(block, "_", "-") + ".gen.test.ts"
}

// moduleSpecifier is how a test file imports a sibling: ESM with a .js
// specifier, which tsx and tsc map to the .ts source.
func moduleSpecifier(path string) string {
	return "./" + strings.TrimSuffix(strings.TrimPrefix(path, testDir+"/"), ".ts") + ".js"
}

// defaultCoreModule is where the scaffold imports @babelqueue/core from: the
// core's own source, as the core's tests do. Options.Package overrides it,
// e.g. with "@babelqueue/core" for an adapter package.
const defaultCoreModule = "../src/index.js"
