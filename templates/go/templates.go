package gobackend

import (
	"embed"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds the Go source that never depends on the suite, one root
// template per output file (support.go, oracle.go, scaffold.go), the
// scaffold's shared bodies in scaffold.partial.tmpl, and per broker or
// messaging block tmpl/<block>.tmpl with the scaffold mappings of that
// block's operations.
// Test files depend on the suite and are built with jennifer instead.
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template once.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, nil, "tmpl/*.tmpl")
}
