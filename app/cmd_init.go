package app

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/urfave/cli/v2"
)

func initCommand() *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "write a commented starter " + config.FileName + " for an SDK repository into DIR (default: here)",
		UsageText: "bqgen init --lang LANG [--dir DIR]",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "lang", Usage: "the SDK's `LANG`: " + langNames()},
			&cli.StringFlag{Name: "dir", Value: ".", Usage: "the repository root `DIR` to write " + config.FileName + " into"},
		},
		Action: runInit,
	}
}

func runInit(c *cli.Context) error {
	lang := c.String("lang")
	if lang == "" {
		return usageErr("--lang is required: the SDK's language, one of %s", langNames())
	}
	if _, err := Backends().Lookup(lang); err != nil {
		return usageErr("%v", err)
	}
	if err := checkOutDir(c.String("dir")); err != nil {
		return err
	}
	if err := interrupted(c); err != nil {
		return err
	}
	path := filepath.Join(c.String("dir"), config.FileName)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return problemsErr("%s already exists: edit it, or remove it first", quote.Name(path))
	}
	if err != nil {
		return err
	}
	_, werr := f.WriteString(starterConfig(lang))
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(path)
		return err
	}
	fmt.Fprintf(c.App.Writer, "wrote %s: review its targets, then run bqgen generate\n", quote.Name(path))
	return nil
}

// starterConfig is a bqgen.yaml for one core target, commented with what
// each key does; it loads as it is.
func starterConfig(lang string) string {
	var core []string
	for _, b := range model.KnownBlocks {
		if !model.IsTransportBlock(b) {
			core = append(core, b)
		}
	}
	return fmt.Sprintf(`# bqgen.yaml: how bqgen generates the conformance tests of this repository.
# bqgen generate and bqgen check, run anywhere below this file with no flags,
# process every target; bqgen check exits 1 when a target is out of date.
version: %d

# The conformance suite, relative to this file. Without it bqgen uses the
# suite it embeds. The suite is vendored next to each target's tests, as bqgen's
# copy: it mirrors this suite on every run.
# suite: ../conformance

# strict: true makes a block of the suite that this bqgen cannot generate an
# error instead of a warning, so CI notices a suite that moved ahead.
strict: false

targets:
  # The core SDK. A transport package that lives here too (its own module or
  # directory) is a second target with its broker block, e.g.:
  #   - lang: %s
  #     out: sqs
  #     blocks: [sqs]
  - lang: %s
    out: .
    # package: the package or namespace of the generated tests (default: the SDK's).
    # blocks: the blocks this target runs. The broker blocks (%s)
    # belong to the transport packages.
    blocks: [%s]
    # exemptions: cases this SDK does not pass yet, matched on "<block>/<case name>".
    # skip: the test skips with the reason. fail: a known failure; its test fails
    # with "now passes: remove the exemption" once the SDK passes the case.
    # exemptions:
    #   - case: "cases/invalid-trace-id-*"
    #     action: fail
    #     reason: accepts() does not check trace_id yet (issue 123)
`, config.Version, lang, lang, strings.Join(model.TransportBlocks, ", "), strings.Join(core, ", "))
}
