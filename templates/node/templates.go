package node

import (
	"embed"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per kind of output file; files named
// *.partial.tmpl hold the pieces the roots share.
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template once. The templates need no functions
// of their own: every value they print is encoded by the view builder.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, nil, "tmpl/*.tmpl")
}
