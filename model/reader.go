package model

import (
	"fmt"
	"path"
	"strings"
)

// reader collects problems while the loader walks the manifest, so one run
// reports every problem instead of stopping at the first.
type reader struct {
	file     string
	problems Problems
	suite    *Suite
	files    *fileSet
	input    testInput
}

func (r *reader) fail(at Pointer, format string, args ...any) {
	r.problems = append(r.problems, Problem{Severity: Error, File: r.file, Pointer: at.String(), Message: fmt.Sprintf(format, args...)})
}

func (r *reader) warn(at Pointer, format string, args ...any) {
	r.problems = append(r.problems, Problem{Severity: Warning, File: r.file, Pointer: at.String(), Message: fmt.Sprintf(format, args...)})
}

// object reads v as an object; a non-object is reported and yields nil.
func (r *reader) object(v Value, at Pointer) *objReader {
	if v.Kind != Object {
		r.fail(at, "must be an object, not %s", v.Kind)
		return nil
	}
	return &objReader{r: r, v: v, at: at}
}

// objReader reads typed members of one manifest object.
type objReader struct {
	r  *reader
	v  Value
	at Pointer
}

func (o *objReader) loc() Location { return Location{File: o.r.file, Pointer: o.at} }

// member returns the member key, reporting it when required and absent.
func (o *objReader) member(key string, required bool) (Value, bool) {
	v, ok := o.v.Get(key)
	if !ok && required {
		o.r.fail(o.at, "missing required field %q", key)
	}
	return v, ok
}

func (o *objReader) typed(key string, kind Kind, required bool) (Value, bool) {
	v, ok := o.member(key, required)
	if !ok {
		return Value{}, false
	}
	if v.Kind != kind {
		o.r.fail(o.at.Child(key), "must be a %s, not %s", kind, v.Kind)
		return Value{}, false
	}
	return v, true
}

func (o *objReader) str(key string) string {
	v, _ := o.typed(key, String, true)
	return v.Text
}

func (o *objReader) optStr(key string) string {
	v, _ := o.typed(key, String, false)
	return v.Text
}

func (o *objReader) boolean(key string) bool {
	v, _ := o.typed(key, Bool, true)
	return v.Bool
}

func (o *objReader) optBool(key string, absent bool) bool {
	v, ok := o.typed(key, Bool, false)
	if !ok {
		return absent
	}
	return v.Bool
}

// integer reads a whole number that fits in 64 bits.
func (o *objReader) integer(key string) int64 {
	v, ok := o.typed(key, Number, true)
	if !ok {
		return 0
	}
	n, isInt := v.Int64()
	if !isInt {
		o.r.fail(o.at.Child(key), "must be an integer, not %s", v.Text)
	}
	return n
}

// enum reads a string that must be one of allowed.
func (o *objReader) enum(key string, required bool, allowed ...string) string {
	v, ok := o.typed(key, String, required)
	if !ok {
		return ""
	}
	for _, a := range allowed {
		if v.Text == a {
			return v.Text
		}
	}
	o.r.fail(o.at.Child(key), "unknown value %q (want one of %s)", v.Text, quoteAll(allowed))
	return v.Text
}

// pointer reads an RFC 6901 pointer string.
func (o *objReader) pointer(key string) Pointer {
	v, ok := o.typed(key, String, true)
	if !ok {
		return nil
	}
	p, err := ParsePointer(v.Text)
	if err != nil {
		o.r.fail(o.at.Child(key), "%v", err)
	}
	return p
}

// fileRef reads a path to a suite file and checks that it stays inside the
// suite and exists.
func (o *objReader) fileRef(key string) string {
	v, ok := o.typed(key, String, true)
	if !ok {
		return ""
	}
	at := o.at.Child(key)
	clean, err := cleanSuitePath(v.Text)
	if err != nil {
		o.r.fail(at, "%v", err)
		return v.Text
	}
	if err := o.r.files.require(clean); err != nil {
		o.r.fail(at, "%v", err)
	}
	o.r.readByCase(at, o.r.fileSize(clean))
	return clean
}

// cleanSuitePath accepts only relative slash paths that stay inside the suite.
func cleanSuitePath(p string) (string, error) {
	switch {
	case p == "":
		return "", fmt.Errorf("file path is empty")
	case strings.HasPrefix(p, "/") || (len(p) > 1 && p[1] == ':'):
		return "", fmt.Errorf("file path %q is absolute; paths are relative to the suite", p)
	case strings.Contains(p, `\`):
		return "", fmt.Errorf("file path %q uses a backslash; use /", p)
	}
	clean := path.Clean(p)
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("file path %q escapes the suite", p)
	}
	return clean, nil
}

// list reads an array member, calling each for every item.
func (o *objReader) list(key string, required bool, each func(item Value, at Pointer)) bool {
	v, ok := o.typed(key, Array, required)
	if !ok {
		return false
	}
	for i, item := range v.Items {
		each(item, o.at.Child(key).Index(i))
	}
	return true
}

// child reads an object member as an objReader.
func (o *objReader) child(key string, required bool) *objReader {
	v, ok := o.member(key, required)
	if !ok {
		return nil
	}
	return o.r.object(v, o.at.Child(key))
}

// unknownMembers reports members of a block that bqgen does not model. They
// are kept on the suite as UnknownBlocks and warned about, never rejected.
func (o *objReader) unknownMembers(known ...string) {
	isKnown := map[string]bool{"description": true}
	for _, k := range known {
		isKnown[k] = true
	}
	for _, m := range o.v.Members {
		if isKnown[m.Key] {
			continue
		}
		at := o.at.Child(m.Key)
		o.r.suite.Unknown = append(o.r.suite.Unknown, UnknownBlock{Pointer: at, Value: m.Value})
		o.r.warn(at, "unknown block %q is kept but not generated", at.String())
	}
}

func quoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// MaxNameBytes is the longest case name. A name becomes a test's display
// name (a compile-time constant in Java and C# attributes) and, sanitised, an
// identifier in six languages; a sentence fits, a page does not.
const MaxNameBytes = 1024

// uniqueNames reports duplicate case names within one block, and names
// longer than MaxNameBytes.
type uniqueNames map[string]bool

func (u uniqueNames) check(r *reader, name string, at Pointer) {
	if name == "" {
		return
	}
	if len(name) > MaxNameBytes {
		r.fail(at.Child("name"), "a case name of %d bytes; the limit is %d (it names a test in every language)", len(name), MaxNameBytes)
	}
	if u[name] {
		r.fail(at.Child("name"), "duplicate case name %q in this block", name)
	}
	u[name] = true
}
