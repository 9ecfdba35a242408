package derive

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
)

// Manifest returns raw (a manifest's bytes) with each derived case appended
// to its block's case array, one entry per case in the manifest's own
// two-space style; everything else keeps its bytes.
func Manifest(raw []byte, cases []Case) ([]byte, error) {
	byArray := map[string][]Case{}
	for _, c := range cases {
		byArray[c.Block] = append(byArray[c.Block], c)
	}
	type insertion struct {
		arrayLayout
		text string
	}
	var ins []insertion
	for block, cs := range byArray {
		l, err := layoutOf(raw, block)
		if err != nil {
			return nil, err
		}
		ins = append(ins, insertion{l, entriesText(l, cs)})
	}
	sort.Slice(ins, func(i, j int) bool { return ins[i].end > ins[j].end })
	out := append([]byte{}, raw...)
	for _, in := range ins {
		out = append(append(append([]byte{}, out[:in.last]...), in.text...), out[in.end:]...)
	}
	return out, nil
}

// arrayLayout is where a block's case array ends in a manifest and how its
// entries are indented.
type arrayLayout struct {
	end   int    // the offset of its closing "]"
	last  int    // just past its last entry (or its "["): entries go from here
	empty bool   // it has no entry yet (no comma before the first added)
	outer string // the indentation of the closing bracket's line
}

// layoutOf finds the case array of block in raw.
func layoutOf(raw []byte, block string) (arrayLayout, error) {
	path := []string{block}
	if block == blockPayload {
		path = []string{block, "cases"}
	}
	end, err := arrayEnd(raw, path)
	if err != nil {
		return arrayLayout{}, fmt.Errorf("%s: %v", strings.Join(path, "."), err)
	}
	lineStart := bytes.LastIndexByte(raw[:end], '\n') + 1
	line := string(raw[lineStart:end])
	last := bytes.TrimRight(raw[:end], " \t\r\n")
	return arrayLayout{end: end, last: len(last), empty: last[len(last)-1] == '[',
		outer: line[:len(line)-len(strings.TrimLeft(line, " \t"))]}, nil
}

// inner is the indentation of the array's entries: one level deeper.
func (l arrayLayout) inner() string { return l.outer + "  " }

// entriesText renders cases as the array's new items, from just after its
// last entry to its closing bracket.
func entriesText(l arrayLayout, cases []Case) string {
	var b strings.Builder
	for i, c := range cases {
		b.WriteString(entryText(l, c.Entry.Indented("  "), i == 0 && l.empty))
	}
	b.WriteString("\n" + l.outer)
	return b.String()
}

// entryText is one new item: a comma unless it is the array's first, and
// the entry (indented JSON) on lines of its own, indented as an item.
func entryText(l arrayLayout, indented string, first bool) string {
	comma := ","
	if first {
		comma = ""
	}
	return comma + "\n" + l.inner() + strings.ReplaceAll(indented, "\n", "\n"+l.inner())
}

// arrayEnd is the offset of the "]" closing the array at path (object keys)
// in the JSON document raw.
func arrayEnd(raw []byte, path []string) (int, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	for depth := 0; depth < len(path); depth++ {
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return 0, errors.New("not an object")
		}
		found := false
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return 0, err
			}
			if key == path[depth] {
				found = true
				break
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return 0, err
			}
		}
		if !found {
			return 0, errors.New("absent")
		}
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return 0, errors.New("not an array")
	}
	for dec.More() {
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return 0, err
		}
	}
	if _, err := dec.Token(); err != nil {
		return 0, err
	}
	return int(dec.InputOffset()) - 1, nil
}

// Write puts the suite s, with cases added, into the directory out, which
// must be absent or empty: every file of s with its bytes, the manifest with
// the cases appended, and one fixture per derived envelope case.
func Write(out string, s *model.Suite, cases []Case) error {
	if err := emptyDir(out); err != nil {
		return err
	}
	files := map[string][]byte{}
	for _, f := range s.Files {
		files[f.Path] = f.Raw
	}
	manifest, err := Manifest(files[model.ManifestFile], cases)
	if err != nil {
		return fmt.Errorf("%s: %v", model.ManifestFile, err)
	}
	files[model.ManifestFile] = manifest
	for _, c := range cases {
		if c.FixturePath == "" {
			continue
		}
		if _, taken := files[c.FixturePath]; taken {
			return fmt.Errorf("%s: the suite already has this file", c.FixturePath)
		}
		files[c.FixturePath] = c.Fixture
	}
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if !fs.ValidPath(p) {
			return fmt.Errorf("%s: not a path inside the suite", p)
		}
		// Through no link, made atomically: the out dir was empty, but it is
		// the user's path and it is where a suite's files land.
		if err := safefile.Write(filepath.Join(out, filepath.FromSlash(p)), files[p]); err != nil {
			return err
		}
	}
	return nil
}

// emptyDir makes sure dir is absent (and creates it) or an empty directory.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(dir, 0o755)
	case err != nil:
		return err
	case len(entries) > 0:
		return fmt.Errorf("%s is not empty: derive writes a whole suite into an empty or new directory", dir)
	}
	return nil
}
