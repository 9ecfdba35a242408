// Package validate checks a conformance suite beyond its shape: fixtures
// against the envelope schema, pointers against their fixtures, payload
// verdicts against a reference JSON Schema validator, and every expectation
// against the oracle, so a manifest typo never reaches six SDKs.
package validate

import (
	"fmt"
	"io/fs"

	"github.com/babelqueue/bqgen/model"
)

// EnvelopeSchemaFile is the envelope schema's path inside a suite.
const EnvelopeSchemaFile = "schema/message-envelope.schema.json"

// Suite loads the suite in fsys and runs every check. The suite may be used
// only when the returned problems hold no errors.
func Suite(fsys fs.FS) (*model.Suite, model.Problems) {
	s, problems := model.Load(fsys)
	if len(problems.Errors()) > 0 {
		return s, problems // cross-checks on a broken model would only add noise
	}
	problems = append(problems, checkSchemas(s)...)
	problems = append(problems, checkPointers(s)...)
	problems = append(problems, cachedCrossCheck(s)...)
	return s, problems
}

// problemAt builds an error located at a manifest place.
func problemAt(at model.Location, sub model.Pointer, format string, args ...any) model.Problem {
	p := append(append(model.Pointer{}, at.Pointer...), sub...)
	return model.Problem{Severity: model.Error, File: at.File, Pointer: p.String(), Message: fmt.Sprintf(format, args...)}
}

// fixtureJSON returns the parsed fixture at path; loading guarantees it exists.
func fixtureJSON(s *model.Suite, path string) (model.Value, bool) {
	f, ok := s.File(path)
	if !ok || f.JSON == nil {
		return model.Value{}, false
	}
	return *f.JSON, true
}
