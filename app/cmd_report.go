package app

import (
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/writer"
	"github.com/urfave/cli/v2"
)

func reportCommand() *cli.Command {
	return &cli.Command{
		Name: "report",
		Usage: "say where an SDK stands on the suite, from its runners' own result files and the test index bqgen generated " +
			"(Markdown, HTML or JSON; with a history and badges)",
		UsageText: "bqgen report (--lang LANG --out DIR [--suite DIR] [--package NAME] [--blocks LIST] | [--config FILE]) " +
			"(--results FILE... | --results-dir DIR) [--merge REPORT.json...] [--name NAME] [--format md|json|html|blocks] " +
			"[--output FILE] [--history FILE] [--badges DIR]\nbqgen report --merge REPORT.json... [flags]",
		Flags: append(reportTargetFlags(),
			&cli.StringSliceFlag{Name: "results", Usage: "a runner's result `FILE` (go test -json, JUnit XML, TRX); repeat the flag for more"},
			&cli.StringFlag{Name: "results-dir", Usage: "read every result file under `DIR`"},
			&cli.StringSliceFlag{Name: "merge", Usage: "merge in an earlier --format json report `FILE` (another repository's); repeat the flag for more"},
			&cli.StringFlag{Name: "name", Usage: "the repository's `NAME` in the report (default: the base name of the directory of " + config.FileName + ", or of --out)"},
			&cli.StringFlag{Name: "format", Value: "md", Usage: "`FORMAT` of the report: md, json, html, or blocks (the per-block table a suite's README embeds)"},
			&cli.StringFlag{Name: "output", Usage: "write the report to `FILE` (default: standard output)"},
			&cli.StringFlag{Name: "history", Usage: "the history `FILE` (JSON): read, the changes since its last entry reported, this report appended"},
			&cli.StringFlag{Name: "badges", Usage: "write an SVG badge per SDK target into `DIR`"},
		),
		Action: runReport,
	}
}

// runReport builds the report (this repository's targets, then every
// merged one), renders it, and writes the report, the history and the
// badges, each file atomically.
func runReport(c *cli.Context) error {
	render, err := renderer(c.String("format"))
	if err != nil {
		return err
	}
	r, err := buildReport(c)
	if err != nil {
		return err
	}
	hist, changes, err := readHistory(c.String("history"), r)
	if err != nil {
		return err
	}
	out, err := render(r, changes)
	if err != nil {
		return err
	}
	if err := emit(c, c.String("output"), out); err != nil {
		return err
	}
	if file := c.String("history"); file != "" {
		data, err := hist.Append(r).Encode()
		if err != nil {
			return err
		}
		if err := writeAtomic(file, data); err != nil {
			return err
		}
	}
	return writeBadges(c.String("badges"), r)
}

// renderer is the function of the --format asked for.
func renderer(format string) (func(report.Report, *report.Changes) ([]byte, error), error) {
	switch format {
	case "md":
		return func(r report.Report, ch *report.Changes) ([]byte, error) { return report.Markdown(r, ch), nil }, nil
	case "json":
		return report.JSON, nil
	case "html":
		return report.HTML, nil
	case "blocks":
		return func(r report.Report, _ *report.Changes) ([]byte, error) { return report.BlockTable(r), nil }, nil
	}
	return nil, usageErr("--format %s: want md, json, html or blocks", quote.Name(format))
}

// buildReport is this repository's report, when it has targets or result
// files, with every --merge report merged in after it.
func buildReport(c *cli.Context) (report.Report, error) {
	files, err := resultFiles(c)
	if err != nil {
		return report.Report{}, err
	}
	own := len(files) > 0 || c.IsSet("lang") || c.IsSet("out") || c.IsSet("config")
	merges := c.StringSlice("merge")
	var r report.Report
	switch {
	case !own && len(merges) == 0:
		return r, usageErr("nothing to report: give --results FILE or --results-dir DIR (with --lang/--out, or %s), or --merge REPORT.json", config.FileName)
	case own && len(files) == 0:
		return r, usageErr("no result files: give --results FILE or --results-dir DIR (a directory with none is an error too)")
	case own:
		if r, err = repositoryReport(c, files); err != nil {
			return r, err
		}
	}
	for _, file := range merges {
		other, err := readMergeReport(file)
		if err != nil {
			return r, err
		}
		if r, err = report.Merge(r, other); err != nil {
			return r, problemsErr("--merge %s: %v", quote.Name(file), err)
		}
	}
	if !own {
		// Without targets, --suite (or the embedded suite) only describes
		// the cases.
		s, err := loadSuite(c.String("suite"), c.App.ErrWriter)
		if err != nil {
			return r, err
		}
		r = r.WithDescriptions(s.CaseDescriptions())
	}
	return r, nil
}

