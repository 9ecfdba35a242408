package gobackend

import (
	"errors"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/racetest"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
)

// Every option the backend cannot honour is a *backend.OptionError whose
// message does not start with the language: the app prefixes it.
func TestOptionErrors(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	sqsOnly, err := s.Select([]string{model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	twoBrokers, err := s.Select([]string{model.BlockSQS, model.BlockKafka})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		suite *model.Suite
		opt   backend.Options
		want  string
	}{
		{"not an identifier", s, backend.Options{Package: "x y"}, `package "x y" is not a Go identifier`},
		{"blank identifier", s, backend.Options{Package: "_"}, `package "_" is not a Go identifier`},
		{"transport in an external test package", sqsOnly, backend.Options{Package: "sqs_test"}, `package "sqs_test" is an external test package`},
		{"two brokers", twoBrokers, backend.Options{}, "each broker is a Go module of its own"},
		{"unknown action", s, backend.Options{Exemptions: []backend.Exemption{{Pattern: "cases/*", Action: "xfail", Reason: "r"}}}, `action "xfail"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := New().Generate(c.suite, c.opt)
			var optErr *backend.OptionError
			if !errors.As(err, &optErr) {
				t.Fatalf("error %v is not an option error", err)
			}
			if !strings.Contains(optErr.Msg, c.want) {
				t.Errorf("message %q does not say %q", optErr.Msg, c.want)
			}
			if strings.HasPrefix(strings.ToLower(optErr.Msg), "go") {
				t.Errorf("message %q starts with the language, which the app adds", optErr.Msg)
			}
		})
	}
}

// The header's regenerate line prints the command the options name, or the
// default; hostile text cannot end the comment or read as a build
// constraint, and go vet accepts the file.
func TestHeaderSaysHowToRegenerate(t *testing.T) {
	racetest.SkipRepetition(t, "it generates the suite once per header; the backend's concurrent rendering is raced by TestGenerateIsDeterministic")
	t.Parallel()
	s := canonicalSuite(t)
	for _, c := range []struct{ regenerate, want string }{
		{"", "// Regenerate with: bqgen generate --lang go --out .\n"},
		{"bqgen generate (bqgen.yaml)", "// Regenerate with: bqgen generate (bqgen.yaml)\n"},
		{"bqgen generate --suite 'a\nb' --out x+build\r\u2028*/", "// Regenerate with: bqgen generate --suite 'a\\u000Ab' --out x+\\u0062uild\\u000D\\u2028*/\n"},
	} {
		for name, binding := range bindings {
			files := generate(t, s, backend.Options{Binding: binding, Regenerate: c.regenerate})
			for _, f := range files {
				if f.Kind != backend.Generated || f.Path == backend.IndexFileName {
					continue // JSON has no comment to carry the command
				}
				if !strings.Contains(string(f.Content), c.want) {
					t.Errorf("%s %s: no line %q", name, f.Path, c.want)
				}
				if strings.HasSuffix(f.Path, ".go") {
					if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Content, parser.PackageClauseOnly); err != nil {
						t.Errorf("%s %s: %v", name, f.Path, err)
					}
				}
			}
		}
	}
}

func TestCommentText(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"bqgen generate --lang go --out .": "bqgen generate --lang go --out .",
		"a\nb\r\x00c":                      `a\u000Ab\u000D\u0000c`,
		"é ✓ 🎉":                            "é ✓ 🎉",
		"\u2028\u2029\ufeff\U000E0001":     `\u2028\u2029\uFEFF\U000E0001`,
		"+build linux":                     `+\u0062uild linux`,
		"x\xffy":                           `x\uFFFDy`,
	} {
		if got := commentText(in); got != want {
			t.Errorf("commentText(%q) = %q, want %q", in, got, want)
		}
		if strings.ContainsAny(commentText(in), "\n\r") || strings.Contains(commentText(in), "+build") {
			t.Errorf("commentText(%q) = %q can end the comment or read as a constraint", in, commentText(in))
		}
	}
}

// A header with a hostile regenerate command passes go vet's buildtag check.
func TestHostileRegenerateVets(t *testing.T) {
	t.Parallel()
	tier.Toolchain(t, "go vet")
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	s, err := canonicalSuite(t).Select([]string{model.BlockCases})
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, generate(t, s, backend.Options{Binding: backend.BindOracle,
		Regenerate: "bqgen generate --out 'x\n// +build ignore\n//go:build ignore' +build"}))
	cmd := exec.Command("go", "vet", ".")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOTOOLCHAIN=local", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatal(err)
	}
}
