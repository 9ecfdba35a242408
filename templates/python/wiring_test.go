package python

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// wiringOf checks the wiring of the canonical suite's output (core, or the
// sqs transport target's) against the given SDK files.
func wiringOf(t *testing.T, transport bool, files map[string]string) []backend.WiringProblem {
	t.Helper()
	s := canonicalSuite(t)
	if transport {
		var err error
		if s, err = s.Select([]string{model.BlockSQS}); err != nil {
			t.Fatal(err)
		}
	}
	in := map[string][]byte{}
	for name, content := range files {
		in[name] = []byte(content)
	}
	b := New().(Backend)
	for name := range in {
		found := false
		for _, w := range b.WiringFiles() {
			found = found || w == name
		}
		if !found {
			t.Fatalf("%s is not among WiringFiles", name)
		}
	}
	return b.CheckWiring(in, generate(t, s, backend.BindSDK))
}

func TestWiringProblems(t *testing.T) {
	for _, tc := range []struct {
		name      string
		transport bool
		files     map[string]string
		file, fix string // the one problem expected
	}{
		{"pyproject testpaths", false, map[string]string{"pyproject.toml": "[project]\nname = \"x\"\n\n[tool.pytest.ini_options]\ntestpaths = [\n  \"src\",  # the doctests\n]\n"},
			"pyproject.toml", `add testpaths = ["src", "tests"]`},
		{"pytest.ini python_files", false, map[string]string{"pytest.ini": "[pytest]\npython_files = check_*.py\n    *_check.py\n"},
			"pytest.ini", "add python_files = check_*.py *_check.py test_conformance_*.py"},
		{"setup.cfg ignore", false, map[string]string{"setup.cfg": "[metadata]\nname = x\n[tool:pytest]\naddopts = -q --ignore=tests/test_conformance_cases.py\n"},
			"setup.cfg", "remove --ignore=tests/test_conformance_cases.py from addopts"},
		{"tox.ini norecursedirs", false, map[string]string{"tox.ini": "[tox]\nenvlist = py311\n[pytest]\nnorecursedirs = .* build tes*\n"},
			"tox.ini", "remove the pattern matching tests from norecursedirs"},
		{"pytest 9 native table, no unittest plugin", false, map[string]string{"pyproject.toml": "[tool.pytest]\naddopts = [\"-p\", \"no:unittest\"]\n"},
			"pyproject.toml", "remove -p no:unittest from addopts"},
		{"unittest pattern in CI", false, map[string]string{".github/workflows/ci.yml": "    - run: python -m unittest discover -s tests -p '*_test.py'\n"},
			".github/workflows/ci.yml", `run the generated modules too: python -m unittest discover -s tests -p "test_conformance_*.py"`},
		{"unittest start dir in Makefile", false, map[string]string{"Makefile": "test:\n\tpython3 -m unittest discover unit\n"},
			"Makefile", `run the generated modules too: python -m unittest discover -s tests -p "test_conformance_*.py"`},
		{"transport target: python_files two levels up", true, map[string]string{"../../pyproject.toml": "[tool.pytest.ini_options]\npython_files = \"check_*.py\"\n"},
			"../../pyproject.toml", `add python_files = ["check_*.py", "test_conformance_*.py"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			problems := wiringOf(t, tc.transport, tc.files)
			if len(problems) != 1 {
				t.Fatalf("%d problems, want 1: %+v", len(problems), problems)
			}
			if p := problems[0]; p.File != tc.file || p.Fix != tc.fix || p.Problem == "" {
				t.Errorf("got %+v, want file %s, fix %q", p, tc.file, tc.fix)
			}
		})
	}
}

func TestWiringCorrectSetups(t *testing.T) {
	for _, tc := range []struct {
		name      string
		transport bool
		files     map[string]string
	}{
		{"no configuration at all", false, nil},
		{"the real SDK: pyproject without pytest settings, CI runs pytest", false, map[string]string{
			"pyproject.toml":           "[project]\nname = \"babelqueue\"\n[tool.ruff]\nline-length = 100\n",
			".github/workflows/ci.yml": "      - run: pytest\n",
		}},
		{"settings that include the generated modules", false, map[string]string{
			"pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\npython_files = [\"test_*.py\"]\naddopts = \"-ra --ignore=build\"\nnorecursedirs = [\".*\", \"build\"]\n",
			"tox.ini":        "[testenv]\ncommands = python -m unittest discover -s tests\n",
		}},
		{"a nearer configuration wins over the root's", false, map[string]string{
			"pytest.ini":        "[pytest]\n",
			"../pyproject.toml": "[tool.pytest.ini_options]\npython_files = [\"check_*.py\"]\n",
		}},
		{"transport target: paths above out are not judged", true, map[string]string{
			"../../pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = [\"unit\"]\n",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if problems := wiringOf(t, tc.transport, tc.files); len(problems) != 0 {
				t.Errorf("problems in a correct setup: %+v", problems)
			}
		})
	}
}

func TestWiringFilesReachTheRoot(t *testing.T) {
	files := New().(Backend).WiringFiles()
	for _, want := range []string{"pyproject.toml", "setup.cfg", "../../pyproject.toml", "../../../tox.ini", ".github/workflows/ci.yml"} {
		if !strings.Contains(strings.Join(files, "\n")+"\n", want+"\n") {
			t.Errorf("WiringFiles lacks %s", want)
		}
	}
}
