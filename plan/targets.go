package plan

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/baseline"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
)

// Target is one generate or check job: a language into an output directory.
type Target struct {
	Lang, Out string
	// Shown is Out as the user wrote it (--out, or the file's out:), which
	// messages name: the real path Out holds can be long and surprising.
	Shown  string
	Blocks []string
	Adopt  bool
	Opt    backend.Options
	// ConfigIndex is the target's place in the run's config (-1: from
	// flags), for messages that name its line.
	ConfigIndex int
	// Repository and Commit are bqgen.yaml's, for the report's links.
	Repository, Commit string
	// Baseline is the target's baseline as read (its known failures are in
	// Opt.Exemptions), for bqgen baseline to ratchet.
	Baseline baseline.File
}

// Run is what a generate or check run does: the suite, and its targets,
// from the flags or from bqgen.yaml.
type Run struct {
	SuiteDir string
	Strict   bool
	Targets  []Target
	// FixIt is the command a user runs, from where they are, to regenerate.
	FixIt string
	// Config is the bqgen.yaml the targets come from, or nil (flags).
	Config *config.Config
	// DryRun is a check or diff of a config's targets against another
	// suite (--suite): each target keeps its blocks and exemptions, and
	// exemptions the other suite no longer matches are warnings.
	DryRun bool
}

// Flags are the command line's flags, by name, as a *cli.Context has them:
// the flags of generate, check, diff and report name the run's targets.
type Flags interface {
	String(name string) string
	Bool(name string) bool
	IsSet(name string) bool
}

// Request is a run as the command line asks for it.
type Request struct {
	Command  string           // the command's name: generate, check, diff or report
	Flags    Flags            // its flags
	Backends backend.Registry // every language bqgen generates
	Stderr   io.Writer        // where warnings go
}

// makeRun reads the run from --lang/--out (one target) or, without them,
// from the bqgen.yaml found upward from the working directory (or --config).
func makeRun(r Request) (*Run, error) {
	if r.Flags.IsSet("lang") || r.Flags.IsSet("out") {
		return fromFlags(r)
	}
	return fromConfig(r)
}

func fromFlags(r Request) (*Run, error) {
	lang, out := r.Flags.String("lang"), r.Flags.String("out")
	if lang == "" || out == "" {
		return nil, exitcode.Usagef("--lang and --out go together (or neither, to run the targets of %s)", config.FileName)
	}
	if r.Flags.IsSet("config") && r.Flags.String("config") != noConfig {
		return nil, exitcode.Usagef("--config and --lang/--out exclude each other: the config file lists the targets (--config %s: use these flags even where a %s owns the out dir)", noConfig, config.FileName)
	}
	if err := refuseOwnedOut(r, lang, out); err != nil {
		return nil, err
	}
	vendor, err := vendorFlag(r.Flags)
	if err != nil {
		return nil, err
	}
	blocks := SplitList(r.Flags.String("blocks"))
	p := &Run{SuiteDir: r.Flags.String("suite"), Strict: r.Flags.Bool("strict")}
	cmd := generateCommand{lang: lang, out: out, suite: p.SuiteDir, pkg: r.Flags.String("package"), vendor: vendor, blocks: blocks, strict: p.Strict}
	p.FixIt = cmd.String()
	cmd.out, cmd.suite = ".", relativeTo(out, p.SuiteDir)
	p.Targets = []Target{{Lang: lang, Out: out, Shown: out, Blocks: blocks, Adopt: r.Flags.Bool("adopt"), ConfigIndex: -1, Opt: backend.Options{
		Binding: backend.BindSDK, Package: r.Flags.String("package"), VendorDir: vendor,
		Regenerate: cmd.String(),
	}}}
	return p, nil
}

// vendorFlag is --vendor as a clean slash path, "" when not given; a
// command without the flag reads as not given.
func vendorFlag(f Flags) (string, error) {
	if !f.IsSet("vendor") {
		return "", nil
	}
	v := f.String("vendor")
	if why := config.VendorProblem(v); why != "" {
		return "", exitcode.Usagef("--vendor %s %s", quote.Name(v), why)
	}
	return path.Clean(v), nil
}

