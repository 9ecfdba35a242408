package php

import (
	"embed"
	"sort"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/templates/textkit"
)

// templateFS holds one root template per output file, named after what it
// produces ("Json.php", "cases.test.php"): the support classes in
// <Class>.php.tmpl, a block's test class and the scaffold mappings of the
// operations it serves in <block>.tmpl, and shared partials in
// *.partial.tmpl files.
//
//go:embed tmpl/*.tmpl
var templateFS embed.FS

// parseTemplates parses every template with the PHP functions.
func parseTemplates() (*template.Template, error) {
	return textkit.Parse(templateFS, template.FuncMap{
		"stmt":      statement,
		"loopStmt":  loopStatement,
		"stmtArgs":  func(head string, args []string) string { return statement(head, args...) },
		"phpString": phpString,
		"phpText":   phpText,
		"phpUses":   phpUses,
	}, "tmpl/*.tmpl")
}

// statement writes the call statement "head(arg, ...);" of a test method
// body (see statementAt).
func statement(head string, args ...string) string {
	return statementAt(bodyIndent, head, args...)
}

// loopStatement is statement one level deeper, in a loop of a test method
// body: its arguments' literals are built at that depth (loopIndent).
func loopStatement(head string, args ...string) string {
	return statementAt(loopIndent, head, args...)
}

// statementAt writes the call statement "head(arg, ...);" that starts at
// indent: on one line when every line of it fits in maxLine, otherwise with
// one argument per line (and a trailing comma), an argument's own
// continuation lines indented with it.
func statementAt(indent, head string, args ...string) string {
	one := head + "(" + strings.Join(args, ", ") + ");"
	if fits(indent, one) {
		return one
	}
	inner := indent + "    "
	var b strings.Builder
	b.WriteString(head + "(\n")
	for _, a := range args {
		b.WriteString(inner + strings.ReplaceAll(a, "\n", "\n    ") + ",\n")
	}
	b.WriteString(indent + ");")
	return b.String()
}

// fits reports whether every line of s is at most maxLine characters, the
// first starting after indent.
func fits(indent, s string) bool {
	for i, line := range strings.Split(s, "\n") {
		n := utf8.RuneCountInString(line)
		if i == 0 {
			n += len(indent)
		}
		if n > maxLine {
			return false
		}
	}
	return true
}

// phpUses writes the use statements of the classes listed in lines (one
// fully qualified name a line, repeats and blank lines allowed): sorted,
// the generated namespace's own classes last.
func phpUses(namespace, lines string) string {
	seen := map[string]bool{}
	var other, own []string
	for _, l := range strings.Split(lines, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || seen[l] {
			continue
		}
		seen[l] = true
		if strings.HasPrefix(l, namespace+`\`) {
			own = append(own, l)
		} else {
			other = append(other, l)
		}
	}
	sort.Strings(other)
	sort.Strings(own)
	var b strings.Builder
	for _, l := range append(other, own...) {
		b.WriteString("use " + l + ";\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
