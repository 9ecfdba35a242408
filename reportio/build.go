package reportio

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/writer"
)

// Write renders r and writes it, the history (--history) and the badges
// (--badges). The history is pruned before the report is rendered, so the
// report says how many of its entries went. With a history, every target
// of the report has a trend (report.WithTrends), in every format that
// shows one and in the JSON, whose --merge renders it again.
func Write(q Request, r report.Report, render Render) error {
	file := q.Flags.String("history")
	hist, changes, err := readHistory(file, r)
	if err != nil {
		return err
	}
	var history []byte
	if file != "" {
		if history, err = prunedHistory(q, file, hist.Append(r), changes); err != nil {
			return err
		}
		r = r.WithTrends(hist)
	}
	if err := writeReport(q, r, changes, render); err != nil {
		return err
	}
	if file != "" {
		if err := WriteOutput("--history", file, history); err != nil {
			return err
		}
	}
	return writeBadges(q.Flags.String("badges"), r)
}

// historyRoom is the most bqgen writes into a history: three quarters of
// what its reader takes (safefile.History), so that it always reads back
// what it wrote. Lowered by tests.
var historyRoom = int(safefile.History.Limit / 4 * 3)

// prunedHistory is the history to write, its oldest entries pruned to fit
// historyRoom; how many went is recorded in changes and said on stderr.
func prunedHistory(q Request, file string, h report.History, changes *report.Changes) ([]byte, error) {
	_, data, pruned, err := h.Prune(historyRoom)
	if err != nil {
		return nil, exitcode.Problemsf("--history %s: %v", quote.Name(file), err)
	}
	if pruned > 0 {
		if changes != nil {
			changes.HistoryPruned = pruned
		}
		fmt.Fprintf(notes(q), "note: --history %s: %s (It keeps at most %d bytes.)\n", quote.Name(file), report.PrunedNote(pruned), historyRoom)
	}
	return data, nil
}

// writeReport renders the report and writes it: to standard output, to
// the file --output names or, for --format html with --output naming a
// directory (an existing one, or a name ending in '/'), as a site of pages.
func writeReport(q Request, r report.Report, changes *report.Changes, render Render) error {
	file := q.Flags.String("output")
	if q.Flags.String("format") == "html" {
		o := report.HTMLOptions{Title: q.Flags.String("title"), Changes: changes} // r's targets carry their trends
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
		return emit(q, file, out)
	}
	out, err := render(r, changes)
	if err != nil {
		return err
	}
	return emit(q, file, out)
}

// Render renders a report, with the changes since the history's last
// entry (nil: no history).
type Render func(report.Report, *report.Changes) ([]byte, error)

// Renderer is the Render of the --format asked for.
func Renderer(format string) (Render, error) {
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
	return nil, exitcode.Usagef("--format %s: want md, json, html, blocks or counts", quote.Name(format))
}

// Build is this repository's report, when it has targets or result
// files, with every --merge report merged in after it; own is how many of
// its SDK targets (the first ones) are this repository's.
func Build(ctx context.Context, q Request) (r report.Report, own int, err error) {
	files, err := resultFiles(q)
	if err != nil {
		return r, 0, err
	}
	ours := len(files) > 0 || q.Flags.IsSet("lang") || q.Flags.IsSet("out") || q.Flags.IsSet("config")
	merges := q.Flags.StringSlice("merge")
	switch {
	case !ours && len(merges) == 0:
		return r, 0, exitcode.Usagef("nothing to report: give --results FILE or --results-dir DIR (with --lang/--out, or %s), or --merge REPORT.json", config.FileName)
	case ours && len(files) == 0:
		return r, 0, exitcode.Usagef("no result files: give --results FILE or --results-dir DIR (a directory with none is an error too)")
	case ours:
		if r, _, err = repositoryReport(ctx, q, files); err != nil {
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
			return r, 0, exitcode.Problemsf("--merge %s: %v", quote.Name(file), err)
		}
	}
	if !ours {
		// Without targets, --suite (or the embedded suite) only describes
		// the cases.
		s, err := validate.Load(q.Flags.String("suite"), q.Plan.Stderr)
		if err != nil {
			return r, 0, err
		}
		facts := map[string]report.Case{}
		for id, f := range s.CaseFacts() {
			facts[id] = caseFacts(f)
		}
		r = r.WithFacts(facts)
	}
	if u := q.Flags.String("suite-url"); u != "" {
		if err := report.CheckURL(u); err != nil {
			return r, 0, exitcode.Usagef("--suite-url: %v", err)
		}
		r.SuiteURL = strings.TrimSuffix(u, "/")
	}
	return r, own, nil
}

