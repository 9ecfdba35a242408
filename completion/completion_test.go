package completion

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// tool is a small tree shaped like bqgen's: a root with flags, commands with
// value flags, and a command with a subcommand.
var tool = Command{
	Flags: []Flag{{Name: "lang", TakesValue: true, Values: []string{"go", "python"}}, {Name: "out", TakesValue: true, Files: true}},
	Subcommands: []Command{
		{Name: "check", Usage: "it's a check", Flags: []Flag{{Name: "lang", TakesValue: true, Values: []string{"go", "python"}}, {Name: "strict"}}},
		{Name: "verify", Flags: []Flag{{Name: "lang", TakesValue: true, Values: []string{"go", "python", "all"}}, {Name: "package", TakesValue: true}}},
		{Name: "oracle", Subcommands: []Command{{Name: "serve", Flags: []Flag{{Name: "fault", TakesValue: true}}}}},
	},
}

func script(t *testing.T, shell string) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, shell, "tool", tool); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func need(t *testing.T, cmd string) {
	t.Helper()
	tier.Toolchain(t, cmd)
	if _, err := exec.LookPath(cmd); err != nil {
		t.Skipf("%s is not installed", cmd)
	}
}

// bashComplete runs the bash script's function on line (the cursor at its
// end) in a real bash and returns what it offers.
func bashComplete(t *testing.T, file, line string) []string {
	t.Helper()
	words := strings.Fields(line)
	if strings.HasSuffix(line, " ") {
		words = append(words, "")
	}
	var quoted []string
	for _, w := range words {
		quoted = append(quoted, "'"+w+"'")
	}
	prog := `source "$1"; COMP_WORDS=(` + strings.Join(quoted, " ") + `); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tool; printf '%s\n' "${COMPREPLY[@]}"`
	out, err := exec.Command("bash", "--norc", "--noprofile", "-c", prog, "bash", file).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	return strings.Fields(string(out))
}

func TestBashCompletesCommandsFlagsAndValues(t *testing.T) {
	need(t, "bash")
	file := filepath.Join(t.TempDir(), "tool.bash")
	os.WriteFile(file, []byte(script(t, "bash")), 0o644)
	for line, want := range map[string]string{
		"tool ":                       "check verify oracle --lang --out",
		"tool ch":                     "check",
		"tool check --":               "--lang --strict",
		"tool --lang ":                "go python",
		"tool verify --lang ":         "go python all",
		"tool verify --lang a":        "all",
		"tool --lang go check --l":    "--lang", // "go" is --lang's value, not a command
		"tool oracle ":                "serve",
		"tool oracle serve --":        "--fault",
		"tool verify --package ":      "", // a name only the user knows
		"tool check --strict --lang ": "go python",
	} {
		if got := strings.Join(bashComplete(t, file, line), " "); got != want {
			t.Errorf("%q: offers %q, want %q", line, got, want)
		}
	}
}

func TestZshAndFishScriptsParse(t *testing.T) {
	for _, c := range []struct{ shell, check string }{{"zsh", "-n"}, {"fish", "--no-execute"}} {
		t.Run(c.shell, func(t *testing.T) {
			need(t, c.shell)
			file := filepath.Join(t.TempDir(), "tool."+c.shell)
			os.WriteFile(file, []byte(script(t, c.shell)), 0o644)
			if out, err := exec.Command(c.shell, c.check, file).CombinedOutput(); err != nil {
				t.Errorf("%s %s: %v\n%s", c.shell, c.check, err, out)
			}
		})
	}
}

func TestFishCompletesCommandsAndValues(t *testing.T) {
	need(t, "fish")
	file := filepath.Join(t.TempDir(), "tool.fish")
	os.WriteFile(file, []byte(script(t, "fish")), 0o644)
	for line, want := range map[string]string{
		"tool ch":             "check",
		"tool verify --lang ": "all go python",
		"tool oracle ":        "serve",
	} {
		out, err := exec.Command("fish", "--no-config", "-c", "source $argv[1]; complete -C $argv[2] | string replace -r '\\t.*' '' | sort", file, line).CombinedOutput()
		if got := strings.Join(strings.Fields(string(out)), " "); err != nil || got != want {
			t.Errorf("%q: offers %q (%v), want %q", line, got, err, want)
		}
	}
}

func TestPowerShellCompletesCommandsAndValues(t *testing.T) {
	pwsh := powerShell(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "tool.ps1")
	os.WriteFile(file, []byte(script(t, "powershell")), 0o644)
	runner := filepath.Join(dir, "complete.ps1")
	os.WriteFile(runner, []byte(`param($file, $line)
. $file
(TabExpansion2 -inputScript $line -cursorColumn $line.Length).CompletionMatches | ForEach-Object { $_.CompletionText }
`), 0o644)
	for line, want := range map[string]string{
		"tool ch":             "check",
		"tool verify --lang ": "go python all",
		"tool oracle ":        "serve",
	} {
		out, err := exec.Command(pwsh, "-NoProfile", "-NonInteractive", "-File", runner, file, line).CombinedOutput()
		if got := strings.Join(strings.Fields(string(out)), " "); err != nil || got != want {
			t.Errorf("%q: offers %q (%v), want %q", line, got, err, want)
		}
	}
}

// powerShell finds pwsh on PATH or as a .NET global tool.
func powerShell(t *testing.T) string {
	t.Helper()
	tier.Toolchain(t, "pwsh")
	if p, err := exec.LookPath("pwsh"); err == nil {
		return p
	}
	if home, err := os.UserHomeDir(); err == nil {
		if p := filepath.Join(home, ".dotnet", "tools", "pwsh"); fileExists(p) {
			return p
		}
	}
	t.Skip("pwsh is not installed (dotnet tool install --global PowerShell)")
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// A name that is not a plain word cannot reach a script: no shell's quoting
// is shared, so it is refused rather than quoted.
func TestNonPlainWordsAreRefused(t *testing.T) {
	for _, bad := range []Command{
		{Subcommands: []Command{{Name: "x;rm -rf /"}}},
		{Flags: []Flag{{Name: "lang", TakesValue: true, Values: []string{"$(touch pwned)"}}}},
		{Flags: []Flag{{Name: "it's"}}},
	} {
		for _, shell := range Shells {
			if err := Write(&bytes.Buffer{}, shell, "tool", bad); err == nil {
				t.Errorf("%s: %+v was written", shell, bad)
			}
		}
	}
	if err := Write(&bytes.Buffer{}, "tcsh", "tool", tool); err == nil || !strings.Contains(err.Error(), "bash, zsh, fish, powershell") {
		t.Errorf("an unknown shell: %v", err)
	}
}
