package python

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// The envelope blocks: cases, roundtrip, data_shape and forbidden_keys.

// casesBody is the view of the "cases" block.
type casesBody struct{ Tests []*envelopeTest }

// envelopeTest decodes one fixture; a valid one must come back with the
// expected fields, an invalid one must be rejected. Strings are literals.
type envelopeTest struct {
	testHead
	Fixture string
	Valid   bool
	// Rejected is the assertion on an invalid fixture, the reason it is
	// rejected in its message; continuation lines start at column 0.
	Rejected string
	// For valid cases:
	URN, Data, Attempts, Lang, SchemaVersion string
	DeadLetter                               string // "" when no dead_letter is expected
}

func (b *casesBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *envelopeTest) *testHead { return &t.testHead })
}

func buildCases(s *model.Suite, c *common) (testFile, error) {
	b := &casesBody{}
	for _, tc := range s.Cases {
		t, err := buildEnvelopeTest(tc)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", tc.Name, err)
		}
		b.Tests = append(b.Tests, t)
	}
	return c.testFile(model.BlockCases, b)
}

func buildEnvelopeTest(tc model.EnvelopeCase) (*envelopeTest, error) {
	t := &envelopeTest{testHead: newHead(tc.Name, tc.Description), Fixture: fixtureLit(tc.File), Valid: tc.Valid,
		Rejected: wrapCall(8, "self.assertRejected(", []string{"decoded", pyStringLines(tc.Reason, lineWidth-12)}, ")")}
	if !tc.Valid {
		return t, nil
	}
	if tc.Expect == nil {
		return nil, fmt.Errorf("a valid case needs expect")
	}
	e := tc.Expect
	data, err := pyBlock(e.Data)
	if err != nil {
		return nil, err
	}
	t.URN, t.Data, t.Lang = pyString(e.URN), data, pyString(e.Lang)
	t.Attempts, t.SchemaVersion = pyInt(e.Attempts), pyInt(e.SchemaVersion)
	if e.DeadLetter != nil {
		t.DeadLetter, err = pyBlock(*e.DeadLetter)
	}
	return t, err
}

// roundtripBody is the view of the "roundtrip" block.
type roundtripBody struct{ Tests []*roundtripTest }

// roundtripTest re-encodes a fixture with attempts + 1 and checks pointers.
type roundtripTest struct {
	testHead
	Fixture   string
	Attempts  string
	Preserved []pointerValue
}

// pointerValue is an RFC 6901 pointer and the value it must resolve to.
type pointerValue struct{ Pointer, Value string }

func (b *roundtripBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *roundtripTest) *testHead { return &t.testHead })
}

func buildRoundtrip(s *model.Suite, c *common) (testFile, error) {
	b := &roundtripBody{}
	for _, tc := range s.Roundtrip.Cases {
		t := &roundtripTest{testHead: newHead(tc.Name, tc.Description), Fixture: fixtureLit(tc.File), Attempts: pyInt(tc.ExpectAttempts)}
		for _, p := range tc.ExpectPreserved {
			value, err := pyBlock(p.Value)
			if err != nil {
				return testFile{}, fmt.Errorf("case %q, %s: %w", tc.Name, p.Pointer, err)
			}
			t.Preserved = append(t.Preserved, pointerValue{Pointer: pyString(p.Pointer.String()), Value: value})
		}
		b.Tests = append(b.Tests, t)
	}
	return c.testFile(model.BlockRoundtrip, b)
}

// dataShapeBody is the view of the "data_shape" block.
type dataShapeBody struct{ Tests []*dataShapeTest }

// dataShapeTest is an encode case (make, then the raw data text) or a decode
// case (the verdict on a fixture).
type dataShapeTest struct {
	testHead
	Encode                       bool
	URN, Queue, Data, ExpectJSON string // encode
	Fixture, Valid, Reason       string // decode
}

func (b *dataShapeBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *dataShapeTest) *testHead { return &t.testHead })
}

func buildDataShape(s *model.Suite, c *common) (testFile, error) {
	b := &dataShapeBody{}
	for _, tc := range s.DataShape.Cases {
		t := &dataShapeTest{testHead: newHead(tc.Name, ""), Encode: tc.Mode == model.ModeEncode}
		if t.Encode {
			data, err := pyBlock(tc.Data)
			if err != nil {
				return testFile{}, fmt.Errorf("case %q: %w", tc.Name, err)
			}
			t.URN, t.Queue, t.Data, t.ExpectJSON = pyString(tc.URN), pyString(tc.Queue), data, pyString(tc.ExpectEncodedDataJSON)
		} else {
			t.Fixture, t.Valid, t.Reason = fixtureLit(tc.File), pyBool(tc.Valid), pyString(tc.Reason)
		}
		b.Tests = append(b.Tests, t)
	}
	return c.testFile(model.BlockDataShape, b)
}

// forbiddenKeysBody is the view of the "forbidden_keys" block.
type forbiddenKeysBody struct{ Tests []*forbiddenKeyTest }

// forbiddenKeyTest decodes a fixture carrying a forbidden key (a warning must
// name it) and re-encodes it (the listed pointers must be gone).
type forbiddenKeyTest struct {
	testHead
	Fixture string
	Pointer string
	Absent  []string
}

func (b *forbiddenKeysBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *forbiddenKeyTest) *testHead { return &t.testHead })
}

func buildForbiddenKeys(s *model.Suite, c *common) (testFile, error) {
	b := &forbiddenKeysBody{}
	for _, tc := range s.ForbiddenKeys.Cases {
		t := &forbiddenKeyTest{testHead: newHead(tc.Name, ""), Fixture: fixtureLit(tc.File), Pointer: pyString(tc.ForbiddenKey.String())}
		for _, p := range tc.ExpectAbsentAfterReencode {
			t.Absent = append(t.Absent, pyString(p.String()))
		}
		b.Tests = append(b.Tests, t)
	}
	return c.testFile(model.BlockForbiddenKeys, b)
}
