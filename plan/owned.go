package plan

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
)

// noConfig is the --config value that runs --lang/--out as given even where
// a bqgen.yaml owns the out dir.
const noConfig = "none"

// previews reports whether the command only reads (check, diff), so that
// --suite with a config is a dry run of the config's targets against it.
func (r Request) previews() bool {
	return r.Command == "check" || r.Command == "diff"
}

// refuseOwnedOut refuses flag mode (generate, check) on an out dir that a
// target of a bqgen.yaml owns: the config's blocks and exemptions would be
// replaced by the flags' and its ledger rewritten, without a word. The
// config is the one found upward from the out dir or from the working
// directory; --config none says to go ahead.
func refuseOwnedOut(r Request, lang, out string) error {
	// report reads a checkout's index as flags describe it, and writes
	// nothing there.
	if r.Flags.String("config") == noConfig || r.Command == "report" {
		return nil
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil
	}
	realOut, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil // CheckOutDir says what is wrong with it
	}
	for _, file := range configsAround(out) {
		cfg, err := config.Load(file, config.ParseTrust(os.Getenv(config.TrustEnv)), r.Backends.Langs(), model.KnownBlocks)
		if err != nil {
			fmt.Fprintf(r.Stderr, "warning: %s owns no out dir of this run: %s\n", quote.Name(file), quote.Text(err.Error()))
			continue
		}
		for i, t := range cfg.Targets {
			if filepath.Clean(cfg.OutDir(t)) == filepath.Clean(realOut) {
				return exitcode.Usagef("%s is the out dir of target %d (%s, out %s) of %s: run bqgen generate (or check) to use the config, "+
					"whose blocks and exemptions these %s flags would replace; or add --config %s to run them anyway",
					quote.Name(out), i+1, t.Lang, quote.Name(t.Out), quote.Name(file), lang, noConfig)
			}
		}
	}
	return nil
}

// configsAround are the bqgen.yaml files found upward from out and from
// the working directory, each once.
func configsAround(out string) []string {
	var files []string
	wd, _ := os.Getwd()
	for _, dir := range []string{out, wd} {
		if dir == "" {
			continue
		}
		file, err := config.Find(dir)
		if err != nil || file == "" {
			continue
		}
		if len(files) == 0 || files[0] != file {
			files = append(files, file)
		}
	}
	return files
}
