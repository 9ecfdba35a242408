package app

import (
	"github.com/babelqueue/bqgen/internal/cliusage"
	"github.com/urfave/cli/v2"
)

// helpCommand is `bqgen help [COMMAND [SUBCOMMAND]]`: the same text as
// `bqgen COMMAND --help`. It is the one command that takes arguments.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Usage:     "show bqgen's help, or a command's",
		UsageText: "bqgen help [COMMAND [SUBCOMMAND]]",
		Action:    cliusage.Help,
	}
}
