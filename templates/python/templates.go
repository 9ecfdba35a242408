package python

import (
	"cmp"
	"embed"
	"slices"
	"strings"
	"text/template"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per output file, each defined under the
// name of the file it renders (conformance_support.py,
// test_conformance_cases.py, ...): the support, oracle and scaffold modules
// in <module>.py.tmpl, a block's test module in <block>.tmpl together with
// the scaffold mappings of the operations its transport provides
// ("scaffold.<operation>", "scaffold-support.<block>", and
// "scaffold-consumer.<block>": the in-memory client its consumer receives
// from, which brings in the scaffold's _gate_outcome) or, for one the SDK
// cannot provide, the reason why ("not-provided.<operation>", plain text),
// and the shared partials in *.partial.tmpl, whose names end in ".partial".
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// funcs are the backend's own template functions. Templates get literals
// ready-made from the view; they only place them.
var funcs = template.FuncMap{
	"hang":             hang,
	"imports":          imports,
	"raiseNotProvided": raiseNotProvided,
}

// parseTemplates parses every template once.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, funcs, "tmpl/*.tmpl")
}

// imports is the from-import of names and extra (identifiers bqgen
// computed, never suite text) from module: each once, one a line, sorted
// ignoring case as isort and ruff order them.
func imports(module string, names []string, extra ...string) string {
	all := slices.Concat(names, extra)
	slices.SortFunc(all, func(a, b string) int {
		return cmp.Or(cmp.Compare(strings.ToLower(a), strings.ToLower(b)), cmp.Compare(a, b))
	})
	all = slices.Compact(all)
	return "from " + module + " import (\n    " + strings.Join(all, ",\n    ") + ",\n)"
}

// raiseNotProvided is the statement of a scaffold method (indent 8) that
// raises NotProvided with reason, a text whose runs of white space (line
// breaks of the template that holds it) become one space. A reason too long
// for a line is split after spaces into adjacent literals, one a line.
func raiseNotProvided(reason string) string {
	reason = strings.Join(strings.Fields(reason), " ")
	const indent = "        "
	one := indent + "raise NotProvided(" + pyString(reason) + ")"
	if len(one) <= lineWidth {
		return one + "\n"
	}
	inner := indent + "    "
	// One less than the room: a piece may keep a trailing space one past its width.
	lines := pyStringLines(reason, lineWidth-len(inner)-1)
	return indent + "raise NotProvided(\n" + inner + hang(len(inner), lines) + "\n" + indent + ")\n"
}
