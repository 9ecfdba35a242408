package java

import (
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// maxLine is the width past which a JSON expression is broken into lines.
const maxLine = 100

// jsonBuilder renders JSON values as Java expressions built with the
// factories of the generated ConformanceJson (jsonObject, jsonMember,
// jsonNumber, ...), and remembers which factories it used, so a test class
// imports exactly those. One builder serves one class.
type jsonBuilder struct {
	used map[string]bool
}

func newJSONBuilder() *jsonBuilder { return &jsonBuilder{used: map[string]bool{}} }

// imports lists the factories the expressions so far call, sorted.
func (b *jsonBuilder) imports() []string {
	out := make([]string, 0, len(b.used))
	for name := range b.used {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// call records factory and opens its call.
func (b *jsonBuilder) call(factory string) string {
	b.used[factory] = true
	return factory + "("
}

// jsonExpr renders v with a builder of its own, for callers that need no
// imports list, as an expression starting at column indent.
func jsonExpr(v model.Value, indent int) string { return newJSONBuilder().expr(v, indent, indent, 0) }

// expr returns v as a Java expression that starts at column col and is
// followed by tail more characters on its last line. Every string, key and
// number text goes through javaString; a number keeps the exact text the
// suite wrote. An expression that would pass maxLine is split: one item per
// line at indent, the items of nested containers 4 columns further, and a
// long string into a concatenation (splitLiteral).
func (b *jsonBuilder) expr(v model.Value, col, indent, tail int) string {
	flat := b.flat(v)
	if col+len(flat)+tail <= maxLine || (v.Kind != model.Array && v.Kind != model.Object) {
		return splitLiteral(flat, col, tail, indent+contIndent) // a long jsonString("...") is split
	}
	open, items := b.parts(v, indent, tail)
	if len(items) == 0 {
		return flat
	}
	pad := "\n" + strings.Repeat(" ", indent)
	return open + pad + strings.Join(items, ","+pad) + ")"
}

// flat is the one-line expression for v.
func (b *jsonBuilder) flat(v model.Value) string {
	switch v.Kind {
	case model.Null:
		return b.call("jsonNull") + ")"
	case model.Bool:
		if v.Bool {
			return b.call("jsonBool") + "true)"
		}
		return b.call("jsonBool") + "false)"
	case model.Number:
		return b.call("jsonNumber") + javaString(v.Text) + ")"
	case model.String:
		return b.call("jsonString") + javaString(v.Text) + ")"
	default:
		open, items := b.parts(v, -1, 0)
		return open + strings.Join(items, ", ") + ")"
	}
}

// parts splits a container into its factory call's opening and one
// expression per item, each on a line of its own at indent; tail follows
// the container's closing parenthesis. indent < 0 asks for one-line items.
func (b *jsonBuilder) parts(v model.Value, indent, tail int) (string, []string) {
	// sub renders an item starting after prefix; close more characters
	// follow it on its line: its own closers, then "," or the container's.
	sub := func(item model.Value, prefix string, last bool, close int) string {
		if indent < 0 {
			return b.flat(item)
		}
		after := close + len(",")
		if last {
			after = close + len(")") + tail
		}
		return b.expr(item, indent+len(prefix), indent+4, after)
	}
	if v.Kind == model.Array {
		items := make([]string, len(v.Items))
		for i, item := range v.Items {
			items[i] = sub(item, "", i == len(v.Items)-1, 0)
		}
		return b.call("jsonArray"), items
	}
	items := make([]string, len(v.Members))
	for i, m := range v.Members {
		prefix := b.call("jsonMember") + javaString(m.Key) + ", "
		items[i] = prefix + sub(m.Value, prefix, i == len(v.Members)-1, len(")")) + ")"
	}
	return b.call("jsonObject"), items
}

// jsonCall is the call "head(before..., v, after...)" starting at column
// col with tail characters after it on its line. It stays on one line when
// that fits lineWidth; otherwise a container v is split (see expr), and
// anything else wraps between arguments.
func (b *jsonBuilder) jsonCall(col, tail int, head string, before []string, v model.Value, after []string) string {
	flat := b.flat(v)
	args := append(append(append([]string{}, before...), flat), after...)
	oneLine := head + "(" + strings.Join(args, ", ") + ")"
	empty := len(v.Items) == 0 && len(v.Members) == 0
	if col+len(oneLine)+tail <= lineWidth || (v.Kind != model.Array && v.Kind != model.Object) || empty {
		return fill(col, head+"(", args, ")", tail, col+contIndent)
	}
	lead := head + "("
	for _, a := range before {
		lead += a + ", "
	}
	if len(after) == 0 {
		return lead + b.expr(v, col+len(lead), col+contIndent, len(")")+tail) + ")"
	}
	// The arguments after a split value go on a line of their own.
	split := b.expr(v, col+len(lead), col+contIndent, len(","))
	return lead + split + ",\n" + fill(0, strings.Repeat(" ", col+contIndent), after, ")", tail, col+contIndent)
}

// statement is jsonCall for a statement of its own in a test body.
func (b *jsonBuilder) statement(head string, before []string, v model.Value, after ...string) string {
	return b.statementAt(bodyStart, head, before, v, after...)
}

// statementAt is statement starting at column col.
func (b *jsonBuilder) statementAt(col int, head string, before []string, v model.Value, after ...string) string {
	return b.jsonCall(col, len(";"), head, before, v, after)
}
