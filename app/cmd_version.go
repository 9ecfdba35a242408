package app

import (
	"errors"
	"io"

	"github.com/babelqueue/bqgen/buildinfo"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/urfave/cli/v2"
)

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print bqgen's version (release, module or source revision), the embedded suite's CONFORMANCE_VERSION, the Go version and the platform",
		UsageText: "bqgen version [--format text|json]   (also: bqgen --version)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "`FORMAT`: text, or json (one object: version, source, revision, modified, suite, go, os, arch)"},
		},
		Action: func(c *cli.Context) error { return printVersion(c.App.Writer, c.String("format")) },
	}
}

// versionFlag is bqgen's own --version (urfave/cli's is hidden: it prints
// only the version string).
func versionFlag() cli.Flag {
	return &cli.BoolFlag{Name: "version", Usage: "print the version (as bqgen version) and exit"}
}

// printVersion prints this binary's build info, with the embedded suite's
// version, in format.
func printVersion(w io.Writer, format string) error {
	info := buildinfo.Read()
	info.Suite = conformance.Version()
	if err := info.Write(w, format); !errors.Is(err, buildinfo.ErrFormat) {
		return err
	}
	return usageErr("--format %q: want text or json", format)
}
