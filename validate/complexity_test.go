package validate

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// adversarialSuite is the canonical suite with a manifest of n payload
// schema cases: values nested up to 30 deep, long strings, many small
// members, keys with escapes, against a schema with patterns, enums and
// nested properties. The whole of validate runs on it: loading, the
// Draft-07 cross-check and the oracle's verdict on every case.
func adversarialSuite(base fstest.MapFS) func(n int) fstest.MapFS {
	return func(n int) fstest.MapFS {
		var cases strings.Builder
		for i := range n {
			if i > 0 {
				cases.WriteByte(',')
			}
			depth := i % 30
			data := complexitytest.Nest(`{"a":[`, fmt.Sprintf(`"%s\u00e9\\n%d"`, strings.Repeat("s", i%400), i), `]}`, depth)
			valid := depth == 0
			fmt.Fprintf(&cases, `{"name":"c%d","valid":%v,"data":%s}`, i, valid, data)
		}
		schema := `{"type":"string","pattern":"^s*\u00e9","minLength":1,"maxLength":1000000}`
		fsys := fstest.MapFS{}
		for k, v := range base {
			fsys[k] = v
		}
		fsys[model.ManifestFile] = &fstest.MapFile{Data: []byte(`{"schema_version":1,"payload_schema":{"schema":` + schema + `,"cases":[` + cases.String() + `]}}`)}
		return fsys
	}
}

func TestComplexitySuite(t *testing.T) {
	complexitytest.Skip(t)
	gen := adversarialSuite(suitetest.CanonicalMap(t))
	run := func(fsys fstest.MapFS) {
		if _, problems := Suite(fsys); len(problems.Errors()) > 0 {
			t.Fatalf("the suite is refused: %v", problems.Errors()[0])
		}
	}
	complexitytest.Linear(t, "suite (manifest of payload cases, nested values)", 32, gen, run)
	complexitytest.Within(t, "suite at 4 MiB of payload cases", gen(4<<20/700), run)
}
