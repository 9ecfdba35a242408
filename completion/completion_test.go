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
		{Name: "verify", Flags: []Flag{{Name: "lang", TakesValue: true, Values: []string{"go", "python", "all"}}, {Name: "package", TakesValue: true},
			{Name: "blocks", TakesValue: true, List: true, Values: []string{"cases", "idempotency", "sqs"}}}},
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
		// A list: the values after the last comma, what was typed kept, none twice.
		"tool verify --blocks s":              "sqs",
		"tool verify --blocks cases,id":       "cases,idempotency",
		"tool verify --blocks cases,":         "cases,idempotency cases,sqs",
		"tool verify --blocks cases,sqs,":     "cases,sqs,idempotency",
		"tool verify --blocks cases,sqs,idem": "cases,sqs,idempotency",
		"tool verify --blocks cases,x":        "",
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

// The -short tier starts no shell, so there each script is read: a list
// flag's values go to the script's list completion.
func TestScriptsHandListsToTheirListCompletion(t *testing.T) {
	bash := `'verify/--blocks') _tool_list 'cases idempotency sqs' "$cur"; return ;;`
	for shell, want := range map[string]string{
		"bash":       bash,
		"zsh":        bash,
		"fish":       `-l blocks -x -a '(__tool_list cases idempotency sqs)'`,
		"powershell": `$lists = @('verify|--blocks')`,
	} {
		if s := script(t, shell); !strings.Contains(s, want) {
			t.Errorf("%s: the script lacks %s:\n%s", shell, want, s)
		}
	}
}

// zsh runs bash's function through bashcompinit, whose compgen -W offers
// every value and leaves matching the word to compadd: the test matches.
func TestZshCompletesAList(t *testing.T) {
	need(t, "zsh")
	file := filepath.Join(t.TempDir(), "tool.zsh")
	os.WriteFile(file, []byte(script(t, "zsh")), 0o644)
	// What _bash_complete sets before it calls compgen -F.
	prog := `autoload -U compinit && compinit -u -D
source $1
words=( ${(z)2} ) CURRENT=$(( ${#${(z)2}} ))
COMP_WORDS=( "${words[@]}" ) COMP_CWORD=$(( CURRENT - 1 ))
compgen -F _tool -- "${words[CURRENT]}"`
	for line, want := range map[string]string{
		"tool verify --blocks cases,id":   "cases,idempotency",
		"tool verify --blocks cases,sqs,": "cases,sqs,idempotency",
		"tool verify --lang a":            "all",
	} {
		cmd := exec.Command("zsh", "-f", "-c", prog, "zsh", file, line)
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		var got []string
		for _, w := range strings.Fields(string(out)) {
			if strings.HasPrefix(w, line[strings.LastIndexByte(line, ' ')+1:]) {
				got = append(got, w)
			}
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("%q: offers %q (%v), want %q\n%s", line, got, err, want, out)
		}
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
		// fish puts back the --flag= itself.
		"tool verify --blocks cases,":     "cases,idempotency cases,sqs",
		"tool verify --blocks=cases,id":   "--blocks=cases,idempotency",
		"tool verify --blocks cases,sqs,": "cases,sqs,idempotency",
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
		// To PowerShell cases,id is an array: it replaces only what follows
		// the last comma, so the values come bare.
		"tool verify --blocks cases,id":   "idempotency",
		"tool verify --blocks cases,":     "idempotency sqs",
		"tool verify --blocks cases,sqs,": "idempotency",
		"tool verify --blocks ":           "cases idempotency sqs",
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
