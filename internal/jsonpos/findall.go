package jsonpos

import (
	"bytes"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Position is where a value starts: a 1-based line, and a 1-based column in
// code points.
type Position struct{ Line, Column int }

// FindAll is Find for many pointers into one document, in one pass over
// it: a suite with a problem on each of its cases would otherwise have its
// manifest read again for each of them, problems × size. A pointer with no
// value in data is absent from the answer.
func FindAll(data []byte, pointers []string) map[string]Position {
	root := &pointerTrie{}
	for _, p := range pointers {
		if tokens, err := parsePointer(p); err == nil {
			root.add(tokens, p)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var found []located
	_ = root.walk(dec, data, &found) // what was found before an error stands
	return positions(data, found)
}

// pointerTrie holds the pointers asked for, token by token, so the walk
// descends only into values some pointer goes through and skips the rest.
type pointerTrie struct {
	pointers []string // the pointers ending here (one value, maybe spelt twice)
	children map[string]*pointerTrie
	walked   bool // a repeated key leads nowhere new: Find takes the first
}

func (t *pointerTrie) add(tokens []string, pointer string) {
	n := t
	for _, tok := range tokens {
		if n.children == nil {
			n.children = map[string]*pointerTrie{}
		}
		next, ok := n.children[tok]
		if !ok {
			next = &pointerTrie{}
			n.children[tok] = next
		}
		n = next
	}
	n.pointers = append(n.pointers, pointer)
}

// located is a pointer and the offset its value starts at.
type located struct {
	pointer string
	offset  int
}

// walk reads the value dec is before, recording where it starts for the
// pointers ending at t, and descends into the members and items t has
// children for.
func (t *pointerTrie) walk(dec *json.Decoder, data []byte, found *[]located) error {
	t.walked = true
	if len(t.pointers) > 0 {
		at := valueStart(data, int(dec.InputOffset()))
		for _, p := range t.pointers {
			*found = append(*found, located{p, at})
		}
	}
	if len(t.children) == 0 {
		return skip(dec)
	}
	start, err := dec.Token()
	if err != nil {
		return err
	}
	switch start {
	case json.Delim('{'):
		return t.walkMembers(dec, data, found)
	case json.Delim('['):
		return t.walkItems(dec, data, found)
	}
	return nil // a scalar: nothing below it
}

func (t *pointerTrie) walkMembers(dec *json.Decoder, data []byte, found *[]located) error {
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := key.(string)
		if err := t.descend(dec, data, found, name); err != nil {
			return err
		}
	}
	_, err := dec.Token() // '}'
	return err
}

func (t *pointerTrie) walkItems(dec *json.Decoder, data []byte, found *[]located) error {
	for i := 0; dec.More(); i++ {
		if err := t.descend(dec, data, found, strconv.Itoa(i)); err != nil {
			return err
		}
	}
	_, err := dec.Token() // ']'
	return err
}

// descend walks the value under token when a pointer goes through it (the
// first time only), else skips it.
func (t *pointerTrie) descend(dec *json.Decoder, data []byte, found *[]located, token string) error {
	if child := t.children[token]; child != nil && !child.walked {
		return child.walk(dec, data, found)
	}
	return skip(dec)
}

// valueStart is the first byte of the value after offset (InputOffset is
// just past the token before it): past the separator and white space.
func valueStart(data []byte, offset int) int {
	for offset < len(data) && strings.IndexByte(" \t\r\n:,", data[offset]) >= 0 {
		offset++
	}
	return offset
}

// positions turns offsets into lines and columns, in one pass over data in
// the order of the offsets.
func positions(data []byte, found []located) map[string]Position {
	sort.SliceStable(found, func(i, j int) bool { return found[i].offset < found[j].offset })
	out := make(map[string]Position, len(found))
	line, col, at := 1, 1, 0
	for _, f := range found {
		for at < f.offset {
			r, size := utf8.DecodeRune(data[at:])
			at += size
			if r == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		out[f.pointer] = Position{Line: line, Column: col}
	}
	return out
}
