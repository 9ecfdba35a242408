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
		at   int
		text string
	}
	var ins []insertion
	for block, cs := range byArray {
		path := []string{block}
		if block == blockPayload {
			path = []string{block, "cases"}
		}
		end, err := arrayEnd(raw, path)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", strings.Join(path, "."), err)
		}
		ins = append(ins, insertion{end, entriesText(raw, end, cs)})
	}
	sort.Slice(ins, func(i, j int) bool { return ins[i].at > ins[j].at })
	out := append([]byte{}, raw...)
	for _, in := range ins {
		last := bytes.TrimRight(out[:in.at], " \t\r\n")
		at := len(last)
		text := in.text
		if last[len(last)-1] != '[' {
			text = "," + text
		}
		out = append(append(append([]byte{}, out[:at]...), text...), out[in.at:]...)
	}
	return out, nil
}

// entriesText renders cases as array items indented one level deeper than
// the line of the array's closing bracket at end (its leading whitespace).
func entriesText(raw []byte, end int, cases []Case) string {
	lineStart := bytes.LastIndexByte(raw[:end], '\n') + 1
	line := string(raw[lineStart:end])
	outer := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	inner := outer + "  "
	var b strings.Builder
	for i, c := range cases {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n" + inner + strings.ReplaceAll(c.Entry.Indented("  "), "\n", "\n"+inner))
	}
	b.WriteString("\n" + outer)
	return b.String()
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
