package plan

import (
	"io"
	"os"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/suitediff"
	"github.com/babelqueue/bqgen/validate"
)

// embeddedSuite is the --from/--to value naming the suite embedded in bqgen.
const embeddedSuite = "embedded"

// diffTargets are the targets to say the change for: the --lang target, or
// the config's (--config, or the one found upward), or none; and the suite
// in use ("embedded" or the config's suite).
func diffTargets(r Request) ([]suitediff.Target, string, error) {
	if r.Flags.IsSet("lang") {
		if r.Flags.IsSet("config") && r.Flags.String("config") != noConfig {
			return nil, "", exitcode.Usagef("--config and --lang exclude each other: the config file lists the targets")
		}
		b, err := r.Backends.Lookup(r.Flags.String("lang"))
		if err != nil {
			return nil, "", exitcode.Usagef("%v", err)
		}
		blocks := SplitList(r.Flags.String("blocks"))
		if _, err := (&model.Suite{}).Select(blocks); err != nil {
			return nil, "", exitcode.Usagef("--blocks: %v", err)
		}
		name := r.Flags.String("lang")
		if out := r.Flags.String("out"); out != "" {
			name += " into " + out
		}
		return []suitediff.Target{{Name: name, Blocks: blocks, Layout: backend.LayoutOf(b)}}, embeddedSuite, nil
	}
	for _, flag := range []string{"out", "blocks"} {
		if r.Flags.IsSet(flag) {
			return nil, "", exitcode.Usagef("--%s goes with --lang", flag)
		}
	}
	cfg, err := diffConfig(r.Flags.String("config"), r.Backends)
	if err != nil || cfg == nil {
		return nil, embeddedSuite, err
	}
	inUse := cfg.SuiteDir()
	if inUse == "" {
		inUse = embeddedSuite
	}
	return suiteTargets(ConfigTargets(cfg, false), r.Backends), inUse, nil
}

// diffConfig loads --config, or the bqgen.yaml found upward; nil for none.
func diffConfig(file string, backends backend.Registry) (*config.Config, error) {
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
	cfg, err := config.Load(file, config.ParseTrust(os.Getenv(config.TrustEnv)), backends.Langs(), model.KnownBlocks)
	if err != nil {
		return nil, exitcode.Problemsf("%v", err)
	}
	return cfg, nil
}

// suiteTargets are run targets as the diff sees them.
func suiteTargets(ts []Target, backends backend.Registry) []suitediff.Target {
	var out []suitediff.Target
	for _, t := range ts {
		b, err := backends.Lookup(t.Lang)
		if err != nil {
			continue // the config's languages were checked when it was read
		}
		st := suitediff.Target{Name: t.Describe(), Blocks: t.Blocks, Layout: backend.LayoutOf(b)}
		for _, e := range t.Opt.Exemptions {
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

// Diff is what the change from the suite --from names (default: the suite
// in use) to the suite to means, for the targets r's flags name (see
// diffTargets).
func Diff(r Request, to string) (*suitediff.Diff, error) {
	targets, inUse, err := diffTargets(r)
	if err != nil {
		return nil, err
	}
	from := inUse
	if r.Flags.IsSet("from") {
		from = r.Flags.String("from")
	}
	return compareSuites(from, to, targets, r.Stderr)
}
