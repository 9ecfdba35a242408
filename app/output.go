package app

import (
	"github.com/babelqueue/bqgen/internal/console"
	"github.com/urfave/cli/v2"
)

// verbosityFlags are --quiet and --verbose, which every command takes.
func verbosityFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "print only the command's product, warnings and errors"},
		&cli.BoolFlag{Name: "verbose", Usage: "also print the details: each file written or checked, each run"},
	}
}

// speaks reports whether the command (its path, "bqgen check") says what
// it did besides its product, and so takes --quiet and --verbose. help,
// completion and oracle serve print only their product.
func speaks(command string) bool {
	switch command {
	case "bqgen help", "bqgen completion", "bqgen oracle", "bqgen oracle serve":
		return false
	}
	return true
}

// outputOf is c's output, from its flags; --quiet with --verbose is a
// usage error.
func outputOf(c *cli.Context) (*console.Output, error) {
	if c.Bool("quiet") && c.Bool("verbose") {
		return nil, usageErr("--quiet and --verbose exclude each other")
	}
	return console.New(c.App.Writer, c.App.ErrWriter, c.Bool("quiet"), c.Bool("verbose")), nil
}
