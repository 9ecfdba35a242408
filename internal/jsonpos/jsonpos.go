// Package jsonpos finds where an RFC 6901 JSON pointer's value starts in a
// JSON document, as a line and column, so a problem found by pointer can be
// shown on its line (an editor's jump, a pull request's annotation).
package jsonpos

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Find returns the 1-based line and column (in code points) where the value
// at pointer starts in data, and false when data is not JSON or has no such
// value. It reads data once: the work is linear in its size.
func Find(data []byte, pointer string) (line, col int, ok bool) {
	tokens, err := parsePointer(pointer)
	if err != nil {
		return 0, 0, false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	offset, err := seek(dec, tokens)
	if err != nil {
		return 0, 0, false
	}
	// InputOffset is just past the token before the value: skip the
	// separator and white space to the value's first byte.
	for offset < len(data) && strings.IndexByte(" \t\r\n:,", data[offset]) >= 0 {
		offset++
	}
	before := data[:offset]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return line, col, true
}

// seek advances dec to just before the value at tokens and returns the
// input offset there.
func seek(dec *json.Decoder, tokens []string) (int, error) {
	for _, want := range tokens {
		start, err := dec.Token()
		if err != nil {
			return 0, err
		}
		switch start {
		case json.Delim('{'):
			if err := seekKey(dec, want); err != nil {
				return 0, err
			}
		case json.Delim('['):
			if err := seekIndex(dec, want); err != nil {
				return 0, err
			}
		default:
			return 0, errNotFound
		}
	}
	return int(dec.InputOffset()), nil
}

var errNotFound = errors.New("no such value")

func seekKey(dec *json.Decoder, want string) error {
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return err
		}
		if key == want {
			return nil
		}
		if err := skip(dec); err != nil {
			return err
		}
	}
	return errNotFound
}

func seekIndex(dec *json.Decoder, want string) error {
	n, err := strconv.Atoi(want)
	if err != nil || n < 0 || (len(want) > 1 && want[0] == '0') {
		return errNotFound
	}
	for i := 0; dec.More(); i++ {
		if i == n {
			return nil
		}
		if err := skip(dec); err != nil {
			return err
		}
	}
	return errNotFound
}

// skip reads one whole value, however deep, without keeping it.
func skip(dec *json.Decoder) error {
	depth := 0
	for {
		t, err := dec.Token()
		if err != nil {
			if err == io.EOF {
				return io.ErrUnexpectedEOF
			}
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// parsePointer splits an RFC 6901 pointer into its unescaped tokens.
func parsePointer(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if p[0] != '/' {
		return nil, errNotFound
	}
	parts := strings.Split(p[1:], "/")
	for i, s := range parts {
		parts[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
	}
	return parts, nil
}
