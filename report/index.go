package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// Index is a target's test index (backend.IndexFileName) as read from an
// SDK checkout: which tests bqgen generated, how the runners report each,
// and the exemptions of the target that produced it.
type Index struct {
	File               string       `json:"-"` // where it was read from, for messages
	ConformanceVersion string       `json:"conformance_version"`
	Lang               string       `json:"lang"`
	Blocks             []string     `json:"blocks"`
	Tests              []IndexEntry `json:"tests"`
	// NotGenerated are case ids of the suite this target does not generate
	// (other brokers' blocks), where an index lists them (design of issue
	// 21; optional): a one-target report shows them as not generated.
	NotGenerated []string `json:"not_generated,omitempty"`
}

// IndexEntry is one generated test of an index.
type IndexEntry struct {
	Case  string `json:"case"`
	Block string `json:"block"`
	// Expect is the digest of the case's expectation; "" in an index from
	// a bqgen before it was recorded.
	Expect    string               `json:"expect,omitempty"`
	Names     []backend.RunnerName `json:"names"`
	Exemption *Exemption           `json:"exemption,omitempty"`
	// File and Line are where the generated test is (a slash path relative
	// to the index's directory), where the backend records it.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
}

// Exemption is the exemption a generated test was built with (of
// bqgen.yaml, or a line of the target's baseline).
type Exemption struct {
	Action string `json:"action"` // "skip" or "fail"
	Reason string `json:"reason"`
	// Remedy is what a known failure asks for once its case passes ("" in
	// an index from a bqgen that recorded none).
	Remedy string `json:"remedy,omitempty"`
}

// ReadIndex reads the test index in data, read from the file name. A file
// that is not JSON, or not an index (no version, a case twice, a runner
// name two cases share), is an error naming the file and the place: the
// report would otherwise misfile results.
func ReadIndex(name string, data []byte) (Index, error) {
	idx := Index{File: name}
	if err := json.Unmarshal(data, &idx); err != nil {
		return Index{}, fmt.Errorf("%s: %s", name, jsonError(data, err))
	}
	idx.File = name
	var probe struct {
		ConformanceVersion *string `json:"conformance_version"`
	}
	if err := json.Unmarshal(data, &probe); err != nil || probe.ConformanceVersion == nil {
		return Index{}, fmt.Errorf("%s: not a test index: conformance_version is missing", name)
	}
	if idx.ConformanceVersion == "" {
		// An older bqgen wrote "" for a suite without CONFORMANCE_VERSION.
		idx.ConformanceVersion = model.Unversioned
	}
	if err := idx.check(); err != nil {
		return Index{}, fmt.Errorf("%s: %w", name, err)
	}
	return idx, nil
}

// check refuses an index whose entries cannot be trusted to map results
// back to cases.
func (idx Index) check() error {
	cases := map[string]bool{}
	owner := map[backend.RunnerName]string{}
	for i, t := range idx.Tests {
		at := fmt.Sprintf("tests[%d]", i)
		switch {
		case t.Case == "" || t.Block == "" || !strings.HasPrefix(t.Case, t.Block+"/"):
			return fmt.Errorf("%s: case %q is not a case of block %q", at, t.Case, t.Block)
		case cases[t.Case]:
			return fmt.Errorf("%s: case %q is indexed twice", at, t.Case)
		case len(t.Names) == 0:
			return fmt.Errorf("%s: case %q has no runner names", at, t.Case)
		case t.Exemption != nil && t.Exemption.Action != "skip" && t.Exemption.Action != "fail":
			return fmt.Errorf("%s: case %q: exemption action %q is neither skip nor fail", at, t.Case, t.Exemption.Action)
		case t.File != "" && !RelativePath(t.File), t.Line < 0:
			return fmt.Errorf("%s: case %q: file %q line %d is not a place in the checkout (a relative slash path, a line ≥ 1)", at, t.Case, t.File, t.Line)
		}
		cases[t.Case] = true
		for _, n := range t.Names {
			if other, ok := owner[n]; ok {
				return fmt.Errorf("%s: cases %q and %q are both reported as %q in %q", at, other, t.Case, n.Name, n.Suite)
			}
			owner[n] = t.Case
		}
	}
	for i, id := range idx.NotGenerated {
		if block, _, ok := strings.Cut(id, "/"); !ok || block == "" || cases[id] {
			return fmt.Errorf("not_generated[%d]: %q is not a case id, or a case the index generates", i, id)
		}
	}
	return nil
}

// jsonError says where in data a decoding error is, as line:col.
func jsonError(data []byte, err error) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return fmt.Sprintf("%s: %v", lineCol(data, syntax.Offset), err)
	case errors.As(err, &typ):
		return fmt.Sprintf("%s: %s is a JSON %s, want %s", lineCol(data, typ.Offset), fieldName(typ.Field), typ.Value, typ.Type)
	}
	return err.Error()
}

// fieldName is the JSON path of a field (the decoder names an embedded
// struct, the JSON report's Report, by its Go name).
func fieldName(f string) string {
	f = strings.TrimPrefix(f, "Report.")
	if f == "" {
		return "the document"
	}
	return f
}

// lineCol is the 1-based line and column of the byte before offset: the
// decoder's offsets count the bytes read, the offending one included.
func lineCol(data []byte, offset int64) string {
	if offset--; offset < 0 {
		offset = 0
	}
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n') // 1-based
	return fmt.Sprintf("%d:%d", line, col)
}
