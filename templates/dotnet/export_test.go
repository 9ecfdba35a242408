package dotnet

import (
	"testing"

	"github.com/babelqueue/bqgen/model"
)

// NamedSuite is one of the suites the output tests run over.
type NamedSuite struct {
	Name  string
	Suite *model.Suite
}

// SuitesForTests is loadSuites (canonical, upstream, adversarial names and
// values, upstream-next) for the external tests that start the toolchain.
func SuitesForTests(t *testing.T) []NamedSuite {
	var out []NamedSuite
	for _, s := range loadSuites(t) {
		out = append(out, NamedSuite{s.name, s.suite})
	}
	return out
}
