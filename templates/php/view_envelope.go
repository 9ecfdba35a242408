package php

import (
	"fmt"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// bodyIndent is the indentation of a statement in a test method; literals
// spanning lines continue from it.
const bodyIndent = "        "

// loopIndent is the indentation of a statement in a loop of a test method.
const loopIndent = bodyIndent + "    "

// testMethod is what every generated test method starts with: its name and
// the raw case name as a PHP literal, used in every assertion message, and
// the case's exemption from the SDK's bqgen.yaml, if any.
type testMethod struct {
	Method string
	Case   string
	// Skip says bqgen.yaml exempts the case with backend.ExemptSkip: the
	// test skips with SkipMessage. KnownFailure says backend.ExemptFail:
	// the test runs the assertions, in the private method Assertions,
	// through ConformanceTestCase::knownFailure with ExemptReason and
	// ExemptRemedy.
	Skip, KnownFailure bool
	SkipMessage        string // PHP literal: "exempt: <reason>"
	ExemptReason       string // PHP literal: the exemption's reason
	ExemptRemedy       string // PHP literal: what to remove, and where, once the SDK passes the case
	Assertions         string // the private method holding a known failure's assertions
}

// newMethods pairs method names with the case names of block, and gives
// each the exemption bqgen.yaml or the baseline sets for it.
func (c *common) newMethods(block string, names []string) []testMethod {
	methods := methodNames(names)
	out := make([]testMethod, len(names))
	for i, name := range names {
		out[i] = testMethod{Method: methods[i], Case: phpLongString(name, maxMessage)}
		c.index.add(c.Namespace, block, name, methods[i])
		if e, ok := c.options.ExemptionFor(block, name); ok {
			out[i].exempt(e)
		}
	}
	return out
}

// exempt applies an exemption to the test.
func (m *testMethod) exempt(e backend.Exemption) {
	m.Skip, m.KnownFailure = e.Action == backend.ExemptSkip, e.Action == backend.ExemptFail
	m.SkipMessage = phpLongString("exempt: "+e.Reason, maxMessage)
	m.ExemptReason = phpLongString(e.Reason, maxMessage)
	m.ExemptRemedy = phpLongString(e.Remedy(), maxMessage)
	// Test methods all start with "test", so this name is never one of them.
	m.Assertions = "known_failure_" + m.Method
}

// casesClass is the test class of the "cases" block.
type casesClass struct {
	testClass
	Tests []envelopeTest
}

// envelopeTest is one envelope case. The expectations are PHP literals.
type envelopeTest struct {
	testMethod
	Fixture                                  string
	Valid                                    bool
	Reason                                   string // the message of an invalid case's assertion, after the case name
	URN, Data, Attempts, Lang, SchemaVersion string
	DeadLetter                               string // "" when the case expects no dead_letter
}

func buildCases(s *model.Suite, c *common) (testFile, error) {
	names := caseNames(s.Cases, func(ec model.EnvelopeCase) string { return ec.Name })
	class := casesClass{testClass: newTestClass(c, model.BlockCases, "ConformanceTestCase", "Expect")}
	for i, m := range c.newMethods(model.BlockCases, names) {
		t, err := buildEnvelopeTest(s.Cases[i], m)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", s.Cases[i].Name, err)
		}
		class.Tests = append(class.Tests, t)
	}
	return blockFile(model.BlockCases, class), nil
}

func buildEnvelopeTest(ec model.EnvelopeCase, m testMethod) (envelopeTest, error) {
	t := envelopeTest{testMethod: m, Fixture: phpString(ec.File), Valid: ec.Valid, Reason: rejectionMessage(ec.Reason)}
	if !ec.Valid {
		return t, nil
	}
	e := ec.Expect
	if e == nil {
		return t, fmt.Errorf("a valid case needs expect")
	}
	var err error
	if t.Data, err = phpValue(e.Data, bodyIndent); err != nil {
		return t, err
	}
	if e.DeadLetter != nil {
		if t.DeadLetter, err = phpValue(*e.DeadLetter, bodyIndent); err != nil {
			return t, err
		}
	}
	t.URN, t.Lang = phpString(e.URN), phpString(e.Lang)
	t.Attempts, t.SchemaVersion = phpInt(e.Attempts), phpInt(e.SchemaVersion)
	return t, nil
}

// rejectionMessage is the PHP literal of the assertion message of an
// envelope that must be rejected, carrying the manifest's reason.
func rejectionMessage(reason string) string {
	if reason == "" {
		return phpString(": the envelope must be rejected")
	}
	return phpLongString(": the envelope must be rejected: "+reason, maxMessage)
}