// RepositoryReport is the report of this repository's targets from the
// result files the flags name (none is a usage error), with the targets
// generated in memory, in the report's order.
func RepositoryReport(ctx context.Context, q Request) (report.Report, []plan.Generated, error) {
	files, err := resultFiles(q)
	if err != nil {
		return report.Report{}, nil, err
	}
	if len(files) == 0 {
		return report.Report{}, nil, exitcode.Usagef("no result files: give --results FILE or --results-dir DIR")
	}
	return repositoryReport(ctx, q, files)
}

// notes is where report's notes go: nowhere under --quiet, which keeps
// warnings and errors alone.
func notes(q Request) io.Writer {
	if q.Flags.Bool("quiet") {
		return io.Discard
	}
	return q.Plan.Stderr
}

// repositoryReport generates the targets in memory (as check does), reads
// each one's test index from the checkout and classifies the result files.
func repositoryReport(ctx context.Context, q Request, files []resultFile) (report.Report, []plan.Generated, error) {
	p, gens, err := plan.GenerateAll(ctx, q.Plan)
	if err != nil {
		return report.Report{}, nil, err
	}
	runs, err := readResults(files, notes(q))
	if err != nil {
		return report.Report{}, nil, err
	}
	repo := repositoryName(q, p)
	in := report.Input{Runs: runs, Descriptions: map[string]string{}, Facts: map[string]report.Case{}}
	names := targetNames(gens)
	perBlock := map[string][]string{}
	for i, g := range gens {
		idx, err := readTargetIndex(g)
		if err != nil {
			return report.Report{}, nil, err
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
		return report.Report{}, nil, exitcode.Problemsf("%v", err)
	}
	r, err = withProvenance(q, r, gens)
	return r.WithoutRoot(machineRoots(p, gens)), gens, err
}

// readTargetIndex reads the test index generate wrote for g, where g's
// generated files put it.
func readTargetIndex(g plan.Generated) (report.Index, error) {
	index, ok := backend.IndexIn(g.Files)
	at := index.Path
	if !ok {
		return report.Index{}, exitcode.Problemsf("%s: the %s backend writes no test index (%s), so its results cannot be mapped to cases", g.Describe(), g.Lang, backend.IndexFileName)
	}
	got, err := writer.ReadSDKFiles(g.Out, []string{at}, safefile.Index)
	if err != nil {
		return report.Index{}, exitcode.Problemsf("%s: %v", g.Describe(), err)
	}
	file := filepath.Join(g.ShownDir(), filepath.FromSlash(at))
	data, ok := got[at]
	if !ok {
		return report.Index{}, exitcode.Problemsf("%s: no test index at %s: run %s first", g.Describe(), quote.Name(file), "bqgen generate")
	}
	idx, err := report.ReadIndex(file, data)
	if err != nil {
		return report.Index{}, exitcode.Problemsf("%v", err)
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
func repositoryName(q Request, p *plan.Run) string {
	if n := q.Flags.String("name"); n != "" {
		return n
	}
	dir := q.Flags.String("out")
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

// machineRoots are the directories whose paths a runner's messages carry
// and no report should: the checkout (the directory of bqgen.yaml, else
// each target's out dir, so paths read relative to the repository root) and the working directory, each as given, made
// absolute, and as its real path.
func machineRoots(p *plan.Run, gens []plan.Generated) []string {
	var dirs []string
	if p.Config != nil {
		dirs = append(dirs, p.Config.Dir())
	} else {
		for _, g := range gens {
			dirs = append(dirs, g.Out)
		}
	}
	if wd, err := os.Getwd(); err == nil {
		dirs = append(dirs, wd)
	}
	var out []string
	for _, d := range dirs {
		if abs, err := filepath.Abs(d); err == nil {
			out = append(out, abs)
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				out = append(out, real)
			}
		}
	}
	return out
}
