package plan

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/baseline"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/writer"
)

// readBaselines gives each target the known failures of its baseline
// (.bqgen/<lang>.baseline in its out dir), after its bqgen.yaml
// exemptions, which win where both cover a case. A line whose case the
// target's blocks lack (a case the suite dropped) is a warning: bqgen
// baseline drops it; the file itself must parse.
func readBaselines(p *Run, s *model.Suite, stderr io.Writer) error {
	for i, t := range p.Targets {
		f, err := readBaseline(t)
		if err != nil {
			return err
		}
		sel, err := s.Select(t.Blocks)
		if err != nil {
			return exitcode.Usagef("%s: %v", t.Describe(), err)
		}
		p.Targets[i] = WithBaseline(t, f, caseIDStrings(sel), stderr)
	}
	return nil
}

// readBaseline reads t's baseline from its out dir (none: an empty File).
func readBaseline(t Target) (baseline.File, error) {
	at := baseline.Path(t.Lang)
	got, err := writer.ReadSDKFiles(t.Out, []string{at}, safefile.Baseline)
	if err != nil {
		return baseline.File{}, exitcode.Problemsf("%s: %v", t.Describe(), err)
	}
	data, ok := got[at]
	if !ok {
		return baseline.File{}, nil
	}
	f, err := baseline.Parse(BaselineShown(t), data)
	if err != nil {
		return baseline.File{}, exitcode.Problemsf("%s: %v", t.Describe(), err)
	}
	return f, nil
}

// BaselineShown is t's baseline as messages name it: under the out dir as
// the user wrote it.
func BaselineShown(t Target) string {
	return filepath.Join(t.ShownDir(), filepath.FromSlash(baseline.Path(t.Lang)))
}

// WithBaseline is t with f's entries as its known failures, in place of
// any it had from a baseline: each a literal case id, a "fail" exemption
// whose remedy names the file. ids are the cases of t's blocks; an entry
// for another case is said on warn and left out.
func WithBaseline(t Target, f baseline.File, ids []string, warn io.Writer) Target {
	known := make(map[string]bool, len(ids))
	for _, id := range ids {
		known[id] = true
	}
	var ex []backend.Exemption
	for _, e := range t.Opt.Exemptions {
		if !e.Literal {
			ex = append(ex, e)
		}
	}
	for _, e := range f.Entries {
		if !known[e.Case] {
			fmt.Fprintf(warn, "warning: %s: %s line %d: case %s is not a case of the target's blocks; bqgen baseline drops it\n",
				t.Describe(), quote.Name(BaselineShown(t)), e.Line(), quote.Name(e.Case))
			continue
		}
		ex = append(ex, backend.Exemption{Pattern: e.Case, Action: backend.ExemptFail, Literal: true,
			Source: baseline.Path(t.Lang), Reason: "listed in " + baseline.Path(t.Lang) + " since suite " + e.Suite})
	}
	t.Opt.Exemptions, t.Baseline = ex, f
	return t
}

// CaseIDs are the "<block>/<case name>" ids of g's cases, in suite order.
func (g Generated) CaseIDs() []string { return caseIDStrings(g.Suite) }
