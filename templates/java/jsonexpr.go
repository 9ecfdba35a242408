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
// imports list.
func jsonExpr(v model.Value, indent int) string { return newJSONBuilder().expr(v, indent) }

// expr returns v as a Java expression. Every string, key and number text
// goes through javaString; a number keeps the exact text the suite wrote.
// An expression that would not fit in maxLine at column indent is split: one
// item per line at indent, the items of nested containers 4 columns further.
func (b *jsonBuilder) expr(v model.Value, indent int) string {
	flat := b.flat(v)
	if indent+len(flat) <= maxLine || (v.Kind != model.Array && v.Kind != model.Object) {
		return flat
	}
	open, items := b.parts(v, indent)
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
		open, items := b.parts(v, -1)
		return open + strings.Join(items, ", ") + ")"
	}
}

// parts splits a container into its factory call's opening and one
// expression per item. indent < 0 asks for one-line items.
func (b *jsonBuilder) parts(v model.Value, indent int) (string, []string) {
	sub := func(item model.Value) string {
		if indent < 0 {
			return b.flat(item)
		}
		return b.expr(item, indent+4)
	}
	if v.Kind == model.Array {
		items := make([]string, len(v.Items))
		for i, item := range v.Items {
			items[i] = sub(item)
		}
		return b.call("jsonArray"), items
	}
	items := make([]string, len(v.Members))
	for i, m := range v.Members {
		items[i] = b.call("jsonMember") + javaString(m.Key) + ", " + sub(m.Value) + ")"
	}
	return b.call("jsonObject"), items
}
