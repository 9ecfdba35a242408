package app

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/initdetect"
	"github.com/babelqueue/bqgen/model"
	"github.com/xeipuuv/gojsonschema"
	"gopkg.in/yaml.v3"
)

// bqgenSchema is config.Schema decoded, as far as the tests read it.
type bqgenSchema struct {
	ID          string                `json:"$id"`
	Properties  map[string]any        `json:"properties"`
	Definitions map[string]schemaNode `json:"definitions"`
}

type schemaNode struct {
	Properties map[string]any `json:"properties"`
	Enum       []string       `json:"enum"`
}

func loadSchema(t *testing.T) bqgenSchema {
	t.Helper()
	var s bqgenSchema
	if err := json.Unmarshal(config.Schema, &s); err != nil {
		t.Fatalf("config/bqgen.schema.json: %v", err)
	}
	return s
}

func keysOf(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Every key the loader takes is in the schema, and every key of the schema
// is one the loader takes: editors complete and flag exactly what bqgen reads.
func TestConfigSchemaHasTheLoadersKeys(t *testing.T) {
	t.Parallel()
	s := loadSchema(t)
	if s.ID != config.SchemaURL {
		t.Errorf("schema $id %q, want config.SchemaURL %q", s.ID, config.SchemaURL)
	}
	keys := config.Keys()
	for typ, schemaKeys := range map[string][]string{
		"Config":    keysOf(s.Properties),
		"Target":    keysOf(s.Definitions["target"].Properties),
		"Exemption": keysOf(s.Definitions["exemption"].Properties),
	} {
		loader := slices.Sorted(slices.Values(keys[typ]))
		if !slices.Equal(loader, schemaKeys) {
			t.Errorf("%s: the loader takes %v, the schema has %v", typ, loader, schemaKeys)
		}
	}
	if got := s.Definitions["target"].Properties["lang"].(map[string]any)["enum"]; !sameStrings(got, Backends().Langs()) {
		t.Errorf("schema languages %v, want %v", got, Backends().Langs())
	}
	if got := s.Definitions["block"].Enum; !slices.Equal(got, model.KnownBlocks) {
		t.Errorf("schema blocks %v, want model.KnownBlocks %v", got, model.KnownBlocks)
	}
}

func sameStrings(v any, want []string) bool {
	list, _ := v.([]any)
	if len(list) != len(want) {
		return false
	}
	for i, x := range list {
		if x != want[i] {
			return false
		}
	}
	return true
}

// init's starter names the schema for yaml-language-server, and every
// language's starter validates against it; a config the loader refuses for a
// key or a value is refused by the schema too.
func TestInitStarterValidatesAgainstTheSchema(t *testing.T) {
	t.Parallel()
	schema, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(config.Schema))
	if err != nil {
		t.Fatalf("config/bqgen.schema.json is not a schema: %v", err)
	}
	validate := func(doc string) []string {
		t.Helper()
		var v any
		if err := yaml.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatalf("starter is not YAML: %v\n%s", err, doc)
		}
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		res, err := schema.Validate(gojsonschema.NewBytesLoader(data))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range res.Errors() {
			out = append(out, e.String())
		}
		return out
	}
	for _, lang := range Backends().Langs() {
		starter := initdetect.StarterConfig(lang, nil, nil)
		if first, _, _ := strings.Cut(starter, "\n"); first != "# yaml-language-server: $schema="+config.SchemaURL {
			t.Errorf("%s starter's first line %q does not name the schema", lang, first)
		}
		if errs := validate(starter); len(errs) > 0 {
			t.Errorf("%s starter does not validate: %v", lang, errs)
		}
	}
	for _, bad := range []string{
		"version: 1\ntargets:\n  - lang: go\n    out: .\n    blokcs: [cases]\n",
		"version: 2\ntargets:\n  - lang: go\n    out: .\n",
		"version: 1\ntargets:\n  - lang: cobol\n    out: .\n",
		"version: 1\ntargets:\n  - lang: go\n    out: .\n    blocks: [nats]\n",
		"version: 1\ntargets:\n  - lang: go\n    out: .\n    exemptions: [{case: 'cases/*', action: ignore, reason: x}]\n",
		"version: 1\ntargets: []\n",
	} {
		if errs := validate(bad); len(errs) == 0 {
			t.Errorf("the schema accepts a config the loader refuses:\n%s", bad)
		}
	}
}
