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
	Reason  string // why an invalid fixture is rejected
	// For valid cases:
	URN, Data, Attempts, Lang, SchemaVersion string
	DeadLetter                               string // "" when no dead_letter is expected
}

func (b *casesBody) heads() []*testHead {
	return headsOf(b.Tests, func(t *envelopeTest) *testHead { return &t.testHead })
}

func buildCases(s *model.Suite) (body, error) {
	b := &casesBody{}
	for _, c := range s.Cases {
		t, err := buildEnvelopeTest(c)
		if err != nil {
			return nil, fmt.Errorf("case %q: %w", c.Name, err)
		}
		b.Tests = append(b.Tests, t)
	}
	return b, nil
}

func buildEnvelopeTest(c model.EnvelopeCase) (*envelopeTest, error) {
	t := &envelopeTest{testHead: newHead(c.Name, c.Description), Fixture: fixtureLit(c.File), Valid: c.Valid, Reason: pyString(c.Reason)}
	if !c.Valid {
		return t, nil
	}
	if c.Expect == nil {
		return nil, fmt.Errorf("a valid case needs expect")
	}
	e := c.Expect
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

func buildRoundtrip(s *model.Suite) (body, error) {
	b := &roundtripBody{}
	for _, c := range s.Roundtrip.Cases {
		t := &roundtripTest{testHead: newHead(c.Name, c.Description), Fixture: fixtureLit(c.File), Attempts: pyInt(c.ExpectAttempts)}
		for _, p := range c.ExpectPreserved {
			value, err := pyBlock(p.Value)
			if err != nil {
				return nil, fmt.Errorf("case %q, %s: %w", c.Name, p.Pointer, err)
			}
			t.Preserved = append(t.Preserved, pointerValue{Pointer: pyString(p.Pointer.String()), Value: value})
		}
		b.Tests = append(b.Tests, t)
	}
	return b, nil
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

func buildDataShape(s *model.Suite) (body, error) {
	b := &dataShapeBody{}
	for _, c := range s.DataShape.Cases {
		t := &dataShapeTest{testHead: newHead(c.Name, ""), Encode: c.Mode == model.ModeEncode}
		if t.Encode {
			data, err := pyBlock(c.Data)
			if err != nil {
				return nil, fmt.Errorf("case %q: %w", c.Name, err)
			}
			t.URN, t.Queue, t.Data, t.ExpectJSON = pyString(c.URN), pyString(c.Queue), data, pyString(c.ExpectEncodedDataJSON)
		} else {
			t.Fixture, t.Valid, t.Reason = fixtureLit(c.File), pyBool(c.Valid), pyString(c.Reason)
		}
		b.Tests = append(b.Tests, t)
	}
	return b, nil
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

func buildForbiddenKeys(s *model.Suite) (body, error) {
	b := &forbiddenKeysBody{}
	for _, c := range s.ForbiddenKeys.Cases {
		t := &forbiddenKeyTest{testHead: newHead(c.Name, ""), Fixture: fixtureLit(c.File), Pointer: pyString(c.ForbiddenKey.String())}
		for _, p := range c.ExpectAbsentAfterReencode {
			t.Absent = append(t.Absent, pyString(p.String()))
		}
		b.Tests = append(b.Tests, t)
	}
	return b, nil
}
