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

// caseTest is one case of the "cases" block. A valid case has its
// assertions as finished statements; an invalid one only its Reject
// statement.
type caseTest struct {
	Method     method
	Fixture    string // the fixture path, a Java string literal
	Valid      bool
	Reject     string   // for invalid cases: the assertFalse statement
	Checks     []string // for valid cases: the assertions of the view's fields
	DeadLetter string   // the dead_letter assertion, "" when the case expects none
}

func buildCasesClass(s *model.Suite, c *common) (testFile, error) {
	if len(s.Cases) == 0 {
		return testFile{}, nil
	}
	names, docs := make([]string, len(s.Cases)), make([]string, len(s.Cases))
	for i, ec := range s.Cases {
		names[i], docs[i] = ec.Name, ec.Description
	}
	methods := newMethods(c, model.BlockCases, names, docs...)
	cls := envelopeClass[caseTest]{classHead: newClassHead(s, c, model.BlockCases)}
	jb := newJSONBuilder()
	for i, ec := range s.Cases {
		cls.Tests = append(cls.Tests, newCaseTest(methods[i], ec, jb))
	}
	cls.JSONImports = jb.imports()
	return cls.file(cls), nil
}

func newCaseTest(m method, ec model.EnvelopeCase, jb *jsonBuilder) caseTest {
	t := caseTest{Method: m, Fixture: javaString(ec.File), Valid: ec.Valid}
	if !ec.Valid || ec.Expect == nil {
		t.Valid = false
		t.Reject = statement("assertFalse", "decoded.accepted()", javaString("the envelope must be rejected: "+ec.Reason))
		return t
	}
	e := ec.Expect
	t.Checks = []string{
		statement("assertEquals", javaString(e.URN), "view.urn()", `"urn"`),
		jb.statement("assertSameJson", nil, e.Data, "view.data()", `"data"`),
		statement("assertEquals", javaLong(e.Attempts), "view.attempts()", `"attempts"`),
		statement("assertEquals", javaString(e.Lang), "view.lang()", `"meta.lang"`),
		statement("assertEquals", javaLong(e.SchemaVersion), "view.schemaVersion()", `"meta.schema_version"`),
	}
	if e.DeadLetter != nil {
		t.DeadLetter = jb.statement("assertHasMembers", nil, *e.DeadLetter, "view.deadLetter()", `"dead_letter"`)
	}
	return t
}

// roundtripTest is one roundtrip case: re-encode with attempts + 1, then
// check attempts and every preserved pointer.
type roundtripTest struct {
	Method  method
	Fixture string
	Checks  []string // the assertPointerHolds statements, attempts first
}

func buildRoundtripClass(s *model.Suite, c *common) (testFile, error) {
	cases := s.Roundtrip.Cases
	if len(cases) == 0 {
		return testFile{}, nil
	}
	names, docs := make([]string, len(cases)), make([]string, len(cases))
	for i, rc := range cases {
		names[i], docs[i] = rc.Name, rc.Description
	}
	methods := newMethods(c, model.BlockRoundtrip, names, docs...)
	cls := envelopeClass[roundtripTest]{classHead: newClassHead(s, c, model.BlockRoundtrip)}
	jb := newJSONBuilder()
	for i, rc := range cases {
		t := roundtripTest{Method: methods[i], Fixture: javaString(rc.File)}
		attempts := model.NumberValue(itoa(rc.ExpectAttempts))
		t.Checks = append(t.Checks, jb.statement("assertPointerHolds", nil, attempts, "reencoded", `"/attempts"`))
		for _, p := range rc.ExpectPreserved {
			t.Checks = append(t.Checks, jb.statement("assertPointerHolds", nil, p.Value, "reencoded",
				javaString(p.Pointer.String())))
		}
		cls.Tests = append(cls.Tests, t)
	}
	cls.JSONImports = jb.imports()
	return cls.file(cls), nil
}

// dataShapeTest is one data_shape case, in encode or decode mode.
type dataShapeTest struct {
	Method  method
	Encode  bool
	Make    string // encode: the subject.make call
	Check   string // encode: the assertion on the encoded data member
	Fixture string // decode: the fixture and the verdict it must get
	Verdict string // decode: the assertTrue or assertFalse statement
}

func buildDataShapeClass(s *model.Suite, c *common) (testFile, error) {
	cases := s.DataShape.Cases
	if len(cases) == 0 {
		return testFile{}, nil
	}
	names := make([]string, len(cases))
	for i, dc := range cases {
		names[i] = dc.Name
	}
	methods := newMethods(c, model.BlockDataShape, names)
	cls := envelopeClass[dataShapeTest]{classHead: newClassHead(s, c, model.BlockDataShape)}
	jb := newJSONBuilder()
	for i, dc := range cases {
		cls.Tests = append(cls.Tests, newDataShapeTest(methods[i], dc, jb))
	}
	cls.JSONImports = jb.imports()
	return cls.file(cls), nil
}

// encodedDecl declares the result of make in a data_shape test.
const encodedDecl = "String encoded = "

func newDataShapeTest(m method, dc model.DataShapeCase, jb *jsonBuilder) dataShapeTest {
	if dc.Mode == model.ModeEncode {
		return dataShapeTest{Method: m, Encode: true,
			Make: jb.jsonCall(bodyStart+len(encodedDecl), len(";"), "subject.make",
				[]string{javaString(dc.URN), javaString(dc.Queue)}, dc.Data, nil),
			Check: statement("assertEquals", javaString(dc.ExpectEncodedDataJSON), `rawMemberText(encoded, "data")`,
				`"the data member as encoded, without whitespace"`)}
	}
	verdict, assert := "the envelope must be rejected: ", "assertFalse"
	if dc.Valid {
		verdict, assert = "the envelope must be accepted: ", "assertTrue"
	}
	return dataShapeTest{Method: m, Fixture: javaString(dc.File),
		Verdict: statement(assert, "accepted", javaString(verdict+dc.Reason))}
}

// forbiddenTest is one forbidden_keys case.
type forbiddenTest struct {
	Method  method
	Fixture string
	Key     string   // the forbidden key's pointer, a Java string literal
	Absent  []string // the pointers that must not survive re-encoding
}

func buildForbiddenKeysClass(s *model.Suite, c *common) (testFile, error) {
	cases := s.ForbiddenKeys.Cases
	if len(cases) == 0 {
		return testFile{}, nil
	}
	names := make([]string, len(cases))
	for i, fc := range cases {
		names[i] = fc.Name
	}
	methods := newMethods(c, model.BlockForbiddenKeys, names)
	cls := envelopeClass[forbiddenTest]{classHead: newClassHead(s, c, model.BlockForbiddenKeys)}
	for i, fc := range cases {
		t := forbiddenTest{Method: methods[i], Fixture: javaString(fc.File), Key: javaString(fc.ForbiddenKey.String())}
		for _, p := range fc.ExpectAbsentAfterReencode {
			t.Absent = append(t.Absent, javaString(p.String()))
		}
		cls.Tests = append(cls.Tests, t)
	}
	return cls.file(cls), nil
}
