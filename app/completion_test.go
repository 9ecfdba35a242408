package app

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/completion"
	"github.com/babelqueue/bqgen/completion/urfave"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// `bqgen completion bash`, sourced in an interactive bash on a
// pseudo-terminal (util-linux's script), completes commands, flags and
// --lang's values as a user pressing Tab sees them.
func TestCompletionInAnInteractiveBash(t *testing.T) {
	tier.Toolchain(t, "bash")
	for _, tool := range []string{"bash", "script"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	code, script, stderr := run(t, "completion", "bash")
	if code != 0 {
		t.Fatalf("completion bash: exit %d\n%s", code, stderr)
	}
	file := filepath.Join(t.TempDir(), "bqgen.bash")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	// Each step is typed after the shell had time to draw the last.
	steps := []string{"source " + file + "\n", "bqgen verif\t", " --la\t", "\t\t", "\x03", "bqgen che\t", "--bl\t", "kaf\t", "\x03", "exit\n"}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("script", "-qfec", "bash --norc --noprofile -i", "/dev/null")
	cmd.Env = []string{"TERM=dumb", "PS1=$ ", "PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	cmd.Stdin = r
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	for _, s := range steps {
		time.Sleep(300 * time.Millisecond)
		w.Write([]byte(s))
	}
	w.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("bash did not exit\n%s", out.String())
	}
	screen := strings.ReplaceAll(out.String(), "\r", "")
	for _, want := range []string{
		"bqgen verify --lang ", // the command, then the flag, completed
		"all     dotnet  go      java    node    php     python", // --lang's values listed
		"bqgen check --blocks kafka",                             // a flag and a block completed
	} {
		if !strings.Contains(strings.Join(strings.Fields(screen), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the terminal does not show %q:\n%s", want, screen)
		}
	}
}

// `bqgen help COMMAND` prints what `bqgen COMMAND --help` prints; a
// mistyped command gets a suggestion.
func TestHelpCommand(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"check"}, {"report"}, {"oracle", "serve"}} {
		code, viaHelp, _ := run(t, append([]string{"help"}, args...)...)
		_, viaFlag, _ := run(t, append(args, "--help")...)
		if code != 0 || viaHelp != viaFlag || viaHelp == "" {
			t.Errorf("help %v: exit %d\n%s\nwant what --help prints:\n%s", args, code, viaHelp, viaFlag)
		}
	}
	code, root, _ := run(t, "help")
	if code != 0 || !strings.Contains(root, "COMMANDS") {
		t.Errorf("help: exit %d\n%s", code, root)
	}
	// The root's own flags print the same help and succeed: --help is the
	// first thing anyone types.
	for _, flag := range []string{"--help", "-h"} {
		if code, out, stderr := run(t, flag); code != 0 || out != root || stderr != "" {
			t.Errorf("bqgen %s: exit %d, stderr %q\n%s\nwant what bqgen help prints", flag, code, stderr, out)
		}
	}
	if code, _, stderr := run(t, "help", "chek"); code != 2 || !strings.Contains(stderr, `(did you mean "check"?)`) {
		t.Errorf("help chek: exit %d, %s", code, stderr)
	}
}

// Every --format flag has its values listed for completion.
func TestEveryFormatFlagCompletesItsValues(t *testing.T) {
	t.Parallel()
	tree := urfave.Tree(newApp(nil, nil, nil), flagValues)
	var walk func(path string, c completion.Command)
	walk = func(path string, c completion.Command) {
		for _, f := range c.Flags {
			if f.Name == "format" && len(f.Values) == 0 {
				t.Errorf("%q: --format offers no values: add them to formatChoices", path)
			}
		}
		for _, s := range c.Subcommands {
			walk(strings.TrimSpace(path+" "+s.Name), s)
		}
	}
	walk("", tree)
}

// report's --fail-on completes to the statuses the gate knows.
func TestFailOnCompletesTheGateStatuses(t *testing.T) {
	t.Parallel()
	got := flagValues("report", "fail-on")
	for _, want := range []string{"fail", "not-run", "not-provided", "known-failure"} {
		if !slices.Contains(got, want) {
			t.Errorf("--fail-on completes to %v, lacking %s", got, want)
		}
	}
}

// Every flag that takes a comma-separated list is marked urfave.List, so
// completion offers its values after a comma too; no other flag is.
func TestListFlagsAreMarked(t *testing.T) {
	t.Parallel()
	var walk func(path string, c completion.Command)
	walk = func(path string, c completion.Command) {
		for _, f := range c.Flags {
			if says := strings.Contains(f.Usage, "comma-separated"); says != f.List {
				t.Errorf("%q --%s: says comma-separated %v, marked a list %v", path, f.Name, says, f.List)
			}
			if f.List && len(f.Values) == 0 {
				t.Errorf("%q --%s: a list with no values to offer", path, f.Name)
			}
		}
		for _, s := range c.Subcommands {
			walk(strings.TrimSpace(path+" "+s.Name), s)
		}
	}
	walk("", urfave.Tree(newApp(nil, nil, nil), flagValues))
}

// `bqgen completion bash` completes each list flag after a comma: the
// values not yet in the list, what was typed kept in front.
func TestCompletionBashAfterAComma(t *testing.T) {
	tier.Toolchain(t, "bash")
	code, script, stderr := run(t, "completion", "bash")
	if code != 0 {
		t.Fatalf("completion bash: exit %d\n%s", code, stderr)
	}
	file := filepath.Join(t.TempDir(), "bqgen.bash")
	if err := os.WriteFile(file, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		line      string
		want, not []string
	}{
		{"bqgen generate --blocks cases,id", []string{"cases,idempotency"}, []string{"cases,cases"}},
		{"bqgen generate --blocks cases,", []string{"cases,idempotency", "cases,sqs"}, []string{"cases,cases"}},
		{"bqgen report --fail-on fail,not-", []string{"fail,not-run", "fail,not-provided"}, nil},
		{"bqgen scaffold --ops settle,kafka_", []string{"settle,kafka_reconcile"}, nil},
	} {
		// The words as bash splits the line, the cursor on the last.
		prog := `source "$1"; read -ra COMP_WORDS <<<"$2"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _bqgen; printf '%s\n' "${COMPREPLY[@]}"`
		out, err := exec.Command("bash", "--norc", "--noprofile", "-c", prog, "bash", file, c.line).CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		got := strings.Fields(string(out))
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: offers %v, lacking %s", c.line, got, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("%q: offers %s again: %v", c.line, w, got)
			}
		}
	}
}
