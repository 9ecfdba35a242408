package python

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// adversarialPytestConfigs are the pytest configurations at their worst, n
// lines each: a pyproject.toml array that never closes (its every line made
// the reader test the whole value again), ini continuation lines, and
// discovery commands in a Makefile.
func adversarialPytestConfigs(n int) map[string][]byte {
	var toml, ini, mk strings.Builder
	toml.WriteString("[tool.pytest.ini_options]\ntestpaths = [\n")
	ini.WriteString("[pytest]\npython_files =\n")
	for i := range n {
		fmt.Fprintf(&toml, "  \"tests%d\", 'x]%d', # ] %d\n", i, i, i)
		fmt.Fprintf(&ini, "    test_%d_*.py check%d.py\n", i, i)
		fmt.Fprintf(&mk, "test%d:\n\tpython -m unittest discover -s tests%d -p '*%d.py'\n", i, i, i)
	}
	return map[string][]byte{"pyproject.toml": []byte(toml.String()), "setup.cfg": []byte(strings.ReplaceAll(ini.String(), "[pytest]", "[tool:pytest]")),
		"tox.ini": []byte(ini.String()), "Makefile": []byte(mk.String())}
}

func TestComplexityWiring(t *testing.T) {
	complexitytest.Skip(t)
	generated := generate(t, canonicalSuite(t), backend.BindSDK)
	run := func(files map[string][]byte) { New().(Backend).CheckWiring(files, generated) }
	complexitytest.Linear(t, "runner config: pyproject.toml, setup.cfg, tox.ini, Makefile", 64, adversarialPytestConfigs, run)
	complexitytest.Within(t, "runner config: pytest configurations at 1 MiB each", adversarialPytestConfigs(1<<20/40), run)
}
