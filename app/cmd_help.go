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

// rootHelpFlag is the root's --help and -h. The CLI library adds them only
// to an app without a help command of its own, and bqgen has one, so
// without this flag `bqgen --help`, the first command anyone types, was a
// usage error.
func rootHelpFlag() cli.Flag {
	return &cli.BoolFlag{Name: "help", Aliases: []string{"h"}, Usage: "show this help (as bqgen help)"}
}
