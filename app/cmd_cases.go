package app

import (
	"fmt"

	"github.com/babelqueue/bqgen/completion/urfave"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/validate"
	"github.com/urfave/cli/v2"
)

func casesCommand() *cli.Command {
	return &cli.Command{
		Name: "cases",
		Usage: "print every case id as exemption patterns see them, <block>/<case name>, one a line " +
			"(gate cases by the names bqgen gives them); the ids are the same in every language",
		UsageText: "bqgen cases [--blocks LIST] [--lang LANG] [--suite DIR]",
		Flags: []cli.Flag{
			urfave.List(&cli.StringFlag{Name: "blocks", Usage: "only these `BLOCKS` (comma-separated; default: all), as a target's blocks"}),
			&cli.StringFlag{Name: "lang", Usage: "`LANG` of the target (" + langNames() + "): checked, but every language sees the same ids"},
			suiteFlag(),
		},
		Action: runCases,
	}
}

func runCases(c *cli.Context) error {
	if lang := c.String("lang"); lang != "" {
		if _, err := Backends().Lookup(lang); err != nil {
			return usageErr("%v", err)
		}
	}
	blocks := plan.SplitList(c.String("blocks"))
	s, err := validate.Load(c.String("suite"), c.App.ErrWriter)
	if err != nil {
		return err
	}
	sel, err := s.Select(blocks)
	if err != nil {
		return usageErr("%v", err)
	}
	for _, id := range sel.CaseIDs() {
		fmt.Fprintln(c.App.Writer, quote.Name(id.String()))
	}
	return nil
}
