package node

import (
	"embed"
	"fmt"
	"text/template"

	"github.com/babelqueue/bqgen/protocol"
	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per kind of output file; files named
// *.partial.tmpl hold the pieces the roots share.
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template once. Every value the templates
// print is encoded by the view builder; their functions of their own only
// arrange code: method names the subject method of a protocol operation,
// stmt lays out a call statement of already-encoded arguments.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, template.FuncMap{"method": method, "stmt": stmt}, "tmpl/*.tmpl")
}

// stmt is the statement calling fn with args (each already source text),
// on one line when it fits, else one argument per line, indented from indent.
func stmt(indent, fn string, args ...string) string {
	return layoutList(indent, fn+"(", args, ");", 0)
}

// method is the subject method of the protocol operation named op, e.g.
// "idempotencyKey" for "idempotency_key"; an unknown operation is an error.
func method(op string) (string, error) {
	if _, ok := protocol.Lookup(op); !ok {
		return "", fmt.Errorf("no protocol operation %q", op)
	}
	return lowerCamel(op), nil
}
