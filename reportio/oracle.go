package reportio

import (
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/report"
)

// WriteReportJSON classifies the runs of in and writes them as a JSON
// report to file (the value of flag).
func WriteReportJSON(flag, file string, in report.Input) error {
	r, err := report.Build(in)
	if err != nil {
		return exitcode.Problemsf("%s: %v", flag, err)
	}
	data, err := report.JSON(r, nil)
	if err != nil {
		return err
	}
	return WriteOutput(flag, file, data)
}
