package validate

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/internal/testkit/racetest"
)

// worstSuite builds a valid suite of about mib MiB (at least 5: two 1 MiB
// fixtures, two 1 MiB strings in the manifest) from the worst shapes
// the limits allow, in proportion: many cheap cases (SQS reconciliation,
// envelope cases sharing one fixture), payload data of numbers at the
// limits (100 digits, exponents of ±400), nesting at the depth limit,
// strings of 1 MiB, and a fixture holding all three, decoded, re-encoded
// and pointed into.
func worstSuite(tb testing.TB, mib int) fstest.MapFS {
	tb.Helper()
	unit := mib << 20 / 16 // a sixteenth of the suite
	fixture := worstFixture()
	blocks := []string{
		`"cases":[` + envelopeCases(3*unit) + "," + rejectedCase() + `]`,
		`"roundtrip":{"cases":[` + roundtripCase() + `]}`,
		`"sqs":{"attempts_reconciliation":{"cases":[` + sqsCases(4*unit) + `]}}`,
		`"payload_schema":{"schema":{"type":"object","properties":{"n":{"type":"array","items":{"type":"number"}},"s":{"type":"string","maxLength":1048576}}},"cases":[` +
			payloadCases(3*unit, numbersData) + "," + payloadCases(2*unit, deepData) + "," + payloadCases(1, stringData) + `]}`,
	}
	schema, err := fs.ReadFile(conformance.FS, EnvelopeSchemaFile)
	order, err2 := fs.ReadFile(conformance.FS, "fixtures/order-created.json")
	if err != nil || err2 != nil {
		tb.Fatal(err, err2)
	}
	return fstest.MapFS{
		"CONFORMANCE_VERSION":          {Data: []byte("1.0.0\n")},
		EnvelopeSchemaFile:             {Data: schema},
		"fixtures/order-created.json":  {Data: order},
		"fixtures/worst.json":          {Data: []byte(fixture)},
		"fixtures/worst-rejected.json": {Data: []byte(strings.Replace(fixture, `"attempts":0`, `"attempts":-1`, 1))},
		"manifest.json":                {Data: []byte(`{"schema_version":1,` + strings.Join(blocks, ",") + `}`)},
	}
}

// joinCases joins case(i) for i = 0, 1, ... until about size bytes.
func joinCases(size int, each func(i int) string) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(each(i))
	}
	return b.String()
}

func envelopeCases(size int) string {
	return joinCases(size, func(i int) string {
		return fmt.Sprintf(`{"name":"order-%d","file":"fixtures/order-created.json","valid":true,"expect":{"urn":"urn:babel:orders:created","data":{"order_id":1042},"attempts":0,"lang":"php","schema_version":1}}`, i)
	})
}

func sqsCases(size int) string {
	return joinCases(size, func(i int) string {
		return fmt.Sprintf(`{"name":"sqs-%d","body_attempts":%d,"approximate_receive_count":"%d","expected_attempts":%d}`, i, i%7, i%5, max(i%7, i%5-1))
	})
}

// numbersData is payload data of numbers at the limits.
func numbersData() string {
	at := strings.Repeat("9", 96) + "e400," + "-0." + strings.Repeat("0", 92) + "1E-400," + "1" + strings.Repeat("0", 99) + ","
	return `{"n":[` + strings.Repeat(at, 40) + `1]}`
}

// deepData nests as deeply as a payload case's data may (the manifest's
// limit, 256, less the five levels above the data).
func deepData() string { return deepArray(251 - 1) }

func deepArray(depth int) string {
	return `{"d":` + strings.Repeat("[", depth) + "1" + strings.Repeat("]", depth) + `}`
}

func stringData() string {
	return `{"s":"` + strings.Repeat("é", 1<<19) + `"}` // 1 MiB of UTF-8
}

func payloadCases(size int, data func() string) string {
	d := data()
	return joinCases(size, func(i int) string {
		return fmt.Sprintf(`{"name":"payload-%d-%d","valid":true,"data":%s}`, len(d), i, d)
	})
}

// fixtureData is the worst fixture's data: nesting to the file's limit
// (256, less the envelope and data), a 1 MiB string, numbers at the limits.
func fixtureData() string {
	return `{"deep":` + deepArray(254-1) + `,"s":"` + strings.Repeat("x", 1<<20) + `","n":` + numbersData() + `}`
}

func worstFixture() string {
	return `{"job":"urn:babel:orders:created","trace_id":"7b3f9c2a-e41d-4f88-9b2a-1c0d5e6f7a8b","data":` + fixtureData() +
		`,"meta":{"id":"f1e2d3c4-b5a6-4789-90ab-cdef01234567","queue":"orders","lang":"php","schema_version":1,"created_at":1749132727000},"attempts":0}`
}

// rejectedCase decodes the worst fixture with a negative attempts: the
// oracle's answer holds its data a few levels deeper than the fixture did.
// (An accepted one would need its data in the manifest, which nests five
// levels deeper than a fixture.)
func rejectedCase() string {
	return `{"name":"worst-fixture-rejected","file":"fixtures/worst-rejected.json","valid":false,"reason":"attempts is negative"}`
}

func roundtripCase() string {
	return `{"name":"worst-roundtrip","file":"fixtures/worst.json","expect_attempts":1,"expect_preserved":{"/data/s":"` +
		strings.Repeat("x", 1<<20) + `","/data/deep/d/0/0/0":` + strings.Repeat("[", 250) + "1" + strings.Repeat("]", 250) + `}}`
}

// The worst-case suite, small, is valid: the benchmark measures a suite
// that passes, not one refused early.
func TestWorstSuiteIsValid(t *testing.T) {
	racetest.SkipRepetition(t, "a large suite through the same validation; validate.ask's concurrent questions are raced by TestCrossCheckCacheIsKeyedByTheFiles and every Suite call")
	t.Parallel()
	if _, problems := Suite(worstSuite(t, 1)); len(problems.Errors()) > 0 {
		t.Fatal(problems.Errors()[:min(3, len(problems.Errors()))])
	}
}

// BenchmarkValidateWorstSuite validates a 16 MiB suite of the worst legal
// shapes: validate's time stays linear in a suite's size (the README's
// Speed section quotes it).
func BenchmarkValidateWorstSuite(b *testing.B) {
	fsys := worstSuite(b, 16)
	size := 0
	for _, f := range fsys {
		size += len(f.Data)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, problems := Suite(fsys); len(problems.Errors()) > 0 {
			b.Fatal(problems.Errors()[:min(3, len(problems.Errors()))])
		}
	}
}
