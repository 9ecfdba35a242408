package suitediff

import (
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
)

// Renderer is the renderer of the --format asked for: text, md or json.
func Renderer(format string) (func(*Diff) ([]byte, error), error) {
	switch format {
	case "text":
		return func(d *Diff) ([]byte, error) { return []byte(Text(d)), nil }, nil
	case "md":
		return func(d *Diff) ([]byte, error) { return []byte(Markdown(d)), nil }, nil
	case "json":
		return JSON, nil
	}
	return nil, exitcode.Usagef("--format %s: want text, md or json", quote.Name(format))
}
