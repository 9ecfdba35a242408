package app

import (
	"io"
	"os"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/suitediff"
	"github.com/babelqueue/bqgen/validate"
	"github.com/urfave/cli/v2"
)

// embeddedSuite is the --from/--to value naming the suite embedded in bqgen.
const embeddedSuite = "embedded"

func diffCommand() *cli.Command {
	return &cli.Command{
		Name: "diff",
		Usage: "say what a change of suite means: cases added, removed and changed per block, blocks added and removed, " +
			"operations gained, and for each target the tests that appear and disappear (writes nothing)",
		UsageText: "bqgen diff [--from DIR|embedded] (--to DIR|embedded | --suite DIR) [--config FILE|none | --lang LANG [--out DIR] [--blocks LIST]] [--format text|md|json]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "from", Usage: "the suite `DIR` changed from, or embedded (default: the suite in use: the config's, else the embedded one)"},
			&cli.StringFlag{Name: "to", Usage: "the suite `DIR` changed to, or embedded"},
			&cli.StringFlag{Name: "suite", Usage: "the same as --to: preview suite `DIR` for the targets of the config"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT`: text, md (a pull request's body) or json (docs/diff.md)"},
			&cli.StringFlag{Name: "config", Usage: "the `FILE` listing the targets (default: " + config.FileName + " found upward from here; none: no targets)"},
			&cli.StringFlag{Name: "lang", Usage: "a target in `LANG` (with --blocks), instead of the config's"},
			&cli.StringFlag{Name: "out", Usage: "the target's `DIR`, to name it"},
			&cli.StringFlag{Name: "blocks", Usage: "the `BLOCKS` the --lang target runs (default: all)"},
		},
		Action: runDiff,
	}
}

func runDiff(c *cli.Context) error {
	render, err := diffRenderer(c.String("format"))
	if err != nil {
		return err
	}
	to, err := diffTo(c)
	if err != nil {
		return err
	}
	targets, inUse, err := diffTargets(c)
	if err != nil {
		return err
	}
	from := inUse
	if c.IsSet("from") {
		from = c.String("from")
	}
	d, err := compareSuites(from, to, targets, c.App.ErrWriter)
	if err != nil {
		return err
	}
	out, err := render(d)
	if err != nil {
		return err
	}
	_, err = c.App.Writer.Write(out)
	return err
}

// diffTo is --to, or --suite: one of them is required.
func diffTo(c *cli.Context) (string, error) {
	switch {
	case c.IsSet("to") && c.IsSet("suite"):
		return "", usageErr("--to and --suite name the same suite: give one")
	case c.IsSet("suite"):
		return c.String("suite"), nil
	case c.IsSet("to"):
		return c.String("to"), nil
	}
	return "", usageErr("give --to DIR (or embedded): the suite to compare with")
}

// diffRenderer is the renderer of --format.
func diffRenderer(format string) (func(*suitediff.Diff) ([]byte, error), error) {
	switch format {
	case "text":
		return func(d *suitediff.Diff) ([]byte, error) { return []byte(suitediff.Text(d)), nil }, nil
	case "md":
		return func(d *suitediff.Diff) ([]byte, error) { return []byte(suitediff.Markdown(d)), nil }, nil
	case "json":
		return suitediff.JSON, nil
	}
	return nil, usageErr("--format %s: want text, md or json", quote.Name(format))
}

// diffTargets are the targets to say the change for: the --lang target, or
// the config's (--config, or the one found upward), or none; and the suite
// in use ("embedded" or the config's suite).
func diffTargets(c *cli.Context) ([]suitediff.Target, string, error) {
	if c.IsSet("lang") {
		if c.IsSet("config") && c.String("config") != noConfig {
			return nil, "", usageErr("--config and --lang exclude each other: the config file lists the targets")
		}
		b, err := Backends().Lookup(c.String("lang"))
		if err != nil {
			return nil, "", usageErr("%v", err)
		}
		blocks := splitList(c.String("blocks"))
		if _, err := (&model.Suite{}).Select(blocks); err != nil {
			return nil, "", usageErr("--blocks: %v", err)
		}
		name := c.String("lang")
		if out := c.String("out"); out != "" {
			name += " into " + out
		}
		return []suitediff.Target{{Name: name, Blocks: blocks, Layout: backend.LayoutOf(b)}}, embeddedSuite, nil
	}
	for _, flag := range []string{"out", "blocks"} {
		if c.IsSet(flag) {
			return nil, "", usageErr("--%s goes with --lang", flag)
		}
	}
	cfg, err := diffConfig(c.String("config"))
	if err != nil || cfg == nil {
		return nil, embeddedSuite, err
	}
	inUse := cfg.SuiteDir()
	if inUse == "" {
		inUse = embeddedSuite
	}
	return suiteTargets(configTargets(cfg, false)), inUse, nil
}

// diffConfig loads --config, or the bqgen.yaml found upward; nil for none.
func diffConfig(file string) (*config.Config, error) {
	switch file {
	case noConfig:
		return nil, nil
	case "":
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if file, err = config.Find(wd); err != nil || file == "" {
			return nil, err
		}
	}
	cfg, err := config.Load(file, config.ParseTrust(os.Getenv(config.TrustEnv)), Backends().Langs(), model.KnownBlocks)
	if err != nil {
		return nil, problemsErr("%v", err)
	}
	return cfg, nil
}

// suiteTargets are run targets as the diff sees them.
func suiteTargets(ts []target) []suitediff.Target {
	var out []suitediff.Target
	for _, t := range ts {
		b, err := Backends().Lookup(t.lang)
		if err != nil {
			continue // the config's languages were checked when it was read
		}
		st := suitediff.Target{Name: t.describe(), Blocks: t.blocks, Layout: backend.LayoutOf(b)}
		for _, e := range t.opt.Exemptions {
			st.Exemptions = append(st.Exemptions, e.Pattern)
		}
		out = append(out, st)
	}
	return out
}

// compareSuites loads both suites (each fully validated, as generate
// would) and compares them.
func compareSuites(from, to string, targets []suitediff.Target, stderr io.Writer) (*suitediff.Diff, error) {
	old, err := loadNamedSuite(from, stderr)
	if err != nil {
		return nil, err
	}
	cur, err := loadNamedSuite(to, stderr)
	if err != nil {
		return nil, err
	}
	return suitediff.Compare(old, cur, from, to, targets), nil
}

// loadNamedSuite loads the suite dir, or the embedded suite for "embedded".
func loadNamedSuite(dir string, stderr io.Writer) (*model.Suite, error) {
	if dir == embeddedSuite {
		dir = ""
	}
	return validate.Load(dir, stderr)
}
