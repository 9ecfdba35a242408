package app

import (
	"strings"

	"github.com/babelqueue/bqgen/internal/cliusage"
	"github.com/babelqueue/bqgen/internal/suggest"
	"github.com/urfave/cli/v2"
)

// helpCommand is `bqgen help [COMMAND [SUBCOMMAND]]`: the same text as
// `bqgen COMMAND --help`. It is the one command that takes arguments.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show bqgen's help, or a command's",
		UsageText: "bqgen help [COMMAND [SUBCOMMAND]]",
		Action:    runHelp,
	}
}

func runHelp(c *cli.Context) error {
	args := c.Args().Slice()
	if len(args) == 0 {
		return cli.ShowAppHelp(c)
	}
	cmds, path := c.App.Commands, "bqgen"
	for _, name := range args {
		next := cliusage.Find(cmds, name)
		if next == nil || next.Name == "help" {
			return usageErr("no help for %q: %s has no command %q%s (see %s --help)",
				strings.Join(args, " "), path, name, suggest.Phrase(name, cliusage.CommandNames(cmds)), path)
		}
		cmds, path = next.Subcommands, path+" "+next.Name
	}
	// The command's own --help, so the two never differ.
	return c.App.RunContext(c.Context, append(append([]string{c.App.Name}, args...), "--help"))
}
