package java

import (
	"embed"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per output file, named after the file
// it renders ("ConformanceJson.java"), and partials named "*.partial".
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template once. The templates get no
// functions of their own: the view hands them finished literals, so no
// untrusted text is ever formatted inside a template.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, nil, "tmpl/*.tmpl")
}
