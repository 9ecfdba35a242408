package php

import (
	"embed"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per output file, named after what it
// produces ("Json.php", "cases.test.php"), and shared partials in
// *.partial.tmpl files.
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template with the PHP literal functions.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, template.FuncMap{}, "tmpl/*.tmpl")
}
