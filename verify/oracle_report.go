package verify

import (
	"fmt"
	"sort"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/report"
	"github.com/babelqueue/bqgen/results"
)

// OracleRepository names the oracle-bound runs in a report.
const OracleRepository = "bqgen oracle"

// OracleTarget is one language's run against the oracle, as `bqgen report`
// reads an SDK's: the test index of the oracle-bound output and the result
// files its runner wrote.
func OracleTarget(s *model.Suite, rep Report, b backend.Backend) (report.Target, []results.Run, error) {
	files, err := b.Generate(s, backend.Options{Binding: backend.BindOracle})
	if err != nil {
		return report.Target{}, nil, err
	}
	file, ok := backend.IndexIn(files)
	if !ok {
		return report.Target{}, nil, fmt.Errorf("%s: the backend writes no test index", rep.Lang)
	}
	idx, err := report.ReadIndex(rep.Lang+" oracle index", file.Content)
	if err != nil {
		return report.Target{}, nil, err
	}
	if len(rep.BaselineFiles) == 0 {
		return report.Target{}, nil, fmt.Errorf("%s: the run against the oracle wrote no result file its runner's format has (unittest has none: run Python with pytest)", rep.Lang)
	}
	if suite, ok := resultSuite(rep.Lang); ok {
		idx = report.InPackage(idx, suite)
	}
	var names []string
	for name := range rep.BaselineFiles {
		names = append(names, name)
	}
	sort.Strings(names)
	var runs []results.Run
	for _, name := range names {
		run, err := results.Read(rep.Lang+": "+name, rep.BaselineFiles[name])
		if err != nil {
			return report.Target{}, nil, err
		}
		runs = append(runs, run)
	}
	return report.Target{Repository: OracleRepository, Name: rep.Lang, Index: idx}, runs, nil
}

// OracleReport gathers the runs against the oracle of every language
// verified into one report's input (verify --report).
type OracleReport struct {
	s  *model.Suite
	in report.Input
}

// NewOracleReport is an empty report of s's cases, in suite order.
func NewOracleReport(s *model.Suite) *OracleReport {
	r := &OracleReport{s: s, in: report.Input{Descriptions: s.CaseDescriptions()}}
	for _, id := range s.CaseIDs() {
		r.in.Order = append(r.in.Order, id.String())
	}
	return r
}

// Add adds rep's run against the oracle, when it ran any test.
func (r *OracleReport) Add(rep Report, b backend.Backend) error {
	if rep.Baseline.Total() == 0 {
		return nil
	}
	target, runs, err := OracleTarget(r.s, rep, b)
	if err != nil {
		return err
	}
	r.in.Targets, r.in.Runs = append(r.in.Targets, target), append(r.in.Runs, runs...)
	return nil
}

// Input is the report's input, for report.Build.
func (r *OracleReport) Input() report.Input { return r.in }
