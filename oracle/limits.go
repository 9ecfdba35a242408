package oracle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// A request carries a suite's values to the oracle, so `bqgen oracle serve`
// holds every request line to a suite's limits (model's), and answers a
// line beyond them with an error instead of growing: a client is a test
// process, but the line it sends may come from a hostile suite, or from
// /dev/zero.
const (
	// MaxLineBytes is the longest request line. A request carries at most
	// one suite file (model.MaxFileBytes) as a JSON string, and an
	// ASCII-only encoder (Python's json.dumps) writes a 4-byte character as
	// a 12-byte surrogate-pair escape: three times its size. The fourth is
	// room for the other arguments.
	MaxLineBytes = 4 * model.MaxFileBytes
	// maxRequestDepth is a suite value's depth (model.MaxDepth) below the
	// request object and its args.
	maxRequestDepth = model.MaxDepth + 2
)

// checkRequestLimits refuses a request line that is not UTF-8, nests
// deeper than maxRequestDepth, holds a string longer than a suite's (an
// argument's whole value may be a suite file, as an envelope is) or a
// number beyond model.CheckNumber's limits. The error names the place as
// a JSON pointer. A syntax error is left to parseRequest: the check stops
// there and returns nil.
func checkRequestLimits(line []byte) error {
	if !utf8.Valid(line) {
		return notUTF8(line)
	}
	if clearlyWithinLimits(line) {
		return nil
	}
	return scanRequestLimits(line)
}

// scanRequestLimits is checkRequestLimits on a line of UTF-8, token by
// token.
func scanRequestLimits(line []byte) error {
	s := limitScan{dec: json.NewDecoder(bytes.NewReader(line))}
	s.dec.UseNumber()
	for {
		tok, err := s.dec.Token()
		if err != nil {
			return nil // the end, or a syntax error that parseRequest reports
		}
		if err := s.check(tok); err != nil {
			return err
		}
	}
}

// clearlyWithinLimits is checkRequestLimits' quick pass, one look at each
// byte, for the lines a test sends: it reports true only
// when no limit can be broken. A line shorter than a suite string holds no
// string that long (an escape never decodes to more bytes than it takes),
// and it counts nesting and checks each number as the tokens would. On
// anything near a limit it reports false, and the token scan, which knows
// each token's place, decides and names it.
func clearlyWithinLimits(line []byte) bool {
	if len(line) > model.MaxStringBytes {
		return false
	}
	depth := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '"':
			i = stringEnd(line, i) - 1
		case c == '{' || c == '[':
			if depth++; depth >= maxRequestDepth {
				return false
			}
		case c == '}' || c == ']':
			depth--
		case c == '-' || ('0' <= c && c <= '9'):
			end := numberEnd(line, i)
			if model.CheckNumber(string(line[i:end])) != nil {
				return false
			}
			i = end - 1
		}
	}
	return true
}

// numberEnd is where the number that starts at line[start] ends: after
// the bytes a JSON number may hold.
func numberEnd(line []byte, start int) int {
	end := start
	for end < len(line) && strings.IndexByte("+-.0123456789Ee", line[end]) >= 0 {
		end++
	}
	return end
}

// notUTF8 names the first byte of line that is not UTF-8. The answer could
// not echo such a line's id: an answer is always UTF-8.
func notUTF8(line []byte) error {
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && size <= 1 {
			return fmt.Errorf("request is not UTF-8 (byte 0x%02X at offset %d)", line[i], i)
		}
		i += size
	}
	return nil
}

// limitScan follows a request's tokens, knowing where each one is.
type limitScan struct {
	dec   *json.Decoder
	stack []frame
}

// frame is one open array or object.
type frame struct {
	object    bool
	expectKey bool   // object: the next string is a key
	key       string // object: the key of the current member
	index     int    // array: the index of the current item
}

// check applies the limits to one token.
func (s *limitScan) check(tok json.Token) error {
	if key, ok := tok.(string); ok && s.atKey() {
		top := &s.stack[len(s.stack)-1]
		top.key, top.expectKey = key, false
		return s.checkString(key, model.MaxStringBytes)
	}
	if tok == json.Delim('}') || tok == json.Delim(']') {
		s.stack = s.stack[:len(s.stack)-1]
		return nil
	}
	s.nextValue()
	switch t := tok.(type) {
	case json.Delim:
		if len(s.stack) >= maxRequestDepth {
			return fmt.Errorf("request: %s: arrays and objects nest deeper than %d levels below args, a suite's limit", s.place(), model.MaxDepth)
		}
		s.stack = append(s.stack, frame{object: t == '{', expectKey: true, index: -1})
	case string:
		return s.checkString(t, s.stringLimit())
	case json.Number:
		if err := model.CheckNumber(string(t)); err != nil {
			return fmt.Errorf("request: %s: %v", s.place(), err)
		}
	}
	return nil
}

// atKey reports whether the next string is an object's key.
func (s *limitScan) atKey() bool {
	return len(s.stack) > 0 && s.stack[len(s.stack)-1].object && s.stack[len(s.stack)-1].expectKey
}

// nextValue moves the innermost container on to the value that starts.
func (s *limitScan) nextValue() {
	if len(s.stack) == 0 {
		return
	}
	top := &s.stack[len(s.stack)-1]
	if top.object {
		top.expectKey = true // after this value, a key
	} else {
		top.index++
	}
}

// stringLimit is the longest string allowed here: a suite file's size for
// an argument's whole value (an envelope is a suite file's text), a suite
// string's everywhere else.
func (s *limitScan) stringLimit() int {
	if len(s.stack) == 2 && s.stack[0].object && s.stack[0].key == "args" && s.stack[1].object {
		return model.MaxFileBytes
	}
	return model.MaxStringBytes
}

func (s *limitScan) checkString(text string, limit int) error {
	if len(text) > limit {
		return fmt.Errorf("request: %s: a string of %d bytes; the limit is %d", s.place(), len(text), limit)
	}
	return nil
}

// place is the JSON pointer of the current token, "(root)" for the request.
func (s *limitScan) place() string {
	tokens := make([]string, len(s.stack))
	for i, f := range s.stack {
		if f.object {
			tokens[i] = f.key
		} else {
			tokens[i] = strconv.Itoa(f.index)
		}
	}
	return placeOf(shortPointer(tokens))
}

// maxPlaceBytes is about the longest place an error names: a suite's keys
// may be a MiB long, and an answer need not repeat them.
const maxPlaceBytes = 256

// shortPointer is the RFC 6901 pointer of tokens, cut after about
// maxPlaceBytes with "…". It writes no more than that, however long the
// keys.
func shortPointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		if b.Len() > maxPlaceBytes {
			break
		}
		b.WriteByte('/')
		b.WriteString(pointerEscaper.Replace(t[:min(len(t), maxPlaceBytes+1)]))
	}
	return shorten(b.String())
}

// shorten cuts text to about maxPlaceBytes, at a character boundary.
func shorten(text string) string {
	if len(text) <= maxPlaceBytes {
		return text
	}
	cut := maxPlaceBytes
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + "…"
}
