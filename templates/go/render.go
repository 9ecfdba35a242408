package gobackend

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/dave/jennifer/jen"
)

// fileBuilder is one Go output file under construction: a jen.File plus the
// habit of separating top-level declarations with a blank line.
type fileBuilder struct {
	path  string
	file  *jen.File
	decls int // top-level declarations added so far
	// block is the block whose tests the file holds ("" for the other
	// files); exemptions excuse its cases (exempt.go).
	block      string
	exemptions backend.Options
	// pending are the case names of the subtests built for the next
	// top-level test; tests is what the test index says of the file's
	// tests (index.go).
	pending []string
	tests   []goTest
}

// newGenerated starts a generated test file of the view's package, headed by
// the generated-code marker.
func (c *common) newGenerated(path string) *fileBuilder {
	f := jen.NewFile(c.pkg)
	for _, line := range c.header() {
		f.HeaderComment(line)
	}
	return &fileBuilder{path: path, file: f}
}

// decl adds one top-level declaration with its doc comment. Doc comments are
// bqgen's own text, never manifest data.
func (b *fileBuilder) decl(doc string, code jen.Code) {
	for _, line := range commentLines(doc) {
		b.file.Comment(line)
	}
	b.file.Add(code)
	b.file.Line()
	b.decls++
}

// render formats the file with jen's File.Render.
func (b *fileBuilder) render() ([]byte, error) {
	var out bytes.Buffer
	if err := b.file.Render(&out); err != nil {
		return nil, b.explain(err)
	}
	return groupImports(out.Bytes()), nil
}

// explain turns a failed render into an error a developer can act on. jen
// flattens the formatter's error into text, so the source is rendered again
// unformatted and formatted here: the error then wraps the formatter's own
// (its scanner.ErrorList stays reachable) and shows numbered lines.
func (b *fileBuilder) explain(renderErr error) error {
	b.file.NoFormat = true
	defer func() { b.file.NoFormat = false }()
	var raw bytes.Buffer
	if err := b.file.Render(&raw); err != nil {
		return fmt.Errorf("render %s: %w", b.path, err)
	}
	if _, err := format.Source(raw.Bytes()); err != nil {
		return fmt.Errorf("render %s: %w\n%s", b.path, err, numberLines(raw.String()))
	}
	return fmt.Errorf("render %s: %w", b.path, renderErr)
}

// commentWidth is where doc comments wrap, so generated files read like
// hand-written ones.
const commentWidth = 80

// commentLines word-wraps comment text into lines of at most commentWidth
// characters (a longer word gets a line of its own).
func commentLines(text string) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > commentWidth {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// comment adds text to a group (an interface or struct body) as wrapped
// line comments.
func comment(g *jen.Group, text string) {
	for _, line := range commentLines(text) {
		g.Comment(line)
	}
}

// numberLines prefixes each line with its 1-based number, for error reports.
func numberLines(src string) string {
	lines := strings.Split(src, "\n")
	var b strings.Builder
	for i, line := range lines {
		fmt.Fprintf(&b, "%5d  %s\n", i+1, line)
	}
	return b.String()
}
