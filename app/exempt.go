package app

import (
	"errors"
	"strings"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/model"
)

// checkExemptions refuses a config whose exemptions match no case of their
// target's blocks (exit 1, as any problem of the config): each is named
// with the file, the line, the target and the closest case ids.
func checkExemptions(p *runPlan, s *model.Suite) error {
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
