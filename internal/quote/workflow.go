package quote

import (
	"fmt"
	"io"
	"regexp"
	"strings"
)

// Property is one property of a workflow command: file, line, col, title.
type Property struct{ Name, Value string }

// commandWord is a workflow command's or a property's name, as bqgen's
// code writes it (never from input).
var commandWord = regexp.MustCompile(`^[a-zA-Z][a-zA-Z-]*$`)

// CommandLine is the GitHub workflow command `::name props::data` (without
// its line feed). Every value shows its hidden characters (Text), then
// gets GitHub's escaping (EscapeData, EscapeProperty): a value can neither
// end the command nor start another, nor hide part of itself.
func CommandLine(name string, props []Property, data string) (string, error) {
	if !commandWord.MatchString(name) {
		return "", fmt.Errorf("workflow command %q: not a command name", name)
	}
	var b strings.Builder
	b.WriteString("::" + name)
	for i, p := range props {
		if !commandWord.MatchString(p.Name) {
			return "", fmt.Errorf("workflow command %s: property %q: not a property name", name, p.Name)
		}
		sep := ","
		if i == 0 {
			sep = " "
		}
		b.WriteString(sep + p.Name + "=" + EscapeProperty(Text(p.Value)))
	}
	b.WriteString("::" + EscapeData(Text(data)))
	return b.String(), nil
}

// EscapeData is GitHub's escaping of a workflow command's message.
func EscapeData(s string) string {
	return dataEscapes.Replace(s)
}

// EscapeProperty is GitHub's escaping of a property's value.
func EscapeProperty(s string) string {
	return propertyEscapes.Replace(s)
}

var (
	dataEscapes     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscapes = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// WriteCommand writes a workflow command bqgen means (CommandLine) on a
// line of its own: through the gate's Command when w is a gate, the only
// way a gate lets a line read as a command; as it is to any other writer.
func WriteCommand(w io.Writer, name string, props []Property, data string) error {
	if g, ok := w.(*Gate); ok {
		return g.Command(name, props, data)
	}
	line, err := CommandLine(name, props, data)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, line+"\n")
	return err
}

// Command writes a workflow command bqgen means, on a line of its own:
// after a line feed when the stream's current line has begun.
func (g *Gate) Command(name string, props []Property, data string) error {
	line, err := CommandLine(name, props, data)
	if err != nil {
		return err
	}
	l := g.line
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.release(nil)
	if l.started || len(out) > 0 {
		out = append(out, '\n')
	}
	out = append(out, line+"\n"...)
	l.started, l.hashes = false, 0
	if _, err := g.w.Write(out); err != nil {
		return err
	}
	if m, ok := g.w.(meant); ok {
		m.MeantCommand(line)
	}
	return nil
}

// meant is a stream that keeps the workflow commands a gate in front of it
// wrote by Command (workflowtest.Stream): a test compares them with what a
// runner reads in the stream.
type meant interface{ MeantCommand(line string) }
