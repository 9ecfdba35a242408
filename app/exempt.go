package app

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
)

// checkExemptions refuses a config whose exemptions match no case of their
// target's blocks (exit 1, as any problem of the config): each is named
// with the file, the line, the target and the closest case ids.
//
// In a dry run (check or diff --suite with a config) they are warnings: the
// preview says what the other suite would do to the config as it is.
func checkExemptions(p *runPlan, s *model.Suite, stderr io.Writer) error {
	if p.cfg == nil {
		return nil
	}
	var problems []string
	for _, t := range p.targets {
		sel, err := s.Select(t.blocks)
		if err != nil {
			return usageErr("%s: %v", t.describe(), err)
		}
		err = p.cfg.CheckExemptions(t.configIndex, t.describe(), caseIDStrings(sel), casesHint(p.suiteDir, t.blocks))
		var ce *config.Error
		if errors.As(err, &ce) {
			problems = append(problems, ce.Problems...)
		}
	}
	if len(problems) == 0 {
		return nil
	}
	if p.dryRun {
		for _, msg := range problems {
			fmt.Fprintf(stderr, "warning: %s: %s\n", quote.Name(p.cfg.Path), quote.Text(msg))
		}
		return nil
	}
	return problemsErr("%v", &config.Error{File: p.cfg.Path, Problems: problems})
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
