package gobackend

// What the external tests (package gobackend_test, which may import verify,
// and so the toolchain that reads this package's layout) use of the package.
var (
	AdversarialSuite = adversarialSuite
	CanonicalSuite   = canonicalSuite
	Generate         = generate
	WriteFiles       = writeFiles
)
