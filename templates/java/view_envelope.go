package java

import (
	"github.com/babelqueue/bqgen/model"
)

// The envelope blocks: cases, roundtrip, data_shape, forbidden_keys.

// envelopeClass is a test class whose tests are all of one kind T.
type envelopeClass[T any] struct {
	classHead
	Tests []T
}

// caseTest is one case of the "cases" block. A valid case has the expected
// view fields as Java expressions; an invalid one only its Reject message.
type caseTest struct {
	Method        method
	Fixture       string // the fixture path, a Java string literal
	Valid         bool
	Reject        string // for invalid cases: the assertion message
	URN           string
	Data          string
	Attempts      string
	Lang          string
	SchemaVersion string
	DeadLetter    string // "" when the case expects no dead_letter
}

func buildCasesClass(s *model.Suite, c common) *testClass {
	if len(s.Cases) == 0 {
		return nil
	}
	names, docs := make([]string, len(s.Cases)), make([]string, len(s.Cases))
	for i, ec := range s.Cases {
		names[i], docs[i] = ec.Name, ec.Description
	}
	methods := newMethods(names, docs...)
	cls := envelopeClass[caseTest]{classHead: newClassHead(s, c, model.BlockCases)}
	jb := newJSONBuilder()
	for i, ec := range s.Cases {
		cls.Tests = append(cls.Tests, newCaseTest(methods[i], ec, jb))
	}
	cls.JSONImports = jb.imports()
	return &testClass{cls.Class, "ConformanceCasesTest.java", cls}
}

func newCaseTest(m method, ec model.EnvelopeCase, jb *jsonBuilder) caseTest {
	t := caseTest{Method: m, Fixture: javaString(ec.File), Valid: ec.Valid}
	if !ec.Valid || ec.Expect == nil {
		t.Valid = false
		t.Reject = javaString("the envelope must be rejected: " + ec.Reason)
		return t
	}
	e := ec.Expect
	t.URN, t.Lang = javaString(e.URN), javaString(e.Lang)
	t.Data = jb.expr(e.Data, bodyIndent)
	t.Attempts, t.SchemaVersion = javaLong(e.Attempts), javaLong(e.SchemaVersion)
	if e.DeadLetter != nil {
		t.DeadLetter = jb.expr(*e.DeadLetter, bodyIndent)
	}
	return t
}

// roundtripTest is one roundtrip case: re-encode with attempts + 1, then
// check attempts and every preserved pointer.
type roundtripTest struct {
	Method    method
	Fixture   string
	Attempts  string // the expected attempts as a JSON expression
	Preserved []pointerCheck
}

// pointerCheck is one expect_preserved entry.
type pointerCheck struct {
	Pointer string // the RFC 6901 pointer, a Java string literal
	Value   string // the expected value, a JSON expression
}

func buildRoundtripClass(s *model.Suite, c common) *testClass {
	cases := s.Roundtrip.Cases
	if len(cases) == 0 {
		return nil
	}
	names, docs := make([]string, len(cases)), make([]string, len(cases))
	for i, rc := range cases {
		names[i], docs[i] = rc.Name, rc.Description
	}
	methods := newMethods(names, docs...)
	cls := envelopeClass[roundtripTest]{classHead: newClassHead(s, c, model.BlockRoundtrip)}
	jb := newJSONBuilder()
	for i, rc := range cases {
		t := roundtripTest{Method: methods[i], Fixture: javaString(rc.File),
			Attempts: jb.expr(model.NumberValue(itoa(rc.ExpectAttempts)), bodyIndent)}
		for _, p := range rc.ExpectPreserved {
			t.Preserved = append(t.Preserved, pointerCheck{javaString(p.Pointer.String()), jb.expr(p.Value, bodyIndent)})
		}
		cls.Tests = append(cls.Tests, t)
	}
	cls.JSONImports = jb.imports()
	return &testClass{cls.Class, "ConformanceRoundtripTest.java", cls}
}

// dataShapeTest is one data_shape case, in encode or decode mode.
type dataShapeTest struct {
	Method   method
	Encode   bool
	URN      string // encode: the make arguments, as Java expressions
	Queue    string
	Data     string
	Expected string // encode: expect_encoded_data_json, a Java string literal
	Fixture  string // decode: the fixture and the verdict it must get
	Valid    bool
	Message  string // decode: the assertion message
}

func buildDataShapeClass(s *model.Suite, c common) *testClass {
	cases := s.DataShape.Cases
	if len(cases) == 0 {
		return nil
	}
	names := make([]string, len(cases))
	for i, dc := range cases {
		names[i] = dc.Name
	}
	methods := newMethods(names)
	cls := envelopeClass[dataShapeTest]{classHead: newClassHead(s, c, model.BlockDataShape)}
	jb := newJSONBuilder()
	for i, dc := range cases {
		cls.Tests = append(cls.Tests, newDataShapeTest(methods[i], dc, jb))
	}
	cls.JSONImports = jb.imports()
	return &testClass{cls.Class, "ConformanceDataShapeTest.java", cls}
}

func newDataShapeTest(m method, dc model.DataShapeCase, jb *jsonBuilder) dataShapeTest {
	if dc.Mode == model.ModeEncode {
		return dataShapeTest{Method: m, Encode: true, URN: javaString(dc.URN), Queue: javaString(dc.Queue),
			Data: jb.expr(dc.Data, bodyIndent), Expected: javaString(dc.ExpectEncodedDataJSON)}
	}
	verdict := "the envelope must be rejected: "
	if dc.Valid {
		verdict = "the envelope must be accepted: "
	}
	return dataShapeTest{Method: m, Fixture: javaString(dc.File), Valid: dc.Valid,
		Message: javaString(verdict + dc.Reason)}
}

// forbiddenTest is one forbidden_keys case.
type forbiddenTest struct {
	Method  method
	Fixture string
	Key     string   // the forbidden key's pointer, a Java string literal
	Absent  []string // the pointers that must not survive re-encoding
}

func buildForbiddenKeysClass(s *model.Suite, c common) *testClass {
	cases := s.ForbiddenKeys.Cases
	if len(cases) == 0 {
		return nil
	}
	names := make([]string, len(cases))
	for i, fc := range cases {
		names[i] = fc.Name
	}
	methods := newMethods(names)
	cls := envelopeClass[forbiddenTest]{classHead: newClassHead(s, c, model.BlockForbiddenKeys)}
	for i, fc := range cases {
		t := forbiddenTest{Method: methods[i], Fixture: javaString(fc.File), Key: javaString(fc.ForbiddenKey.String())}
		for _, p := range fc.ExpectAbsentAfterReencode {
			t.Absent = append(t.Absent, javaString(p.String()))
		}
		cls.Tests = append(cls.Tests, t)
	}
	return &testClass{cls.Class, "ConformanceForbiddenKeysTest.java", cls}
}
