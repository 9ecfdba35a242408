package app

import (
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/completion"
	"github.com/babelqueue/bqgen/completion/urfave"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/scaffoldaudit"
	"github.com/urfave/cli/v2"
)

// completionCommand is `bqgen completion SHELL`: the shell's completion
// script on standard output, for commands, flags and flag values.
func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print the shell completion script for SHELL: " + strings.Join(completion.Shells, ", "),
		UsageText: "bqgen completion bash|zsh|fish|powershell\n\n   source <(bqgen completion bash)   # bash, in ~/.bashrc\n   bqgen completion fish > ~/.config/fish/completions/bqgen.fish",
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageErr("bqgen completion takes one shell: %s", strings.Join(completion.Shells, ", "))
			}
			shell := c.Args().First()
			if !slices.Contains(completion.Shells, shell) {
				return usageErr("no completion for shell %q (known: %s)%s", shell, strings.Join(completion.Shells, ", "), suggest.Phrase(shell, completion.Shells))
			}
			return completion.Write(c.App.Writer, shell, c.App.Name, urfave.Tree(c.App, flagValues))
		},
	}
}

// formatChoices are the values of each command's --format flag, by command
// path; a test holds every --format flag to having an entry.
var formatChoices = map[string][]string{
	"report":   {"md", "json", "html", "blocks", "counts"},
	"validate": findingsFormats,
	"check":    findingsFormats,
	"verify":   findingsFormats,
	"diff":     {"text", "md", "json"},
	"version":  {"text", "json"},
}

// flagValues are the values completion offers for flag name of the command
// at path; none: file names where the flag takes a value.
func flagValues(path, name string) []string {
	switch name {
	case "lang":
		langs := Backends().Langs()
		if path == "verify" {
			langs = append(langs, "all")
		}
		return langs
	case "blocks":
		return model.KnownBlocks
	case "format":
		return formatChoices[path]
	case "fail-on":
		return report.GateNames()
	case "ops":
		return scaffoldaudit.OperationNames()
	}
	return nil
}
