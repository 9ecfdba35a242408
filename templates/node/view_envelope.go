package node

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// Indentation of a test's statements: top-level tests, and tests inside a
// describe block.
const (
	bodyIndent       = "  "
	nestedIndent     = "  "
	nestedBodyIndent = "    "
)

// casesBody is the view of the "cases" block.
type casesBody struct {
	Cases []envelopeCaseView
}

// envelopeCaseView is one envelope case; the expectation fields are set for
// valid cases only.
type envelopeCaseView struct {
	testCase
	Fixture       string
	Valid         bool
	RejectMessage string // the assertion message of an invalid case
	URN, Lang     string
	Data          string
	Attempts      string
	SchemaVersion string
	DeadLetter    string // "" when the case expects no dead_letter block
}

func buildCases(s *model.Suite, c *common) (testFile, error) {
	body := &casesBody{}
	imp := imports{Assert: true, Support: []string{"fixture", "whenProvided"}}
	valid, deadLetter := false, false
	for _, ec := range s.Cases {
		cv, err := buildEnvelopeCase(ec)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", ec.Name, err)
		}
		valid = valid || ec.Valid
		deadLetter = deadLetter || cv.DeadLetter != ""
		body.Cases = append(body.Cases, cv)
	}
	if valid {
		imp.Support = append(imp.Support, "assertAccepted", "assertJsonEqual", "assertPerMessageFields")
	}
	if deadLetter {
		imp.Support = append(imp.Support, "assertJsonContains")
	}
	return c.file(s, model.BlockCases, body, imp), nil
}

func buildEnvelopeCase(c model.EnvelopeCase) (envelopeCaseView, error) {
	cv := envelopeCaseView{testCase: newCase(c.Name, c.Description, ""), Fixture: tsString(c.File), Valid: c.Valid}
	if !c.Valid || c.Expect == nil {
		cv.Valid = false
		cv.RejectMessage = tsString(rejectMessage(c.Reason))
		return cv, nil
	}
	e := c.Expect
	data, err := tsValue(e.Data, bodyIndent)
	if err != nil {
		return cv, fmt.Errorf("expect.data: %w", err)
	}
	cv.URN, cv.Lang, cv.Data = tsString(e.URN), tsString(e.Lang), data
	cv.Attempts, cv.SchemaVersion = tsInt(e.Attempts), tsInt(e.SchemaVersion)
	if e.DeadLetter != nil {
		if cv.DeadLetter, err = tsValue(*e.DeadLetter, bodyIndent); err != nil {
			return cv, fmt.Errorf("expect.dead_letter: %w", err)
		}
	}
	return cv, nil
}

// rejectMessage is the assertion message of a case that must be rejected.
func rejectMessage(reason string) string {
	if reason == "" {
		return "decode must reject the envelope"
	}
	return "decode must reject the envelope: " + reason
}

// roundtripBody is the view of the "roundtrip" block.
type roundtripBody struct {
	Cases []roundtripCaseView
}

// roundtripCaseView is one roundtrip case.
type roundtripCaseView struct {
	testCase
	Fixture   string
	Attempts  string
	Preserved []pointerValue
}

// pointerValue is a pointer that must resolve to a value deep-equal to Value.
type pointerValue struct {
	Pointer, Value string
}

func buildRoundtrip(s *model.Suite, c *common) (testFile, error) {
	body := &roundtripBody{}
	for _, rc := range s.Roundtrip.Cases {
		cv := roundtripCaseView{testCase: newCase(rc.Name, rc.Description, ""), Fixture: tsString(rc.File), Attempts: tsInt(rc.ExpectAttempts)}
		for _, p := range rc.ExpectPreserved {
			value, err := tsValue(p.Value, bodyIndent+"  ")
			if err != nil {
				return testFile{}, fmt.Errorf("case %q: expect_preserved %s: %w", rc.Name, p.Pointer, err)
			}
			cv.Preserved = append(cv.Preserved, pointerValue{Pointer: tsString(p.Pointer.String()), Value: value})
		}
		body.Cases = append(body.Cases, cv)
	}
	imp := imports{Support: []string{"assertJsonEqual", "fixture", "parseJson", "resolvePointer", "whenProvided"}}
	return c.file(s, model.BlockRoundtrip, body, imp), nil
}

// dataShapeBody is the view of the "data_shape" block.
type dataShapeBody struct {
	Cases []dataShapeCaseView
}