func fromConfig(r Request) (*Run, error) {
	dryRun := r.Flags.IsSet("suite") && r.previews()
	for _, flag := range []string{"package", "vendor", "blocks", "suite"} {
		if r.Flags.IsSet(flag) && !(flag == "suite" && dryRun) {
			return nil, exitcode.Usagef("--%s applies with --lang and --out; with %s, set it in the file (check and diff take --suite DIR to preview another suite)", flag, config.FileName)
		}
	}
	file := r.Flags.String("config")
	if file == noConfig {
		return nil, exitcode.Usagef("--config %s goes with --lang and --out: without them there are no targets", noConfig)
	}
	if file == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if file, err = config.Find(wd); err != nil {
			return nil, err
		}
		if file == "" {
			return nil, exitcode.Usagef("no --lang and --out, and no %s in %s or above it: give both flags, or write one with bqgen init --lang LANG", config.FileName, wd)
		}
	}
	cfg, err := config.Load(file, config.ParseTrust(os.Getenv(config.TrustEnv)), r.Backends.Langs(), model.KnownBlocks)
	if err != nil {
		return nil, exitcode.Problemsf("%v", err)
	}
	p := &Run{SuiteDir: cfg.SuiteDir(), Strict: cfg.Strict || r.Flags.Bool("strict"), FixIt: "bqgen generate", Config: cfg}
	if r.Flags.IsSet("config") {
		p.FixIt += " --config " + file
	}
	if dryRun {
		p.SuiteDir, p.DryRun = r.Flags.String("suite"), true
		p.FixIt += " after setting suite: " + shellWord(p.SuiteDir) + " in " + file
	}
	p.Targets = ConfigTargets(cfg, r.Flags.Bool("adopt"))
	return p, nil
}

// ConfigTargets are the targets a loaded bqgen.yaml lists, with the options
// each one's backend gets (the golden trees of transport targets are made
// through here too, so they are what a user's file generates).
func ConfigTargets(cfg *config.Config, adopt bool) []Target {
	var out []Target
	for i, t := range cfg.Targets {
		out = append(out, Target{Lang: t.Lang, Out: cfg.OutDir(t), Shown: t.Out, Blocks: t.Blocks, Adopt: t.Adopt || adopt, ConfigIndex: i,
			Repository: t.Repository, Commit: t.Commit,
			Opt: backend.Options{Binding: backend.BindSDK, Package: t.Package, VendorDir: t.VendorDir(), Exemptions: exemptions(t),
				Regenerate: "bqgen generate (" + config.FileName + ")"}})
	}
	return out
}

func exemptions(t config.Target) []backend.Exemption {
	var out []backend.Exemption
	for _, e := range t.Exemptions {
		out = append(out, backend.Exemption{Pattern: e.Case, Action: e.Action, Reason: e.Reason})
	}
	return out
}

// generateCommand is a generate command with these flags.
type generateCommand struct {
	lang, out, suite, pkg, vendor string
	blocks                        []string
	strict                        bool
}

// String spells the command.
func (c generateCommand) String() string {
	args := []string{"bqgen generate", "--lang", c.lang, "--out", shellWord(c.out)}
	for _, f := range [][2]string{{"--suite", c.suite}, {"--package", c.pkg}, {"--vendor", c.vendor}} {
		if f[1] != "" {
			args = append(args, f[0], shellWord(f[1]))
		}
	}
	if len(c.blocks) > 0 {
		args = append(args, "--blocks", strings.Join(c.blocks, ","))
	}
	if c.strict {
		args = append(args, "--strict")
	}
	return strings.Join(args, " ")
}

// relativeTo spells path (as given, relative to the working directory)
// relative to dir, so a header's command works from the checkout root.
func relativeTo(dir, path string) string {
	if path == "" {
		return ""
	}
	absDir, err1 := filepath.Abs(dir)
	absPath, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return path
	}
	rel, err := filepath.Rel(absDir, absPath)
	if err != nil {
		return path
	}
	return filepath.ToSlash(rel)
}

// shellWord quotes s for a POSIX shell when it needs quoting.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=@+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// SplitList is a comma-separated flag's items, blanks dropped.
func SplitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// CheckOutDir refuses an output directory that is not there: a mistyped
// --out must not become a new tree.
func CheckOutDir(out string) error {
	info, err := os.Stat(out)
	switch {
	case err != nil && os.IsNotExist(err):
		return exitcode.Usagef("out dir %s does not exist: create it, or check the path", quote.Name(out))
	case err != nil:
		return exitcode.Usagef("out dir %s: %s", quote.Name(out), safefile.PlainReason(err))
	case !info.IsDir():
		return exitcode.Usagef("out dir %s is a file, not a directory", quote.Name(out))
	}
	return nil
}

// Describe names a target in messages: "python into ../sdk".
func (t Target) Describe() string {
	return fmt.Sprintf("%s into %s", t.Lang, quote.Name(t.ShownDir()))
}

// ShownDir is the out dir as messages name it: as the user wrote it.
func (t Target) ShownDir() string {
	if t.Shown == "" {
		return t.Out
	}
	return t.Shown
}
