package model

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ParseError is a JSON document that cannot be read: a syntax error (with
// its line and column) or a duplicate object key (with its pointer).
type ParseError struct {
	Line, Column int     // 1-based; 0 when the error has no position
	Pointer      Pointer // the object holding a duplicate key, else nil
	Msg          string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Pointer, e.Msg)
}

// Parse reads one JSON document into a Value, keeping number text and member
// order. Duplicate keys are an error: JSON leaves their meaning open, and a
// suite must not mean different things to different SDKs.
func Parse(data []byte) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := &parser{dec: dec, src: data}
	v, err := p.value(Pointer{})
	if err != nil {
		return Value{}, p.wrap(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Value{}, p.positioned(dec.InputOffset(), "unexpected data after the JSON value")
	}
	return v, nil
}

type parser struct {
	dec *json.Decoder
	src []byte
}

func (p *parser) value(at Pointer) (Value, error) {
	offset := p.dec.InputOffset()
	tok, err := p.dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return p.object(at, offset)
		}
		if t == '[' {
			return p.array(at, offset)
		}
		return Value{}, p.positioned(p.dec.InputOffset(), fmt.Sprintf("unexpected %q", rune(t)))
	case json.Number:
		return Value{Kind: Number, Text: string(t), Offset: offset}, nil
	case string:
		return Value{Kind: String, Text: t, Offset: offset}, nil
	case bool:
		return Value{Kind: Bool, Bool: t, Offset: offset}, nil
	default:
		return Value{Kind: Null, Offset: offset}, nil
	}
}

func (p *parser) object(at Pointer, offset int64) (Value, error) {
	v := Value{Kind: Object, Offset: offset, Members: []Member{}}
	seen := map[string]bool{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return Value{}, err
		}
		key, _ := tok.(string) // the decoder only yields strings as object keys
		if seen[key] {
			return Value{}, &ParseError{Pointer: at.Child(key), Msg: fmt.Sprintf("duplicate key %q", key)}
		}
		seen[key] = true
		member, err := p.value(at.Child(key))
		if err != nil {
			return Value{}, err
		}
		v.Members = append(v.Members, Member{Key: key, Value: member})
	}
	_, err := p.dec.Token() // the closing brace
	return v, err
}

func (p *parser) array(at Pointer, offset int64) (Value, error) {
	v := Value{Kind: Array, Offset: offset, Items: []Value{}}
	for p.dec.More() {
		item, err := p.value(at.Index(len(v.Items)))
		if err != nil {
			return Value{}, err
		}
		v.Items = append(v.Items, item)
	}
	_, err := p.dec.Token() // the closing bracket
	return v, err
}

// wrap turns the decoder's errors into ParseErrors with a line and column.
func (p *parser) wrap(err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return p.positioned(se.Offset, se.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.positioned(int64(len(p.src)), "unexpected end of JSON input")
	}
	return p.positioned(p.dec.InputOffset(), err.Error())
}

func (p *parser) positioned(offset int64, msg string) *ParseError {
	line, col := LineColumn(p.src, offset)
	return &ParseError{Line: line, Column: col, Msg: msg}
}

// LineColumn converts a byte offset into a 1-based line and column; the column
// counts characters, as editors do.
func LineColumn(src []byte, offset int64) (int, int) {
	if offset > int64(len(src)) {
		offset = int64(len(src))
	}
	before := src[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	col := len([]rune(string(before[lineStart:]))) + 1
	return line, col
}
