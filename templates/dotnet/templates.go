package dotnet

import (
	"embed"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds the templates: *.cs.tmpl, *.csproj.tmpl and *.props.tmpl
// each define one root named after what it produces; <block>.tmpl hold a
// block's test bodies ("<block>.<what>", see bodyName) and the scaffold's
// mappings of the operations that block exercises ("scaffold.<operation>");
// *.partial.tmpl hold the shared pieces ("<name>.partial").
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// The root templates, one per kind of output file.
const (
	rootSupport       = "ConformanceSupport.cs"
	rootSubject       = "ConformanceSubject.cs"
	rootOracleSubject = "OracleConformanceSubject.cs"
	rootScaffold      = "SdkConformanceSubject.cs"
	rootTests         = "tests.cs"
	rootProject       = "project.csproj"
	rootProps         = "conformance.props"
)

// parseTemplates parses every template once; the backend keeps the result.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, nil, "tmpl/*.tmpl")
}
