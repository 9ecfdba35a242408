package python

import (
	"embed"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per output file, each defined under the
// name of the file it renders (conformance_support.py, test_conformance_sqs.py,
// ...), and the shared partials, whose names end in ".partial".
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// funcs are the backend's own template functions. Templates get literals
// ready-made from the view; they only place them.
var funcs = template.FuncMap{
	"hang": hang,
}

// parseTemplates parses every template once.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, funcs, "tmpl/*.tmpl")
}
