package model

import (
	"fmt"
	"strconv"
	"strings"
)

// Pointer is an RFC 6901 JSON pointer, kept as its unescaped reference tokens.
// The empty pointer refers to the whole document.
type Pointer []string

// ParsePointer reads the string form ("/meta/vendor_flag", "/a~1b" for key
// "a/b", "/m~0n" for key "m~n").
func ParsePointer(s string) (Pointer, error) {
	if s == "" {
		return Pointer{}, nil
	}
	if !strings.HasPrefix(s, "/") {
		return nil, fmt.Errorf("JSON pointer %q must be empty or start with /", s)
	}
	parts := strings.Split(s[1:], "/")
	p := make(Pointer, len(parts))
	for i, part := range parts {
		token, err := unescapeToken(part)
		if err != nil {
			return nil, fmt.Errorf("JSON pointer %q: %w", s, err)
		}
		p[i] = token
	}
	return p, nil
}

func unescapeToken(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '~' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 == len(s) || (s[i+1] != '0' && s[i+1] != '1') {
			return "", fmt.Errorf("~ must be followed by 0 or 1")
		}
		if s[i+1] == '0' {
			b.WriteByte('~')
		} else {
			b.WriteByte('/')
		}
		i++
	}
	return b.String(), nil
}

// tokenEscaper escapes a reference token (RFC 6901 §3); built once.
var tokenEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// String renders the pointer with ~ and / escaped.
func (p Pointer) String() string {
	var b strings.Builder
	for _, token := range p {
		b.WriteByte('/')
		b.WriteString(tokenEscaper.Replace(token))
	}
	return b.String()
}

// Child is the pointer to member key of the object p points at.
func (p Pointer) Child(key string) Pointer {
	out := make(Pointer, len(p), len(p)+1)
	copy(out, p)
	return append(out, key)
}

// Index is the pointer to item i of the array p points at.
func (p Pointer) Index(i int) Pointer { return p.Child(strconv.Itoa(i)) }

// Resolve finds the value p points at inside doc.
func (p Pointer) Resolve(doc Value) (Value, bool) {
	cur := doc
	for _, token := range p {
		next, ok := step(cur, token)
		if !ok {
			return Value{}, false
		}
		cur = next
	}
	return cur, true
}

func step(v Value, token string) (Value, bool) {
	switch v.Kind {
	case Object:
		return v.Get(token)
	case Array:
		i, err := strconv.Atoi(token)
		if err != nil || i < 0 || i >= len(v.Items) || (len(token) > 1 && token[0] == '0') {
			return Value{}, false
		}
		return v.Items[i], true
	default:
		return Value{}, false
	}
}

// Resolver resolves many pointers in one document. Resolve scans an
// object's members at each step, so resolving a pointer to each member of a
// large object would be quadratic in its size; a Resolver indexes each
// large object the first time a pointer passes through it.
type Resolver struct {
	doc     Value
	indexes map[*Member]func(key string) (Value, bool) // by the object's first member
}

// NewResolver returns a Resolver over doc, which must not change while the
// Resolver is in use.
func NewResolver(doc Value) *Resolver {
	return &Resolver{doc: doc, indexes: map[*Member]func(string) (Value, bool){}}
}

// Resolve finds the value p points at, as Pointer.Resolve does.
func (r *Resolver) Resolve(p Pointer) (Value, bool) {
	cur := r.doc
	for _, token := range p {
		next, ok := r.step(cur, token)
		if !ok {
			return Value{}, false
		}
		cur = next
	}
	return cur, true
}

func (r *Resolver) step(v Value, token string) (Value, bool) {
	if v.Kind != Object || len(v.Members) == 0 {
		return step(v, token)
	}
	get, ok := r.indexes[&v.Members[0]]
	if !ok {
		get = v.Lookup()
		r.indexes[&v.Members[0]] = get
	}
	return get(token)
}
