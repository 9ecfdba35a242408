package backend_test

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// ClausesValue keeps every clause the case has, in the manifest's order,
// spelled by the backend's key, and leaves out the absent ones.
func TestClausesValue(t *testing.T) {
	x := model.ProducerExpect{
		Types:     []model.PointerType{{Pointer: model.Pointer{"job"}, Type: "string"}},
		Equal:     []model.PreservedValue{{Pointer: model.Pointer{"attempts"}, Value: model.NumberValue("0")}},
		NowMillis: []model.Pointer{{"meta", "created_at"}},
		FreshIDs:  []model.Pointer{{"trace_id"}},
	}
	got := backend.ClausesValue(x, strings.ToUpper).Compact()
	want := `{"TYPES":{"/job":"string"},"EQUAL":{"/attempts":0},"NOW_MILLIS":["/meta/created_at"]}`
	if got != want {
		t.Errorf("ClausesValue = %s, want %s", got, want)
	}
}

// Projections yields the projection, then its foreign-lang twin, each
// only when present.
func TestProjections(t *testing.T) {
	one, two := 1, 2
	var names []string
	for name := range backend.Projections("p", &one, &two) {
		names = append(names, name)
	}
	for name := range backend.Projections("q", nil, &two) {
		names = append(names, name)
	}
	if got := strings.Join(names, " "); got != "p p_foreign_lang q_foreign_lang" {
		t.Errorf("names = %q", got)
	}
}
