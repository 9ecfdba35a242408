package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/urfave/cli/v2"
)

// target is one generate or check job: a language into an output directory.
type target struct {
	lang, out string
	// shown is out as the user wrote it (--out, or the file's out:), which
	// messages name: the real path out holds can be long and surprising.
	shown  string
	blocks []string
	adopt  bool
	opt    backend.Options
	// configIndex is the target's place in the run's config (-1: from
	// flags), for messages that name its line.
	configIndex int
	// repository and commit are bqgen.yaml's, for the report's links.
	repository, commit string
}

// runPlan is what a generate or check run does: the suite, and its targets,
// from the flags or from bqgen.yaml.
type runPlan struct {
	suiteDir string
	strict   bool
	targets  []target
	// fixIt is the command a user runs, from where they are, to regenerate.
	fixIt string
	// cfg is the bqgen.yaml the targets come from, or nil (flags).
	cfg *config.Config
	// dryRun is a check or diff of a config's targets against another
	// suite (--suite): each target keeps its blocks and exemptions, and
	// exemptions the other suite no longer matches are warnings.
	dryRun bool
}

// planRun reads the run from --lang/--out (one target) or, without them,
// from the bqgen.yaml found upward from the working directory (or --config).
func planRun(c *cli.Context) (*runPlan, error) {
	if c.IsSet("lang") || c.IsSet("out") {
		return planFromFlags(c)
	}
	return planFromConfig(c)
}

func planFromFlags(c *cli.Context) (*runPlan, error) {
	lang, out := c.String("lang"), c.String("out")
	if lang == "" || out == "" {
		return nil, usageErr("--lang and --out go together (or neither, to run the targets of %s)", config.FileName)
	}
	if c.IsSet("config") && c.String("config") != noConfig {
		return nil, usageErr("--config and --lang/--out exclude each other: the config file lists the targets (--config %s: use these flags even where a %s owns the out dir)", noConfig, config.FileName)
	}
	if err := refuseOwnedOut(c, lang, out); err != nil {
		return nil, err
	}
	blocks := splitList(c.String("blocks"))
	p := &runPlan{suiteDir: c.String("suite"), strict: c.Bool("strict")}
	p.fixIt = flagsCommand(lang, out, p.suiteDir, c.String("package"), blocks, p.strict)
	p.targets = []target{{lang: lang, out: out, shown: out, blocks: blocks, adopt: c.Bool("adopt"), configIndex: -1, opt: backend.Options{
		Binding: backend.BindSDK, Package: c.String("package"),
		Regenerate: flagsCommand(lang, ".", relativeTo(out, p.suiteDir), c.String("package"), blocks, p.strict),
	}}}
	return p, nil
}

func planFromConfig(c *cli.Context) (*runPlan, error) {
	dryRun := c.IsSet("suite") && previews(c)
	for _, flag := range []string{"package", "blocks", "suite"} {
		if c.IsSet(flag) && !(flag == "suite" && dryRun) {
			return nil, usageErr("--%s applies with --lang and --out; with %s, set it in the file (check and diff take --suite DIR to preview another suite)", flag, config.FileName)
		}
	}
	file := c.String("config")
	if file == noConfig {
		return nil, usageErr("--config %s goes with --lang and --out: without them there are no targets", noConfig)
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
			return nil, usageErr("no --lang and --out, and no %s in %s or above it: give both flags, or write one with bqgen init --lang LANG", config.FileName, wd)
		}
	}
	cfg, err := config.Load(file, config.ParseTrust(os.Getenv(config.TrustEnv)), Backends().Langs(), model.KnownBlocks)
	if err != nil {
		return nil, problemsErr("%v", err)
	}
	p := &runPlan{suiteDir: cfg.SuiteDir(), strict: cfg.Strict || c.Bool("strict"), fixIt: "bqgen generate", cfg: cfg}
	if c.IsSet("config") {
		p.fixIt += " --config " + file
	}
	if dryRun {
		p.suiteDir, p.dryRun = c.String("suite"), true
		p.fixIt += " after setting suite: " + shellWord(p.suiteDir) + " in " + file
	}
	p.targets = configTargets(cfg, c.Bool("adopt"))
	return p, nil
}

// configTargets are the targets a loaded bqgen.yaml lists, with the options
// each one's backend gets (the golden trees of transport targets are made
// through here too, so they are what a user's file generates).
func configTargets(cfg *config.Config, adopt bool) []target {
	var out []target
	for i, t := range cfg.Targets {
		out = append(out, target{lang: t.Lang, out: cfg.OutDir(t), shown: t.Out, blocks: t.Blocks, adopt: t.Adopt || adopt, configIndex: i,
			repository: t.Repository, commit: t.Commit,
			opt: backend.Options{Binding: backend.BindSDK, Package: t.Package, Exemptions: exemptions(t),
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

// flagsCommand spells the generate command for these flags.
func flagsCommand(lang, out, suite, pkg string, blocks []string, strict bool) string {
	args := []string{"bqgen generate", "--lang", lang, "--out", shellWord(out)}
	if suite != "" {
		args = append(args, "--suite", shellWord(suite))
	}
	if pkg != "" {
		args = append(args, "--package", shellWord(pkg))
	}
	if len(blocks) > 0 {
		args = append(args, "--blocks", strings.Join(blocks, ","))
	}
	if strict {
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

func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// checkOutDir refuses an output directory that is not there: a mistyped
// --out must not become a new tree.
func checkOutDir(out string) error {
	info, err := os.Stat(out)
	switch {
	case err != nil && os.IsNotExist(err):
		return usageErr("out dir %s does not exist: create it, or check the path", quote.Name(out))
	case err != nil:
		return usageErr("out dir %s: %s", quote.Name(out), safefile.PlainReason(err))
	case !info.IsDir():
		return usageErr("out dir %s is a file, not a directory", quote.Name(out))
	}
	return nil
}

// describe names a target in messages: "python into ../sdk".
func (t target) describe() string {
	return fmt.Sprintf("%s into %s", t.lang, quote.Name(t.shownDir()))
}

// shownDir is the out dir as messages name it: as the user wrote it.
func (t target) shownDir() string {
	if t.shown == "" {
		return t.out
	}
	return t.shown
}
