package python

// What the external tests (package python_test, which may import verify,
// and so the toolchain that reads this package's layout) use of the package.
var (
	AdversarialSuite      = adversarialSuite
	HostileGateSuite      = hostileGateSuite
	HostileMessagingSuite = hostileMessagingSuite
)
