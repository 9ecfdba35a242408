package app

import (
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/writer"
	"github.com/urfave/cli/v2"
)

func reportCommand() *cli.Command {
	return &cli.Command{
		Name: "report",
		Usage: "say where an SDK stands on the suite, from its runners' own result files and the test index bqgen generated " +
			"(Markdown, HTML or JSON; with a history and badges)",
		UsageText: "bqgen report (--lang LANG --out DIR [--suite DIR] [--package NAME] [--blocks LIST] | [--config FILE]) " +
			"(--results FILE... | --results-dir DIR) [--merge REPORT.json...] [--name NAME] [--format md|json|html|blocks|counts] " +
			"[--output FILE|DIR/] [--history FILE] [--badges DIR] [--fail-on LIST] [--repository URL] [--commit REV] [--suite-url URL] [--date DAY]\nbqgen report --merge REPORT.json... [flags]",
		Flags: append(reportTargetFlags(),
			&cli.StringSliceFlag{Name: "results", Usage: "a runner's result `FILE` (go test -json, JUnit XML, TRX); repeat the flag for more"},
			&cli.StringFlag{Name: "results-dir", Usage: "read every result file under `DIR`"},
			&cli.StringSliceFlag{Name: "merge", Usage: "merge in an earlier --format json report `FILE` (another repository's); repeat the flag for more"},
			&cli.StringFlag{Name: "name", Usage: "the repository's `NAME` in the report (default: the base name of the directory of " + config.FileName + ", or of --out)"},
			&cli.StringFlag{Name: "format", Value: "md", Usage: "`FORMAT` of the report: md, json, html, blocks (the per-block table a suite's README embeds), " +
				"or counts (name=value lines of the totals, for a CI step's outputs)"},
			&cli.StringFlag{Name: "fail-on", Usage: "exit 1 when any target has a result of a status in `LIST` (comma-separated: " +
				strings.Join(report.GateNames(), ", ") + "), after writing the report"},
			&cli.StringFlag{Name: "output", Usage: "write the report to `FILE` (default: standard output)"},
			&cli.StringFlag{Name: "history", Usage: "the history `FILE` (JSON): read, the changes since its last entry reported, this report appended"},
			&cli.StringFlag{Name: "badges", Usage: "write an SVG badge per SDK target into `DIR`"},
			&cli.StringFlag{Name: "repository", Usage: "the SDK repository's web `URL` (https://...), for links to the generated tests (default: each target's repository: in " + config.FileName + ")"},
			&cli.StringFlag{Name: "commit", Usage: "the `REVISION` the results are of (default: each target's commit: in " + config.FileName + ")"},
			&cli.StringFlag{Name: "suite-url", Usage: "the `URL` of the suite's files at its revision (e.g. https://github.com/o/r/blob/v1.4.0/conformance), for links to each case's fixture and manifest entry"},
			&cli.StringFlag{Name: "date", Usage: "the `DAY` of the run (YYYY-MM-DD; default: from SOURCE_DATE_EPOCH when set, else none)"},
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
	render, err := renderer(c.String("format"))
	if err != nil {
		return err
	}
	gate, err := report.ParseGate(c.String("fail-on"))
	if err != nil {
		return usageErr("--fail-on: %v", err)
	}
	r, own, err := buildReport(c)
	if err != nil {
		return err
	}
	if err := writeOutputs(c, r, render); err != nil {
		return err
	}
	return gateReport(c, r, own, gate)
}

// writeOutputs renders r and writes it, the history and the badges.
func writeOutputs(c *cli.Context, r report.Report, render func(report.Report, *report.Changes) ([]byte, error)) error {
	hist, changes, err := readHistory(c.String("history"), r)
	if err != nil {
		return err
	}
	if err := writeReport(c, r, hist, changes, render); err != nil {
		return err
	}
	if file := c.String("history"); file != "" {
		data, err := hist.Append(r).Encode()
		if err != nil {
			return err
		}
		if err := writeOutput("--history", file, data); err != nil {
			return err
		}
	}
	return writeBadges(c.String("badges"), r)
}

// writeReport renders the report and writes it: to standard output, to
// the file --output names or, for --format html with --output naming a
// directory (an existing one, or a name ending in '/'), as a site of pages.
func writeReport(c *cli.Context, r report.Report, hist report.History, changes *report.Changes, render func(report.Report, *report.Changes) ([]byte, error)) error {
	file := c.String("output")
	if c.String("format") == "html" {
		o := report.HTMLOptions{Changes: changes}
		if c.String("history") != "" {
			o.History = &hist
		}
		if isDirOutput(file) {
			pages, err := report.HTMLSite(r, o)
			if err != nil {
				return err
			}
			return writeFiles(file, pages)
		}
		out, err := report.HTMLPage(r, o)
		if err != nil {
			return err
		}
		return emit(c, file, out)
	}
	out, err := render(r, changes)
	if err != nil {
		return err
	}
	return emit(c, file, out)
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
	case "counts":
		return func(r report.Report, _ *report.Changes) ([]byte, error) { return report.Counts(r), nil }, nil
	}
	return nil, usageErr("--format %s: want md, json, html, blocks or counts", quote.Name(format))
}

// buildReport is this repository's report, when it has targets or result
// files, with every --merge report merged in after it; own is how many of
// its SDK targets (the first ones) are this repository's.
func buildReport(c *cli.Context) (r report.Report, own int, err error) {
	files, err := resultFiles(c)
	if err != nil {
		return r, 0, err
	}
	ours := len(files) > 0 || c.IsSet("lang") || c.IsSet("out") || c.IsSet("config")
	merges := c.StringSlice("merge")
	switch {
	case !ours && len(merges) == 0:
		return r, 0, usageErr("nothing to report: give --results FILE or --results-dir DIR (with --lang/--out, or %s), or --merge REPORT.json", config.FileName)
	case ours && len(files) == 0:
		return r, 0, usageErr("no result files: give --results FILE or --results-dir DIR (a directory with none is an error too)")
	case ours:
		if r, err = repositoryReport(c, files); err != nil {
			return r, 0, err
		}
		own = len(r.SDKs)
	}
	for _, file := range merges {
		other, err := readMergeReport(file)
		if err != nil {
			return r, 0, err
		}
		if r, err = report.Merge(r, other); err != nil {
			return r, 0, problemsErr("--merge %s: %v", quote.Name(file), err)
		}
	}
	if !ours {
		// Without targets, --suite (or the embedded suite) only describes
		// the cases.
		s, err := validate.Load(c.String("suite"), c.App.ErrWriter)
		if err != nil {
			return r, 0, err
		}
		facts := map[string]report.Case{}
		for id, f := range s.CaseFacts() {
			facts[id] = caseFacts(f)
		}
		r = r.WithFacts(facts)
	}
	if u := c.String("suite-url"); u != "" {
		if err := report.CheckURL(u); err != nil {
			return r, 0, usageErr("--suite-url: %v", err)
		}
		r.SuiteURL = strings.TrimSuffix(u, "/")
	}
	return r, own, nil
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
	in := report.Input{Runs: runs, Descriptions: map[string]string{}, Facts: map[string]report.Case{}}
	names := targetNames(gens)
	perBlock := map[string][]string{}
	for i, g := range gens {
		idx, err := readTargetIndex(g)
		if err != nil {
			return report.Report{}, err
		}
		in.Targets = append(in.Targets, report.Target{Repository: repo, Name: names[i], Index: idx})
		for id, f := range g.Suite.CaseFacts() {
			in.Facts[id] = caseFacts(f)
		}
		for _, id := range g.Suite.CaseIDs() {
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
	return withProvenance(c, r, gens)
}

// readTargetIndex reads the test index generate wrote for g, where g's
// generated files put it.
func readTargetIndex(g plan.Generated) (report.Index, error) {
	index, ok := backend.IndexIn(g.Files)
	at := index.Path
	if !ok {
		return report.Index{}, problemsErr("%s: the %s backend writes no test index (%s), so its results cannot be mapped to cases", g.Describe(), g.Lang, backend.IndexFileName)
	}
	got, err := writer.ReadSDKFiles(g.Out, []string{at}, safefile.Index)
	if err != nil {
		return report.Index{}, problemsErr("%s: %v", g.Describe(), err)
	}
	file := filepath.Join(g.ShownDir(), filepath.FromSlash(at))
	data, ok := got[at]
	if !ok {
		return report.Index{}, problemsErr("%s: no test index at %s: run %s first", g.Describe(), quote.Name(file), "bqgen generate")
	}
	idx, err := report.ReadIndex(file, data)
	if err != nil {
		return report.Index{}, problemsErr("%v", err)
	}
	return withGoPackage(idx, g.Out), nil
}

// targetNames names each target in the report: "<lang> core" for a target
// of core blocks, "<lang> sqs" for a transport's, "<lang> core+sqs" for
// both, with its out dir where two targets would share a name.
func targetNames(gens []plan.Generated) []string {
	names := make([]string, len(gens))
	seen := map[string]int{}
	for i, g := range gens {
		var parts []string
		for _, b := range g.Suite.Blocks() {
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
		names[i] = g.Lang + " " + strings.Join(parts, "+")
		seen[names[i]]++
	}
	for i, g := range gens {
		if seen[names[i]] > 1 {
			names[i] += " (" + g.ShownDir() + ")"
		}
	}
	return names
}

// repositoryName is --name, else the base name of the directory holding
// bqgen.yaml, else of --out.
func repositoryName(c *cli.Context, p *plan.Run) string {
	if n := c.String("name"); n != "" {
		return n
	}
	dir := c.String("out")
	if p.Config != nil {
		dir = p.Config.Dir()
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
