package plan

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
)

// checkExemptions refuses a config whose exemptions match no case of their
// target's blocks (exit 1, as any problem of the config): each is named
// with the file, the line, the target and the closest case ids.
//
// In a dry run (check or diff --suite with a config) they are warnings: the
// preview says what the other suite would do to the config as it is.
func checkExemptions(p *Run, s *model.Suite, stderr io.Writer) error {
	if p.Config == nil {
		return nil
	}
	var problems []string
	for _, t := range p.Targets {
		sel, err := s.Select(t.Blocks)
		if err != nil {
			return exitcode.Usagef("%s: %v", t.Describe(), err)
		}
		err = p.Config.CheckExemptions(t.ConfigIndex, t.Describe(), caseIDStrings(sel), casesHint(p.SuiteDir, t.Blocks))
		var ce *config.Error
		if errors.As(err, &ce) {
			problems = append(problems, ce.Problems...)
		}
	}
	if len(problems) == 0 {
		return nil
	}
	if p.DryRun {
		for _, msg := range problems {
			fmt.Fprintf(stderr, "warning: %s: %s\n", quote.Name(p.Config.Path), quote.Text(msg))
		}
		return nil
	}
	return exitcode.Problemsf("%v", &config.Error{File: p.Config.Path, Problems: problems})
}

func caseIDStrings(s *model.Suite) []string {
	ids := s.CaseIDs()
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	return out
}

// casesHint is the command that lists the ids of these blocks of the
// suite in suiteDir ("": the embedded one).
func casesHint(suiteDir string, blocks []string) string {
	cmd := "bqgen cases"
	if len(blocks) > 0 {
		cmd += " --blocks " + strings.Join(blocks, ",")
	}
	if suiteDir != "" {
		cmd += " --suite " + shellWord(suiteDir)
	}
	return cmd
}