// roundtripClass is the test class of the "roundtrip" block.
type roundtripClass struct {
	testClass
	Tests []roundtripTest
}

// roundtripTest is one roundtrip case.
type roundtripTest struct {
	testMethod
	Fixture   string
	Attempts  string
	Preserved []pointerValue
}

// pointerValue is a JSON pointer and the value it must resolve to, as PHP literals.
type pointerValue struct {
	Pointer, Value string
}

func buildRoundtrip(s *model.Suite, c *common) (testFile, error) {
	cases := s.Roundtrip.Cases
	names := caseNames(cases, func(rc model.RoundtripCase) string { return rc.Name })
	class := roundtripClass{testClass: newTestClass(c, model.BlockRoundtrip, "ConformanceTestCase", "Expect", "Json")}
	for i, m := range c.newMethods(model.BlockRoundtrip, names) {
		rc := cases[i]
		t := roundtripTest{testMethod: m, Fixture: phpString(rc.File), Attempts: phpInt(rc.ExpectAttempts)}
		for _, p := range rc.ExpectPreserved {
			value, err := phpValue(p.Value, bodyIndent)
			if err != nil {
				return testFile{}, fmt.Errorf("case %q: %s: %w", rc.Name, p.Pointer, err)
			}
			t.Preserved = append(t.Preserved, pointerValue{Pointer: phpString(p.Pointer.String()), Value: value})
		}
		class.Tests = append(class.Tests, t)
	}
	return blockFile(model.BlockRoundtrip, class), nil
}

// dataShapeClass is the test class of the "data_shape" block.
type dataShapeClass struct {
	testClass
	Tests []dataShapeTest
}

// dataShapeTest is an encode case (URN, Queue, Data, ExpectJSON) or a
// decode case (Fixture, Valid, Reason).
type dataShapeTest struct {
	testMethod
	Encode                       bool
	URN, Queue, Data, ExpectJSON string
	Fixture                      string
	Valid                        bool
	Reason                       string // as in envelopeTest
}

func buildDataShape(s *model.Suite, c *common) (testFile, error) {
	cases := s.DataShape.Cases
	names := caseNames(cases, func(dc model.DataShapeCase) string { return dc.Name })
	class := dataShapeClass{testClass: newTestClass(c, model.BlockDataShape, "ConformanceTestCase", "Json")}
	for i, m := range c.newMethods(model.BlockDataShape, names) {
		t, err := buildDataShapeTest(cases[i], m)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", cases[i].Name, err)
		}
		class.Tests = append(class.Tests, t)
	}
	return blockFile(model.BlockDataShape, class), nil
}

func buildDataShapeTest(dc model.DataShapeCase, m testMethod) (dataShapeTest, error) {
	t := dataShapeTest{testMethod: m, Encode: dc.Mode == model.ModeEncode}
	if !t.Encode {
		t.Fixture, t.Valid, t.Reason = phpString(dc.File), dc.Valid, rejectionMessage(dc.Reason)
		return t, nil
	}
	if dc.Data.Kind != model.Object {
		return t, fmt.Errorf("data must be an object (make takes one), not %s", dc.Data.Kind)
	}
	data, err := phpValue(dc.Data, bodyIndent)
	t.URN, t.Queue, t.Data, t.ExpectJSON = phpString(dc.URN), phpString(dc.Queue), data, phpString(dc.ExpectEncodedDataJSON)
	return t, err
}

// forbiddenKeysClass is the test class of the "forbidden_keys" block.
type forbiddenKeysClass struct {
	testClass
	Tests []forbiddenKeyTest
}

// forbiddenKeyTest is one forbidden_keys case; pointers are PHP literals.
type forbiddenKeyTest struct {
	testMethod
	Fixture string
	Key     string
	Absent  []string
}

func buildForbiddenKeys(s *model.Suite, c *common) (testFile, error) {
	cases := s.ForbiddenKeys.Cases
	names := caseNames(cases, func(fc model.ForbiddenKeyCase) string { return fc.Name })
	class := forbiddenKeysClass{testClass: newTestClass(c, model.BlockForbiddenKeys, "ConformanceTestCase", "Expect", "Json")}
	for i, m := range c.newMethods(model.BlockForbiddenKeys, names) {
		fc := cases[i]
		t := forbiddenKeyTest{testMethod: m, Fixture: phpString(fc.File), Key: phpString(fc.ForbiddenKey.String())}
		for _, p := range fc.ExpectAbsentAfterReencode {
			t.Absent = append(t.Absent, phpString(p.String()))
		}
		class.Tests = append(class.Tests, t)
	}
	return blockFile(model.BlockForbiddenKeys, class), nil
}
