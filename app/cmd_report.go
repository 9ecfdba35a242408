package app

import (
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/completion/urfave"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/reportio"
	"github.com/urfave/cli/v2"
)

func reportCommand() *cli.Command {
	return &cli.Command{
		Name: "report",
		Usage: "say where an SDK stands on the suite, from its runners' own result files and the test index bqgen generated " +
			"(Markdown, HTML or JSON; with a history and badges)",
		UsageText: "bqgen report (--lang LANG --out DIR [--suite DIR] [--package NAME] [--vendor DIR] [--blocks LIST] | [--config FILE]) " +
			"(--results FILE... | --results-dir DIR) [--merge REPORT.json...] [--name NAME] [--format md|json|html|blocks|counts] " +
			"[--output FILE|DIR/] [--history FILE] [--badges DIR] [--fail-on LIST] [--repository URL] [--commit REV] [--suite-url URL] [--date DAY] [--title TEXT]\nbqgen report --merge REPORT.json... [flags]",
		Flags: append(reportTargetFlags(),
			&cli.StringSliceFlag{Name: "results", Usage: "a runner's result `FILE` (go test -json, JUnit XML, TRX); repeat the flag for more"},
			&cli.StringFlag{Name: "results-dir", Usage: "read every result file under `DIR`"},
			&cli.StringSliceFlag{Name: "merge", Usage: "merge in an earlier --format json report `FILE` (another repository's); repeat the flag for more"},
			&cli.StringFlag{Name: "name", Usage: "the repository's `NAME` in the report (default: the base name of the directory of " + config.FileName + ", or of --out)"},
			&cli.StringFlag{Name: "format", Value: "md", Usage: "`FORMAT` of the report: md, json, html, blocks (the per-block table a suite's README embeds), " +
				"or counts (name=value lines of the totals, for a CI step's outputs)"},
			urfave.List(&cli.StringFlag{Name: "fail-on", Usage: "exit 1 when any target has a result of a status in `LIST` (comma-separated: " +
				strings.Join(report.GateNames(), ", ") + "), after writing the report"}),
			&cli.StringFlag{Name: "output", Usage: "write the report to `FILE` (default: standard output)"},
			&cli.StringFlag{Name: "history", Usage: "the history `FILE` (JSON): read, the changes since its last entry reported, this report appended"},
			&cli.StringFlag{Name: "badges", Usage: "write an SVG badge per SDK target into `DIR`"},
			&cli.StringFlag{Name: "repository", Usage: "the SDK repository's web `URL` (https://...), for links to the generated tests (default: each target's repository: in " + config.FileName + ")"},
			&cli.StringFlag{Name: "commit", Usage: "the `REVISION` the results are of (default: each target's commit: in " + config.FileName + ")"},
			&cli.StringFlag{Name: "suite-url", Usage: "the `URL` of the suite's files at its revision (e.g. https://github.com/o/r/blob/v1.4.0/conformance), for links to each case's fixture and manifest entry"},
			&cli.StringFlag{Name: "date", Usage: "the `DAY` of the run (YYYY-MM-DD; default: from SOURCE_DATE_EPOCH when set, else none)"},
			&cli.StringFlag{Name: "title", Usage: "the HTML report's title and heading, `TEXT` (default: " + report.DefaultHTMLTitle + "; at most " +
				strconv.Itoa(report.MaxTitleBytes) + " bytes, no control character; other formats have none)"},
		),
		Action: runReport,
	}
}

// runReport builds the report (this repository's targets, then every
// merged one), renders it, and writes the report, the history and the
// badges, each file atomically; then gates: a target of this repository
// none of whose generated tests the result files hold, or a result of a
// --fail-on status, exits 1 (the report is written first, for CI to show).
func runReport(c *cli.Context) error {
	render, err := reportio.Renderer(c.String("format"))
	if err != nil {
		return err
	}
	gate, err := report.ParseGate(c.String("fail-on"))
	if err != nil {
		return usageErr("--fail-on: %v", err)
	}
	if c.IsSet("title") {
		if err := report.CheckTitle(c.String("title")); err != nil {
			return usageErr("--title: %v", err) // before any input is read: the command line is wrong
		}
	}
	q := reportio.Request{Plan: planRequest(c), Flags: c, Stdout: c.App.Writer}
	r, own, err := reportio.Build(c.Context, q)
	if err != nil {
		return err
	}
	if err := reportio.Write(q, r, render); err != nil {
		return err
	}
	if err := reportio.Gate(q, r, own, gate); err != nil {
		return reported{err} // the report is out: the gate's failure is in it
	}
	return nil
}

// reportTargetFlags name the target whose results are reported, in
// report's words (generate's say what they write).
func reportTargetFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "lang", Usage: "the target's `LANG`: " + langNames()},
		&cli.StringFlag{Name: "out", Usage: "the target's package `DIR`, where generate wrote its tests and test index"},
		suiteFlag(),
		&cli.StringFlag{Name: "package", Usage: "the package or namespace `NAME` the target was generated with (default: the SDK's)"},
		vendorFlag("the `DIR` the target vendors the suite in, relative to --out, as it was generated"),
		urfave.List(&cli.StringFlag{Name: "blocks", Usage: "the target's `BLOCKS` (comma-separated; default: all), as it was generated"}),
		&cli.StringFlag{Name: "config", Usage: "report every target of this `FILE` (default: " + config.FileName + " found upward from here)"},
	}
}
