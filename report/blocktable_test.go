package report

import (
	"strings"
	"testing"
)

// The block table counts each target's passing cases per block out of those
// it generates, and says "—" for a block it does not generate.
func TestBlockTable(t *testing.T) {
	r := Report{
		Cases: []Case{{ID: "cases/a", Block: "cases"}, {ID: "cases/b", Block: "cases"}, {ID: "sqs/x", Block: "sqs"}},
		SDKs: []SDK{
			{Target: "go", Results: map[string]Result{"cases/a": {Status: Passed}, "cases/b": {Status: Failed}, "sqs/x": {Status: NotGenerated}}},
			{Target: "node|sqs", Results: map[string]Result{"cases/a": {Status: Passed}, "cases/b": {Status: Passed}, "sqs/x": {Status: NotProvided}}},
		},
	}
	want := "| block | cases | go | node\\|sqs |\n| --- | ---: | ---: | ---: |\n| cases | 2 | 1/2 | 2/2 |\n| sqs | 1 | — | 0/1 |\n"
	if got := string(BlockTable(r)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Where the report holds several repositories, each column names its own.
func TestBlockTableNamesRepositories(t *testing.T) {
	r := Report{Cases: []Case{{ID: "cases/a", Block: "cases"}}, SDKs: []SDK{
		{Repository: "bqgen oracle", Target: "go", Results: map[string]Result{"cases/a": {Status: Passed}}},
		{Repository: "babelqueue-go", Target: "go core", Results: map[string]Result{"cases/a": {Status: Failed}}},
	}}
	want := "| block | cases | bqgen oracle · go | babelqueue-go · go core |\n"
	if got := string(BlockTable(r)); !strings.HasPrefix(got, want) {
		t.Errorf("got\n%s\nwant it to start\n%s", got, want)
	}
}