// dataShapeCaseView is an encode case (URN, Queue, Data, Expected) or a
// decode case (Fixture, Valid, Message).
type dataShapeCaseView struct {
	testCase
	Encode                     bool
	URN, Queue, Data, Expected string
	Fixture, Valid, Message    string
}

func buildDataShape(s *model.Suite, c *common) (testFile, error) {
	body := &dataShapeBody{}
	imp := imports{Assert: true, Support: []string{"whenProvided"}}
	encode, decode := false, false
	for _, dc := range s.DataShape.Cases {
		cv, err := buildDataShapeCase(dc)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", dc.Name, err)
		}
		encode, decode = encode || cv.Encode, decode || !cv.Encode
		body.Cases = append(body.Cases, cv)
	}
	if encode {
		imp.Support = append(imp.Support, "rawMember")
	}
	if decode {
		imp.Support = append(imp.Support, "fixture")
	}
	return c.file(s, model.BlockDataShape, body, imp), nil
}

func buildDataShapeCase(c model.DataShapeCase) (dataShapeCaseView, error) {
	cv := dataShapeCaseView{testCase: newCase(c.Name, "", "")}
	if c.Mode != model.ModeEncode {
		cv.Fixture, cv.Valid = tsString(c.File), fmt.Sprint(c.Valid)
		cv.Message = tsString("decode verdict (valid: " + fmt.Sprint(c.Valid) + ")" + reasonSuffix(c.Reason))
		return cv, nil
	}
	if c.Data.Kind != model.Object {
		return cv, fmt.Errorf("data must be an object for the producer API, got %s", c.Data.Kind)
	}
	data, err := tsValue(c.Data, bodyIndent)
	if err != nil {
		return cv, fmt.Errorf("data: %w", err)
	}
	cv.Encode, cv.Data = true, data
	cv.URN, cv.Queue, cv.Expected = tsString(c.URN), tsString(c.Queue), tsString(c.ExpectEncodedDataJSON)
	return cv, nil
}

func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return ": " + reason
}

// forbiddenKeysBody is the view of the "forbidden_keys" block.
type forbiddenKeysBody struct {
	Cases []forbiddenKeyCaseView
}

// forbiddenKeyCaseView is one forbidden_keys case.
type forbiddenKeyCaseView struct {
	testCase
	Fixture     string
	Key         string // the forbidden key's pointer
	WarnMessage string
	Absent      []string // pointers that must not resolve after re-encoding
}

func buildForbiddenKeys(s *model.Suite, c *common) (testFile, error) {
	body := &forbiddenKeysBody{}
	for _, fc := range s.ForbiddenKeys.Cases {
		key := fc.ForbiddenKey.String()
		cv := forbiddenKeyCaseView{testCase: newCase(fc.Name, "", ""), Fixture: tsString(fc.File), Key: tsString(key),
			WarnMessage: tsString("decode must warn about " + key)}
		for _, p := range fc.ExpectAbsentAfterReencode {
			cv.Absent = append(cv.Absent, tsString(p.String()))
		}
		body.Cases = append(body.Cases, cv)
	}
	imp := imports{Assert: true, Support: []string{"assertAbsent", "assertAccepted", "fixture", "parseJson", "provided", "whenProvided"}}
	return c.file(s, model.BlockForbiddenKeys, body, imp), nil
}

// Each body says whether it has no test at all; such a block gets no file,
// as an absent one does.
func (b *casesBody) empty() bool         { return len(b.Cases) == 0 }
func (b *roundtripBody) empty() bool     { return len(b.Cases) == 0 }
func (b *dataShapeBody) empty() bool     { return len(b.Cases) == 0 }
func (b *forbiddenKeysBody) empty() bool { return len(b.Cases) == 0 }

func (b *casesBody) heads() []header         { return headsOf(b.Cases) }
func (b *roundtripBody) heads() []header     { return headsOf(b.Cases) }
func (b *dataShapeBody) heads() []header     { return headsOf(b.Cases) }
func (b *forbiddenKeysBody) heads() []header { return headsOf(b.Cases) }

// headsOf are the heads of a slice of case views, in place.
func headsOf[T any, P interface {
	*T
	header
}](views []T) []header {
	out := make([]header, len(views))
	for i := range views {
		out[i] = P(&views[i])
	}
	return out
}
