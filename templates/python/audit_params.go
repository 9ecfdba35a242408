package python

import (
	"fmt"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/protocol"
)

// params is a def's parameter list after self, as far as calls care.
type params struct {
	positional []param // may be passed by position (and by name unless positional-only)
	keyword    []param // keyword-only (after * or *args)
	varargs    bool    // *args
	varkw      bool    // **kwargs
}

// param is one named parameter.
type param struct {
	name         string
	hasDefault   bool
	positionOnly bool // before a / marker
}

// parseParams parses the parameter list that src starts inside (just
// after the opening parenthesis), to its closing one: split at top-level
// commas, strings and comments skipped. The first parameter (self) is
// dropped.
func parseParams(src string) params {
	var p params
	first, star := true, false
	for _, item := range splitTopLevel(src) {
		item = strings.TrimSpace(item)
		switch {
		case item == "":
			continue
		case first:
			first = false
			continue // self
		case item == "/":
			for i := range p.positional {
				p.positional[i].positionOnly = true
			}
			continue
		case item == "*":
			star = true
			continue
		case strings.HasPrefix(item, "**"):
			p.varkw = true
			continue
		case strings.HasPrefix(item, "*"):
			p.varargs, star = true, true
			continue
		}
		name, _, _ := strings.Cut(item, "=")
		name, _, _ = strings.Cut(name, ":")
		one := param{name: strings.TrimSpace(name), hasDefault: strings.Contains(item, "=")}
		if star {
			p.keyword = append(p.keyword, one)
		} else {
			p.positional = append(p.positional, one)
		}
	}
	return p
}

// splitTopLevel splits src at the commas outside brackets and strings, up
// to the parenthesis that closes the one src starts inside.
func splitTopLevel(src string) []string {
	var items []string
	depth, start := 0, 0
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				return append(items, src[start:i])
			}
			depth--
		case ',':
			if depth == 0 {
				items = append(items, src[start:i])
				start = i + 1
			}
		case '#':
			i += strings.IndexByte(src[i:]+"\n", '\n')
		case '"', '\'':
			if end := strings.IndexByte(src[i+1:], c); end >= 0 {
				i += end + 1
			}
		}
	}
	return append(items, src[start:])
}

// rejects says why a call of op, as the generated tests make it (by name
// when byName, else by position), would raise TypeError; "" when it would
// not.
func (p params) rejects(op protocol.Operation, byName bool) string {
	want := make([]string, len(op.Params))
	for i, f := range op.Params {
		want[i] = identifier(f.Name)
	}
	if byName {
		return p.rejectsNames(want)
	}
	n, required := len(want), 0
	for _, one := range p.positional {
		if !one.hasDefault {
			required++
		}
	}
	switch {
	case required > n:
		return fmt.Sprintf("requires %d arguments after self, and the tests pass %d (%s)", required, n, strings.Join(want, ", "))
	case len(p.positional) < n && !p.varargs:
		return fmt.Sprintf("takes %d arguments after self, and the tests pass %d (%s)", len(p.positional), n, strings.Join(want, ", "))
	}
	for _, one := range p.keyword {
		if !one.hasDefault {
			return "requires the keyword-only argument " + one.name + ", which the tests never pass"
		}
	}
	return ""
}

// rejectsNames is rejects for a call that passes every argument by name.
func (p params) rejectsNames(want []string) string {
	accepts := map[string]bool{}
	for _, one := range append(append([]param(nil), p.positional...), p.keyword...) {
		if !one.positionOnly {
			accepts[one.name] = true
		}
		if !one.hasDefault && !slices.Contains(want, one.name) {
			return "requires the argument " + one.name + ", which the tests never pass (they pass " + strings.Join(want, ", ") + " by name)"
		}
	}
	for _, name := range want {
		if !accepts[name] && !p.varkw {
			return "has no parameter " + name + ", which the tests pass by name"
		}
	}
	return ""
}
