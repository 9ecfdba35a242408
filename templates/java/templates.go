package java

import (
	"embed"
	"sort"
	"strings"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per output file, named after the file
// it renders ("ConformanceJson.java"): a block's test class in
// tmpl/<block>.tmpl, next to the scaffold mappings of the operations that
// block serves; shared partials are named "*.partial".
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template once. The view hands the templates
// finished literals, so no untrusted text is formatted inside a template;
// their own functions only escape or arrange text the templates hold.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, template.FuncMap{
		"javaString":  javaString,
		"importLines": importLines,
	}, "tmpl/*.tmpl")
}

// importLines turns class names separated by white space into Java import
// declarations, each once, sorted.
func importLines(names string) string {
	seen := map[string]bool{}
	var lines []string
	for _, name := range strings.Fields(names) {
		if !seen[name] {
			seen[name] = true
			lines = append(lines, "import "+name+";")
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
