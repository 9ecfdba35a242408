package oracle

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/internal/patternbudget"
)

// The payload validator's work stays linear in its schema and data: a
// validator that scans an enum per value, compiles a pattern per string or
// writes a pointer per value is quadratic in a request's size (an enum of
// 100,000 values over an array of 100,000 items, a megabyte key above
// 100,000 items), and a request is a suite's value, up to 16 MiB.

// place is an instance location, kept as a chain so that descending costs
// one small node, and rendered as an RFC 6901 pointer only for an error.
// The root is the nil *place.
type place struct {
	parent *place
	token  string
}

// child is the location of member or item token below p.
func (p *place) child(token string) *place { return &place{parent: p, token: token} }

// String renders the pointer, "" for the root, cut after about
// maxPlaceBytes (shortPointer).
func (p *place) String() string {
	var tokens []string
	for q := p; q != nil; q = q.parent {
		tokens = append(tokens, q.token)
	}
	slices.Reverse(tokens)
	return shortPointer(tokens)
}

// maxErrorBytes is how much error text an answer lists. Past it the verdict
// cannot change (the data is invalid), so validation stops: the rest of a
// huge invalid value is not walked.
const maxErrorBytes = 64 << 10

// errListFull ends a validation whose error list is full.
var errListFull = errors.New("the error list is full")

// full reports whether the error list is full.
func (v *validator) full() bool { return v.errBytes >= maxErrorBytes }

// pattern returns the compiled regular expression expr, compiling each
// distinct pattern once per validation. A pattern whose program is over
// patternbudget.MaxProgram is a schema error naming it: matching it would
// cost its size times every string's length.
func (v *validator) pattern(expr string) (patternbudget.Pattern, error) {
	if p, ok := v.patterns[expr]; ok {
		return p, nil
	}
	size, err := patternbudget.Size(expr)
	if err != nil {
		return patternbudget.Pattern{}, badSchema("pattern must be a valid regular expression")
	}
	if size > patternbudget.MaxProgram {
		return patternbudget.Pattern{}, badSchema("%v", patternbudget.TooLarge(expr, size))
	}
	p, err := patternbudget.Compile(expr)
	if err != nil {
		return patternbudget.Pattern{}, badSchema("pattern must be a valid regular expression")
	}
	if v.patterns == nil {
		v.patterns = map[string]patternbudget.Pattern{}
	}
	v.patterns[expr] = p
	return p, nil
}

// enumValues returns the canonical forms (canonicalJSON) of an enum's
// values, built once per enum keyword, so a value is looked up in constant
// time instead of compared with each.
func (v *validator) enumValues(list []any) (map[string]bool, error) {
	if len(list) == 0 {
		return nil, nil
	}
	if set, ok := v.enums[&list[0]]; ok {
		return set, nil
	}
	set := make(map[string]bool, len(list))
	for _, item := range list {
		key, err := canonicalJSON(item)
		if err != nil {
			return nil, err
		}
		set[key] = true
	}
	if v.enums == nil {
		v.enums = map[*any]map[string]bool{}
	}
	v.enums[&list[0]] = set
	return set, nil
}

// canonicalJSON is one spelling per JSON Schema value, so that two values
// are equal (jsonEqual: 1 equals 1.0, member order does not matter, true
// is not 1) exactly when their spellings are.
func canonicalJSON(value any) (string, error) {
	var b strings.Builder
	err := writeCanonical(&b, value)
	return b.String(), err
}

func writeCanonical(b *strings.Builder, value any) error {
	switch value := value.(type) {
	case nil:
		b.WriteString("n")
	case bool:
		b.WriteString(strconv.FormatBool(value))
	case string:
		b.WriteString("s" + strconv.Itoa(len(value)) + ":" + value) // length-prefixed: no escaping needed
	case json.Number:
		r, err := rat(value)
		if err != nil {
			return err
		}
		b.WriteString("d" + r.RatString())
	case []any:
		return writeCanonicalItems(b, value)
	case map[string]any:
		return writeCanonicalMembers(b, value)
	default:
		return fmt.Errorf("internal error: %T is not a decoded JSON value", value)
	}
	return nil
}

func writeCanonicalItems(b *strings.Builder, items []any) error {
	b.WriteByte('[')
	for _, item := range items {
		if err := writeCanonical(b, item); err != nil {
			return err
		}
		b.WriteByte(',')
	}
	b.WriteByte(']')
	return nil
}

func writeCanonicalMembers(b *strings.Builder, members map[string]any) error {
	b.WriteByte('{')
	for _, key := range sortedKeys(members) {
		b.WriteString(strconv.Itoa(len(key)) + ":" + key)
		if err := writeCanonical(b, members[key]); err != nil {
			return err
		}
		b.WriteByte(',')
	}
	b.WriteByte('}')
	return nil
}
