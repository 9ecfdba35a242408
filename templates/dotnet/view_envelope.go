package dotnet

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// Body templates of the envelope blocks, each in its block's template.
var (
	bodyCaseValid     = bodyName(model.BlockCases, "valid")
	bodyDecodeVerdict = bodyName(model.BlockCases, "verdict") // data_shape's decode cases too
	bodyRoundtrip     = bodyName(model.BlockRoundtrip, "reencode")
	bodyDataShapeMake = bodyName(model.BlockDataShape, "make")
	bodyForbiddenKey  = bodyName(model.BlockForbiddenKeys, "warn_and_drop")
)

// validCaseBody asserts what a consumer must derive from a valid envelope.
type validCaseBody struct {
	Fixture, URN, Data, Attempts, Lang, SchemaVersion csExpr
	DeadLetter                                        csExpr // a JsonObject, or "" when not expected
}

// decodeVerdictBody asserts decode's accept/reject verdict.
type decodeVerdictBody struct {
	Fixture   csExpr
	Assertion csExpr // the Assert call on decoded.Accepted, with what it says when wrong
}

// roundtripBody asserts that reencode(fixture, 1) keeps what it must.
type roundtripBody struct {
	Fixture, Attempts csExpr
	Preserved         []pointerValue
}

// pointerValue is an RFC 6901 pointer and the value it must resolve to.
type pointerValue struct {
	Pointer, Value csExpr
}

// dataShapeEncodeBody asserts the raw text make() emits for data.
type dataShapeEncodeBody struct {
	Data, Expected csExpr
	Make           csExpr // the statements calling make into encoded
}

// forbiddenKeyBody asserts decode warns about a key and reencode drops it.
type forbiddenKeyBody struct {
	Fixture csExpr
	Warned  csExpr   // the statements asserting a warning names the key
	Absent  []csExpr // the statements asserting each pointer is absent after reencode
}

// makeCall is the statement calling make with urn, queue and data into
// encoded: one line when it fits, else after declaring urn and queue.
func makeCall(urn, queue string) csExpr {
	const call = "string encoded = ConformanceSubjects.Current.Make("
	if line := call + string(csString(urn)) + ", " + string(csString(queue)) + ", data);"; bodyIndent+len(line) <= maxLine {
		return csExpr(line)
	}
	return csStringStatement("string urn = ", urn, ";") + "\n" + csStringStatement("string queue = ", queue, ";") + "\n" +
		call + "urn, queue, data);"
}

// warnedAbout is the statement asserting that a warning names key: one
// line when it fits, else after declaring key.
func warnedAbout(key string) csExpr {
	const open, close = "Assert.Contains(decoded.Warnings, warning => warning.Contains(", ", StringComparison.Ordinal));"
	if line := open + string(csString(key)) + close; bodyIndent+len(line) <= maxLine {
		return csExpr(line)
	}
	return csStringStatement("string key = ", key, ";") + "\n" + open + "key" + close
}

func buildCases(s *model.Suite, c *common) (testFile, error) {
	specs, err := caseSpecs(s)
	return c.file(model.BlockCases, specs), err
}

func caseSpecs(s *model.Suite) ([]testSpec, error) {
	specs := make([]testSpec, 0, len(s.Cases))
	for _, c := range s.Cases {
		spec := testSpec{caseName: c.Name, display: displayName(model.BlockCases, c.Name)}
		if c.Valid {
			if c.Expect == nil {
				return nil, fmt.Errorf("case %q is valid but has no expect", c.Name)
			}
			spec.template, spec.data = bodyCaseValid, validCase(c)
		} else {
			spec.template, spec.data = bodyDecodeVerdict, rejectVerdict(c.File, c.Reason)
		}
		specs = append(specs, spec)
	}
	return specs, nil
}

func validCase(c model.EnvelopeCase) validCaseBody {
	e := c.Expect
	body := validCaseBody{Fixture: csString(c.File), URN: csString(e.URN), Data: jsonExpr(e.Data),
		Attempts: csLong(e.Attempts), Lang: csString(e.Lang), SchemaVersion: csLong(e.SchemaVersion)}
	if e.DeadLetter != nil {
		body.DeadLetter, _ = jsonObjectExpr(*e.DeadLetter) // the loader guarantees an object
	}
	return body
}

func rejectVerdict(file, reason string) decodeVerdictBody {
	return decodeVerdictBody{Fixture: csString(file),
		Assertion: csCall("Assert.False", "decoded.Accepted", csMessage("the envelope must be rejected: "+reason))}
}

func buildRoundtrip(s *model.Suite, c *common) (testFile, error) {
	specs := make([]testSpec, 0, len(s.Roundtrip.Cases))
	for _, c := range s.Roundtrip.Cases {
		body := roundtripBody{Fixture: csString(c.File), Attempts: csLong(c.ExpectAttempts)}
		for _, p := range c.ExpectPreserved {
			body.Preserved = append(body.Preserved, pointerValue{Pointer: csString(p.Pointer.String()), Value: jsonExpr(p.Value)})
		}
		specs = append(specs, testSpec{caseName: c.Name, display: displayName(model.BlockRoundtrip, c.Name),
			template: bodyRoundtrip, data: body})
	}
	return c.file(model.BlockRoundtrip, specs), nil
}

func buildDataShape(s *model.Suite, c *common) (testFile, error) {
	specs, err := dataShapeSpecs(s)
	return c.file(model.BlockDataShape, specs), err
}

func dataShapeSpecs(s *model.Suite) ([]testSpec, error) {
	specs := make([]testSpec, 0, len(s.DataShape.Cases))
	for _, c := range s.DataShape.Cases {
		spec := testSpec{caseName: c.Name, display: displayName(model.BlockDataShape, c.Name)}
		switch c.Mode {
		case model.ModeEncode:
			data, err := jsonObjectExpr(c.Data)
			if err != nil {
				return nil, fmt.Errorf("case %q: data: %w (make takes an object)", c.Name, err)
			}
			spec.template = bodyDataShapeMake
			spec.data = dataShapeEncodeBody{Data: data, Expected: csText(c.ExpectEncodedDataJSON), Make: makeCall(c.URN, c.Queue)}
		case model.ModeDecode:
			spec.template, spec.data = bodyDecodeVerdict, decodeVerdict(c)
		default:
			return nil, fmt.Errorf("case %q: unknown mode %q", c.Name, c.Mode)
		}
		specs = append(specs, spec)
	}
	return specs, nil
}

func decodeVerdict(c model.DataShapeCase) decodeVerdictBody {
	if !c.Valid {
		return rejectVerdict(c.File, c.Reason)
	}
	return decodeVerdictBody{Fixture: csString(c.File),
		Assertion: csCall("Assert.True", "decoded.Accepted", `"the envelope must be accepted; the subject said: " + decoded.Reason`)}
}

func buildForbiddenKeys(s *model.Suite, c *common) (testFile, error) {
	specs := make([]testSpec, 0, len(s.ForbiddenKeys.Cases))
	for _, c := range s.ForbiddenKeys.Cases {
		body := forbiddenKeyBody{Fixture: csString(c.File), Warned: warnedAbout(c.ForbiddenKey.String())}
		for _, p := range c.ExpectAbsentAfterReencode {
			body.Absent = append(body.Absent, csStringStatement("JsonAssert.PointerAbsent(output, ", p.String(), ");"))
		}
		specs = append(specs, testSpec{caseName: c.Name, display: displayName(model.BlockForbiddenKeys, c.Name),
			template: bodyForbiddenKey, data: body})
	}
	return c.file(model.BlockForbiddenKeys, specs), nil
}
