// Package textkit is what the text/template backends share: a hermetic,
// pinned function map and a parse/render pair whose errors name the template.
package textkit

import (
	"bytes"
	"fmt"
	"io/fs"
	"text/template"

	"github.com/Masterminds/sprig/v3"
	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/parallel"
)

// allowedSprig is the sprig functions templates may use. sprig's "hermetic"
// map still carries randInt, shuffle, ago, bcrypt and key generators; only
// pure, deterministic string and list helpers are let through.
var allowedSprig = []string{
	"camelcase", "contains", "default", "empty", "first", "hasPrefix", "hasSuffix",
	"indent", "join", "last", "list", "lower", "nindent", "quote", "repeat",
	"replace", "snakecase", "sortAlpha", "split", "splitList", "squote", "title",
	"trim", "trimPrefix", "trimSuffix", "trunc", "upper", "dict", "get", "hasKey",
	"add", "sub", "until", "toString",
}

// FuncMap returns the allowed sprig functions plus the backend's own, which
// win on a name clash.
func FuncMap(own template.FuncMap) template.FuncMap {
	all := sprig.HermeticTxtFuncMap()
	fm := template.FuncMap{}
	for _, name := range allowedSprig {
		if f, ok := all[name]; ok {
			fm[name] = f
		}
	}
	for name, f := range own {
		fm[name] = f
	}
	return fm
}

// Parse parses every template matching patterns in fsys once, with funcs
// and the template-dispatch functions include and defined.
func Parse(fsys fs.FS, funcs template.FuncMap, patterns ...string) (*template.Template, error) {
	t := template.New("root").Option("missingkey=error")
	t.Funcs(FuncMap(funcs)).Funcs(dispatch(t))
	if _, err := t.ParseFS(fsys, patterns...); err != nil {
		return nil, fmt.Errorf("parse templates: %w", err)
	}
	return t, nil
}

// dispatch returns the functions that pick a template by a computed name,
// which text/template's own {{template}} action cannot: a backend keeps an
// operation's scaffold mapping in its block's template file as
// {{define "scaffold.<operation>"}} and the scaffold includes it by name.
//
//	include NAME DATA  renders the template NAME with DATA into a string
//	defined NAME       reports whether a template NAME exists
func dispatch(t *template.Template) template.FuncMap {
	return template.FuncMap{
		"include": func(name string, data any) (string, error) {
			var b bytes.Buffer
			if err := t.ExecuteTemplate(&b, name, data); err != nil {
				return "", err
			}
			return b.String(), nil
		},
		"defined": func(name string) bool { return t.Lookup(name) != nil },
	}
}

// Render executes the template named name, naming it in any error.
func Render(t *template.Template, name string, data any) ([]byte, error) {
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, name, data); err != nil {
		return nil, fmt.Errorf("render %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// Output is one file a template renders: its path, the root template that
// produces it, the template's data, and how the writer treats the file.
type Output struct {
	Path     string
	Template string
	Data     any
	Kind     backend.Kind
}

// RenderAll renders every output, in parallel (templates are safe for
// concurrent execution), and returns the files in the outputs' order; an
// error names the file.
func RenderAll(t *template.Template, outputs []Output) ([]backend.File, error) {
	files := make([]backend.File, len(outputs))
	err := parallel.Each(len(outputs), func(i int) error {
		out := outputs[i]
		content, err := Render(t, out.Template, out.Data)
		if err != nil {
			return fmt.Errorf("%s: %w", out.Path, err)
		}
		files[i] = backend.File{Path: out.Path, Content: content, Kind: out.Kind}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}
