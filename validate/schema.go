package validate

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/xeipuuv/gojsonschema"
)

// checkSchemas runs the spec's envelope-schema cross-checks: producer
// fixtures pass, consumer-tolerance fixtures are exempt, rejected data shapes
// fail, and payload verdicts agree with a reference Draft-07 validator.
func checkSchemas(s *model.Suite) model.Problems {
	var out model.Problems
	envelope, work, problems := envelopeSchema(s)
	out = append(out, problems...)
	if envelope != nil {
		out = append(out, checkFixtures(s, envelope, work)...)
	}
	out = append(out, checkPayloadVerdicts(s.PayloadSchema)...)
	out = append(out, checkPayloadVerdicts(s.PayloadSchemaUnicode)...)
	return out
}

// envelopeSchema compiles the suite's envelope schema. A suite without one
// gets a warning naming the checks that could not run; one whose schema
// cannot be read (not JSON: reported by Load) gets nothing more.
func envelopeSchema(s *model.Suite) (*gojsonschema.Schema, *schemaWork, model.Problems) {
	f, ok := s.File(EnvelopeSchemaFile)
	if !ok {
		return nil, nil, model.Problems{{Severity: model.Warning, File: EnvelopeSchemaFile,
			Message: "absent: the envelope-schema cross-checks (valid fixtures pass the schema, rejected data shapes fail it) were skipped"}}
	}
	if f.JSON == nil {
		return nil, nil, nil
	}
	walked := walkSchema(*f.JSON)
	if len(walked.problems) > 0 {
		var out model.Problems
		for _, r := range walked.problems {
			out = append(out, model.Problem{Severity: model.Error, File: EnvelopeSchemaFile, Pointer: r.at.String(), Message: r.msg})
		}
		return nil, nil, out
	}
	schema, err := compileSchema(*f.JSON)
	if err != nil {
		return nil, nil, model.Problems{{Severity: model.Error, File: EnvelopeSchemaFile, Message: "not a usable JSON Schema: " + err.Error()}}
	}
	return schema, newSchemaWork(*f.JSON, walked.fanOut), nil
}

// fixtureExpectation is one fixture and whether the producer schema must
// accept it.
type fixtureExpectation struct {
	at     model.Location
	file   string
	passes bool
}

func checkFixtures(s *model.Suite, schema *gojsonschema.Schema, work *schemaWork) model.Problems {
	exps := fixtureExpectations(s)
	for _, e := range exps {
		if f, _ := s.File(e.file); f.JSON != nil && !work.add(*f.JSON) {
			return model.Problems{{Severity: model.Error, File: EnvelopeSchemaFile, Message: tooMuchWork("the fixtures the cases name")}}
		}
	}
	var out model.Problems
	for _, e := range exps {
		f, _ := s.File(e.file)
		res, err := validateInstance(schema, gojsonschema.NewBytesLoader(f.Raw))
		if err != nil {
			out = append(out, problemAt(e.at, model.Pointer{}, "%s: cannot validate: %v", e.file, err))
			continue
		}
		if res.Valid() != e.passes {
			out = append(out, problemAt(e.at, model.Pointer{}, "%s: %s", e.file, schemaVerdict(e.passes, res)))
		}
	}
	return out
}

// fixtureExpectations lists the fixtures the spec says the envelope schema
// must accept or reject. Consumer-tolerance fixtures (the urn alias, and
// producer_schema_valid: false) and invalid envelope cases are exempt.
func fixtureExpectations(s *model.Suite) []fixtureExpectation {
	var out []fixtureExpectation
	for _, c := range s.Cases {
		if c.Valid && !usesURNAlias(s, c.File) {
			out = append(out, fixtureExpectation{c.At, c.File, true})
		}
	}
	if s.Roundtrip != nil {
		for _, c := range s.Roundtrip.Cases {
			if c.ProducerSchemaValid {
				out = append(out, fixtureExpectation{c.At, c.File, true})
			}
		}
	}
	if s.ForbiddenKeys != nil {
		for _, c := range s.ForbiddenKeys.Cases {
			out = append(out, fixtureExpectation{c.At, c.File, true})
		}
	}
	if s.DataShape != nil {
		for _, c := range s.DataShape.Cases {
			if c.Mode == model.ModeDecode {
				out = append(out, fixtureExpectation{c.At, c.File, c.Valid})
			}
		}
	}
	return out
}

// usesURNAlias reports a consumer-tolerance fixture that names its URN with
// the inbound alias "urn" instead of "job".
func usesURNAlias(s *model.Suite, file string) bool {
	v, ok := fixtureJSON(s, file)
	return ok && v.Has("urn") && !v.Has("job")
}

func schemaVerdict(wantPass bool, res *gojsonschema.Result) string {
	if !wantPass {
		return "passes the envelope schema, but the case says it must be rejected"
	}
	var reasons []string
	for _, e := range res.Errors() {
		reasons = append(reasons, e.String())
	}
	return "fails the envelope schema: " + strings.Join(reasons, "; ")
}

// checkPayloadVerdicts compares each case's expected verdict with gojsonschema's.
func checkPayloadVerdicts(b *model.PayloadSchema) model.Problems {
	if b == nil {
		return nil
	}
	walked := walkSchema(b.Schema)
	if len(walked.problems) > 0 {
		var out model.Problems
		for _, r := range walked.problems {
			out = append(out, problemAt(b.At, append(model.Pointer{"schema"}, r.at...), "%s", r.msg))
		}
		return out
	}
	work := newSchemaWork(b.Schema, walked.fanOut)
	for _, c := range b.Cases {
		if !work.add(c.Data) {
			return model.Problems{problemAt(b.At, model.Pointer{"schema"}, "%s", tooMuchWork("the cases' data"))}
		}
	}
	schema, err := compileSchema(b.Schema)
	if err != nil {
		return model.Problems{problemAt(b.At, model.Pointer{"schema"}, "not a usable JSON Schema: %v", err)}
	}
	var out model.Problems
	for _, c := range b.Cases {
		res, err := validateInstance(schema, gojsonschema.NewStringLoader(c.Data.Compact()))
		if err != nil {
			out = append(out, problemAt(c.At, model.Pointer{"data"}, "cannot validate: %v", err))
			continue
		}
		if res.Valid() != c.Valid {
			out = append(out, problemAt(c.At, model.Pointer{"valid"}, "is %v, but a Draft-07 validator says %v", c.Valid, fmt.Sprint(res.Valid())))
		}
	}
	return out
}

// tooMuchWork says why a schema's values are not checked against it.
func tooMuchWork(values string) string {
	return fmt.Sprintf("checking %s against this schema would take more than %d steps, the limit: "+
		"a validator visits the schema (and each schema it applies in place) for every value, and runs its patterns over every string; "+
		"make the schema or its enum, required, properties and patterns smaller, or the values fewer", values, maxSchemaWork)
}
