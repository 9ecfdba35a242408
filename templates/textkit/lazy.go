package textkit

import (
	"fmt"
	"sync"
	"text/template"

	"github.com/babelqueue/bqgen/backend"
)

// Lazy is a backend's template set, parsed on first use and once: building
// every backend (as the command line does) costs nothing, and a template
// that does not parse fails only its own language's Generate, with an error.
type Lazy struct {
	once  sync.Once
	parse func() (*template.Template, error)
	t     *template.Template
	err   error
}

// NewLazy returns a Lazy that parses with parse.
func NewLazy(parse func() (*template.Template, error)) *Lazy { return &Lazy{parse: parse} }

// Get returns the parsed templates, or the parse error.
func (l *Lazy) Get() (*template.Template, error) {
	l.once.Do(func() { l.t, l.err = l.parse() })
	return l.t, l.err
}

// Generate is a text backend's Generate: it gets the templates (or the
// error of parsing them, named after lang), renders with render, and
// returns the files sorted by path.
func (l *Lazy) Generate(lang string, render func(*template.Template) ([]backend.File, error)) ([]backend.File, error) {
	t, err := l.Get()
	if err != nil {
		return nil, fmt.Errorf("%s templates: %w", lang, err)
	}
	files, err := render(t)
	return backend.SortedByPath(files), err
}
