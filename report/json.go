package report

import (
	"encoding/json"
	"fmt"

	"github.com/babelqueue/bqgen/internal/quote"
)

// jsonFormat is the version of the JSON report (docs/report.md); a reader
// refuses any other.
const jsonFormat = 1

// document is the JSON report: the model, and the changes since the
// previous report when there was one.
type document struct {
	Format int `json:"bqgen_report"`
	Report
	// Older are the targets generated from an older suite revision than
	// the newest: derived (ReadJSON recomputes it), for a reader of the
	// JSON alone.
	Older   []OlderTarget `json:"older_targets,omitempty"`
	Changes *Changes      `json:"changes,omitempty"`
}

// OlderTarget is an SDK target whose tests came from an older suite.
type OlderTarget struct {
	Repository string `json:"repository"`
	Target     string `json:"target"`
	Note       string `json:"note"` // "generated from suite 1.3.0; newest 1.4.0"
}

// JSON is the report as stable, indented JSON: cases in suite order, SDK
// targets in input order, each target's results by case id (sorted).
func JSON(r Report, changes *Changes) ([]byte, error) {
	if r.Cases == nil {
		r.Cases = []Case{}
	}
	if r.SDKs == nil {
		r.SDKs = []SDK{}
	}
	d := document{Format: jsonFormat, Report: r, Changes: changes}
	for _, s := range r.SDKs {
		if note := r.Older(s); note != "" {
			d.Older = append(d.Older, OlderTarget{Repository: s.Repository, Target: s.Target, Note: note})
		}
	}
	out, err := encodeJSON(d)
	return quote.JSON(out), err // no hidden character in a report a log may show
}

// ReadJSON reads a report JSON wrote (another repository's, to merge in).
// A file that is not one, or whose SDK targets' results name a status or
// case the report does not know, is an error naming the file and place.
func ReadJSON(name string, data []byte) (Report, error) {
	var d document
	if err := json.Unmarshal(data, &d); err != nil {
		return Report{}, fmt.Errorf("%s: %s", name, jsonError(data, err))
	}
	if d.Format != jsonFormat {
		return Report{}, fmt.Errorf("%s: not a bqgen JSON report (bqgen_report is %d, want %d)", name, d.Format, jsonFormat)
	}
	if err := d.Report.check(); err != nil {
		return Report{}, fmt.Errorf("%s: %w", name, err)
	}
	return d.Report, nil
}

// check refuses a report whose parts do not fit together.
func (r Report) check() error {
	known := map[Status]bool{}
	for _, s := range Statuses {
		known[s] = true
	}
	if err := checkCells("the report", len(r.Cases), len(r.SDKs)); err != nil {
		return err
	}
	cases := map[string]bool{}
	for i, c := range r.Cases {
		if c.ID == "" || cases[c.ID] {
			return fmt.Errorf("cases[%d]: case %q is empty or listed twice", i, c.ID)
		}
		cases[c.ID] = true
	}
	if err := r.checkLinks(); err != nil {
		return err
	}
	for i, s := range r.SDKs {
		for id, res := range s.Results {
			switch {
			case !cases[id]:
				return fmt.Errorf("sdks[%d] (%s): results name case %q, which cases does not list", i, SDKName(s.Repository, s.Target), id)
			case !known[res.Status]:
				return fmt.Errorf("sdks[%d] (%s): case %q has status %q, which is none of bqgen's", i, SDKName(s.Repository, s.Target), id, res.Status)
			}
		}
		if err := s.checkTrend(); err != nil {
			return fmt.Errorf("sdks[%d] (%s): %w", i, SDKName(s.Repository, s.Target), err)
		}
	}
	return nil
}
