package app

import (
	"fmt"
	"io"

	"github.com/babelqueue/bqgen/baseline"
	"github.com/babelqueue/bqgen/checkout"
	"github.com/babelqueue/bqgen/internal/critical"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/reportio"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/urfave/cli/v2"
)

func baselineCommand() *cli.Command {
	return &cli.Command{
		Name: "baseline",
		Usage: "write each target's known failures (.bqgen/<lang>.baseline) from a run's result files and regenerate its tests, " +
			"so the gate passes on them and fails on a new failure or a known one that passes",
		UsageText: "bqgen baseline (--results FILE... | --results-dir DIR) [--config FILE | --lang LANG --out DIR [--suite DIR] [--package NAME] [--vendor DIR] [--blocks LIST]]",
		Flags: append(reportTargetFlags(),
			&cli.StringSliceFlag{Name: "results", Usage: "a runner's result `FILE` (go test -json, JUnit XML, TRX); repeat the flag for more"},
			&cli.StringFlag{Name: "results-dir", Usage: "read every result file under `DIR`"},
		),
		Action: runBaseline,
	}
}

// runBaseline reads the results as report does, works out each target's
// new baseline, regenerates the targets with it in memory, and only then
// writes: the baselines, then the generated files. A write that fails
// puts the baselines back as they were.
func runBaseline(c *cli.Context) error {
	o, err := outputOf(c)
	if err != nil {
		return err
	}
	q := reportio.Request{Plan: planRequest(c), Flags: c, Stdout: c.App.Writer}
	r, gens, err := reportio.RepositoryReport(c.Context, q)
	if err != nil {
		return err
	}
	ratchets, err := reportio.Ratchets(r, gens)
	if err != nil {
		return err
	}
	regenerated, err := regenerate(ratchets)
	if err != nil {
		return err
	}
	leave, ok := critical.Enter(c.Context)
	if !ok {
		return interruptedErr("interrupted; nothing was written")
	}
	defer leave()
	restore, err := writeBaselines(ratchets)
	if err != nil {
		return err
	}
	if err := checkout.Write(c.Context, regenerated, o); err != nil {
		restore()
		return err
	}
	sayRatchets(o.Out, ratchets)
	return nil
}

// regenerate generates every target again, in memory, with its new
// baseline's known failures.
func regenerate(ratchets []reportio.Ratchet) ([]plan.Generated, error) {
	var out []plan.Generated
	for _, rt := range ratchets {
		t := plan.WithBaseline(rt.Gen.Target, rt.New, rt.Gen.CaseIDs(), io.Discard)
		g, err := plan.GenerateTarget(rt.Gen.Whole, t, Backends())
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// writeBaselines writes each target's new baseline (an empty one removes
// the file) and returns what puts the old ones back.
func writeBaselines(ratchets []reportio.Ratchet) (restore func(), err error) {
	var undo []func()
	restore = func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	for _, rt := range ratchets {
		out, at := rt.Gen.Out, baseline.Path(rt.Gen.Lang)
		old := rt.Old
		undo = append(undo, func() { _ = putBaseline(out, at, old) })
		if err := putBaseline(out, at, rt.New); err != nil {
			restore()
			return nil, problemsErr("%s: %v", rt.Gen.Describe(), err)
		}
	}
	return restore, nil
}

func putBaseline(out, at string, f baseline.File) error {
	if len(f.Entries) == 0 {
		return safefile.RemoveIn(out, at)
	}
	return safefile.WriteIn(out, at, baseline.Encode(f))
}

// sayRatchets tells each target's change, case by case, and what to do
// with it: commit the baseline with the regenerated tests.
func sayRatchets(w io.Writer, ratchets []reportio.Ratchet) {
	for _, rt := range ratchets {
		shown := quote.Name(plan.BaselineShown(rt.Gen.Target))
		fmt.Fprintf(w, "%s: %s: %d known failure(s) (%d added, %d removed)\n",
			rt.Gen.Describe(), shown, len(rt.New.Entries), len(rt.Added), len(rt.Removed))
		sayIDs(w, "added", rt.Added)
		sayIDs(w, "removed", rt.Removed)
		for _, id := range rt.ConfigNowPasses {
			fmt.Fprintf(w, "  %s now passes, yet a \"fail\" exemption of bqgen.yaml covers it: remove the exemption\n", quote.Name(id))
		}
	}
	fmt.Fprintln(w, "Commit the baseline(s) with the regenerated tests: the gate passes on these known failures, "+
		"and fails on a case that newly fails or a known one that passes.")
}

// maxListed is how many case ids of one kind a target's summary lists.
const maxListed = 30

func sayIDs(w io.Writer, what string, ids []string) {
	for i, id := range ids {
		if i == maxListed {
			fmt.Fprintf(w, "  ... and %d more %s\n", len(ids)-maxListed, what)
			return
		}
		fmt.Fprintf(w, "  %s %s\n", what, quote.Name(id))
	}
}
