package gobackend

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// A 19th operation in protocol reaches the subject interface, the oracle
// subject and the scaffold (as "not provided") with no edit in this backend.
func TestNewOperationNeedsNoBackendEdit(t *testing.T) {
	t.Parallel()
	ops := append(append([]protocol.Operation{}, protocol.Operations...), protocol.Operation{
		Name: "frobnicate_widget",
		Doc:  "frobnicates the widget of envelope",
		Params: []protocol.Field{
			{Name: "envelope", Type: protocol.Type{Kind: protocol.Envelope}},
			{Name: "widget_id", Type: protocol.Type{Kind: protocol.OptionalText}},
		},
		Result: protocol.Result{Member: "frobnicated", Type: protocol.Type{Kind: protocol.Envelope}},
	})
	api, err := buildSubjectAPI(ops, protocol.Records)
	if err != nil {
		t.Fatal(err)
	}
	c := &common{pkg: "p", version: "1.0.0", api: api}
	render := func(build func(*common) (*fileBuilder, error)) string {
		b, err := build(c)
		if err != nil {
			t.Fatal(err)
		}
		out, err := b.render()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	subject, oracle := render(subjectFile), render(oracleSubjectFile)
	templates, err := parseTemplates()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := textkit.Render(templates, "scaffold.go", c.templateData())
	if err != nil {
		t.Fatal(err)
	}
	scaffold, err := formatSource(ScaffoldFile, raw)
	if err != nil {
		t.Fatal(err)
	}
	const signature = "FrobnicateWidget(envelope []byte, widgetID *string) ([]byte, error)"
	for name, want := range map[string][]string{
		"subject": {"// FrobnicateWidget frobnicates the widget of envelope.", signature},
		"oracle subject": {signature, `conformanceOracleCall("frobnicate_widget"`, `"widget_id": widgetID`,
			"Frobnicated string `json:\"frobnicated\"`", "return []byte(result.Frobnicated), err"},
		"scaffold": {signature, `conformanceNotProvided("not mapped yet: map frobnicate_widget onto the SDK's API")`},
	} {
		text := map[string]string{"subject": subject, "oracle subject": oracle, "scaffold": string(scaffold)}[name]
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("the %s lacks %s:\n%s", name, w, text)
			}
		}
	}
}

// A kind the backend has no Go type for is an error, not a panic.
func TestUnknownKindIsAnError(t *testing.T) {
	t.Parallel()
	ops := []protocol.Operation{{Name: "odd", Doc: "is odd", Result: protocol.Result{Member: "x", Type: protocol.Type{Kind: 99}}}}
	if _, err := buildSubjectAPI(ops, nil); err == nil || !strings.Contains(err.Error(), "odd") {
		t.Errorf("buildSubjectAPI = %v, want an error naming the operation", err)
	}
}