// repositoryReport generates the targets in memory (as check does), reads
// each one's test index from the checkout and classifies the result files.
func repositoryReport(c *cli.Context, files []resultFile) (report.Report, error) {
	p, gens, err := generateAll(c)
	if err != nil {
		return report.Report{}, err
	}
	runs, err := readResults(files, c.App.ErrWriter)
	if err != nil {
		return report.Report{}, err
	}
	repo := repositoryName(c, p)
	in := report.Input{Runs: runs, Descriptions: map[string]string{}}
	names := targetNames(gens)
	perBlock := map[string][]string{}
	for i, g := range gens {
		idx, err := readTargetIndex(g)
		if err != nil {
			return report.Report{}, err
		}
		in.Targets = append(in.Targets, report.Target{Repository: repo, Name: names[i], Index: idx})
		for id, d := range g.suite.CaseDescriptions() {
			in.Descriptions[id] = d
		}
		for _, id := range g.suite.CaseIDs() {
			perBlock[id.Block] = appendNew(perBlock[id.Block], id.String())
		}
	}
	for _, b := range model.KnownBlocks {
		in.Order = append(in.Order, perBlock[b]...)
	}
	r, err := report.Build(in)
	if err != nil {
		return report.Report{}, problemsErr("%v", err)
	}
	return r, nil
}

// readTargetIndex reads the test index generate wrote for g, where g's
// generated files put it.
func readTargetIndex(g generated) (report.Index, error) {
	index, ok := backend.IndexIn(g.files)
	at := index.Path
	if !ok {
		return report.Index{}, problemsErr("%s: the %s backend writes no test index (%s), so its results cannot be mapped to cases", g.describe(), g.lang, backend.IndexFileName)
	}
	got, err := writer.ReadSDKFiles(g.out, []string{at})
	if err != nil {
		return report.Index{}, problemsErr("%s: %v", g.describe(), err)
	}
	file := filepath.Join(g.shownDir(), filepath.FromSlash(at))
	data, ok := got[at]
	if !ok {
		return report.Index{}, problemsErr("%s: no test index at %s: run %s first", g.describe(), quote.Name(file), "bqgen generate")
	}
	idx, err := report.ReadIndex(file, data)
	if err != nil {
		return report.Index{}, problemsErr("%v", err)
	}
	return withGoPackage(idx, g.out), nil
}

// targetNames names each target in the report: "<lang> core" for a target
// of core blocks, "<lang> sqs" for a transport's, "<lang> core+sqs" for
// both, with its out dir where two targets would share a name.
func targetNames(gens []generated) []string {
	names := make([]string, len(gens))
	seen := map[string]int{}
	for i, g := range gens {
		var parts []string
		for _, b := range g.suite.Blocks() {
			switch {
			case model.IsTransportBlock(b):
				parts = append(parts, b)
			case len(parts) == 0 || parts[0] != "core":
				parts = append([]string{"core"}, parts...)
			}
		}
		if len(parts) == 0 {
			parts = []string{"core"}
		}
		names[i] = g.lang + " " + strings.Join(parts, "+")
		seen[names[i]]++
	}
	for i, g := range gens {
		if seen[names[i]] > 1 {
			names[i] += " (" + g.shownDir() + ")"
		}
	}
	return names
}

// repositoryName is --name, else the base name of the directory holding
// bqgen.yaml, else of --out.
func repositoryName(c *cli.Context, p *runPlan) string {
	if n := c.String("name"); n != "" {
		return n
	}
	dir := c.String("out")
	if p.cfg != nil {
		dir = p.cfg.Dir()
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	return filepath.Base(dir)
}

func appendNew(list []string, s string) []string {
	for _, have := range list {
		if have == s {
			return list
		}
	}
	return append(list, s)
}

// reportTargetFlags name the target whose results are reported, in
// report's words (generate's say what they write).
func reportTargetFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "lang", Usage: "the target's `LANG`: " + langNames()},
		&cli.StringFlag{Name: "out", Usage: "the target's package `DIR`, where generate wrote its tests and test index"},
		suiteFlag(),
		&cli.StringFlag{Name: "package", Usage: "the package or namespace `NAME` the target was generated with (default: the SDK's)"},
		&cli.StringFlag{Name: "blocks", Usage: "the target's `BLOCKS` (comma-separated; default: all), as it was generated"},
		&cli.StringFlag{Name: "config", Usage: "report every target of this `FILE` (default: " + config.FileName + " found upward from here)"},
	}
}
