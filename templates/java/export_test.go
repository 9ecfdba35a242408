package java

// What the external tests (package java_test, which may import verify, and
// so the toolchain that reads this package's layout) use of the package.
var (
	AdversarialSuite = adversarialSuite
	Generate         = generate
	WriteFiles       = writeFiles
	RunJava          = runJava
	ClassName        = className
)

// ProbePackage is the package the probes are generated into.
const ProbePackage = probePackage
