package dotnet

import (
	"encoding/json"
	"fmt"
	"github.com/babelqueue/bqgen/backend"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

// adversarialVersion is the adversarial suite's CONFORMANCE_VERSION.
const adversarialVersion = "9.9.9-rc.1--x+build.7"

// testSuite is a named suite the output tests run over.
type testSuite struct {
	name    string
	suite   *model.Suite
	version string // what every header must print
}

// loadSuites returns the canonical suite, the upstream suite when this
// checkout has it, a suite of adversarial names and values, and the newest
// upstream suite when this checkout has it.
func loadSuites(t *testing.T) []testSuite {
	t.Helper()
	canonical := mustLoad(t, "canonical", conformance.FS)
	out := []testSuite{{"canonical", canonical, canonical.Version}}
	if upstream := suitetest.UpstreamIfPresent(t); upstream != nil {
		out = append(out, testSuite{"upstream", upstream, "unversioned"})
	}
	out = append(out, testSuite{"adversarial", mustLoad(t, "adversarial", adversarialFS()), adversarialVersion})
	if suitetest.UpstreamNextDir() != "" { // the newest upstream suite, with unnamed gate cases
		out = append(out, testSuite{"upstream-next", suitetest.UpstreamNext(t), "unversioned"})
	}
	return out
}

func mustLoad(t *testing.T, name string, fsys fs.FS) *model.Suite {
	t.Helper()
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("%s suite: %v", name, errs)
	}
	return s
}

// nasty is a set of names and values chosen to break code generation.
var nasty = []string{
	`quote " backslash \ end`,
	"line\nbreak\r\ttab",
	"comment */ /* // end",
	"braces {0} {{x}} ${x} #{x}",
	"nul \x00 byte",
	"separators \u2028 \u2029 \u0085",
	"emoji 😀 clef 𝄞",
	`escape-looking \u0041 \U0001F600 \x41`,
	`""" verbatim @"x" '''`,
	"assert",
	"json node",
	"cases conformance tests",
	"!!!",
	"a-b",
	"a b",
}

// q is a JSON string literal.
func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// adversarialFS is a suite whose names, reasons, keys and values are all
// taken from nasty, over every block bqgen models.
func adversarialFS() fstest.MapFS {
	fixture := `{"job":"urn:x","trace_id":"t","data":{"k":1},"meta":{"id":"i","queue":"q","lang":"go","schema_version":1,"created_at":1},"attempts":0}`
	return fstest.MapFS{
		"CONFORMANCE_VERSION": {Data: []byte(adversarialVersion + "\n")},
		"fixtures/f.json":     {Data: []byte(fixture)},
		"manifest.json":       {Data: []byte(adversarialManifest())},
	}
}

func adversarialManifest() string {
	var cases []string
	for i, n := range nasty {
		if i%2 == 0 {
			cases = append(cases, `{"name":`+q(n)+`,"file":"fixtures/f.json","valid":true,"expect":{"urn":`+q(n)+
				`,"data":{`+q(n)+`:`+q(n)+`,"n":1.0},"attempts":0,"lang":`+q(n)+`,"schema_version":1,"dead_letter":{`+q(n)+`:`+q(n)+`}}}`)
		} else {
			cases = append(cases, `{"name":`+q(n)+`,"file":"fixtures/f.json","valid":false,"reason":`+q(n)+`}`)
		}
	}
	entries := func(mapper func(string) string) string {
		var out []string
		for _, n := range nasty {
			out = append(out, q(n)+":"+mapper(n))
		}
		return "{" + strings.Join(out, ",") + "}"
	}
	nameList := func(each func(string) string) string {
		var out []string
		for _, n := range nasty {
			out = append(out, each(n))
		}
		return "[" + strings.Join(out, ",") + "]"
	}
	reconcile := func(key, native string) string {
		return `{"attempts_reconciliation":{"cases":` + nameList(func(n string) string {
			return `{"name":` + q(n) + `,"body_attempts":1,"` + key + `":` + native + `,"expected_attempts":1}`
		}) + `}}`
	}
	// gate is a schema_version_gate block: a case per nasty name and value,
	// unnamed ones (the model names them), a long value and, for a typed
	// gate, numbers.
	gate := func(property string, typed bool) string {
		// Named apart from the reconciliation cases: a case id (block/name)
		// names one test (backend.TestIndexFile).
		cases := nameList(func(n string) string {
			return `{"name":` + q("gate "+n) + `,"value":` + q(n) + `,"expect":"reject"}`
		})
		more := []string{`{"absent":true,"expect":"decode"}`, `{"value":"\u00a0\u0085\ufeff\u2028","expect":"reject"}`,
			`{"value":` + q(strings.Repeat("1\u00a0", 40)) + `,"expect":"reject"}`}
		if typed {
			more = append(more, `{"value":1,"expect":"decode"}`, `{"value":1.5,"expect":"reject"}`, `{"value":-0,"expect":"reject"}`)
		}
		return `"schema_version_gate":{"property":` + q(property) + `,"fixture":"fixtures/f.json","cases":` +
			strings.TrimSuffix(cases, "]") + "," + strings.Join(more, ",") + `]}`
	}
	pointer := "/" + strings.ReplaceAll(strings.ReplaceAll(nasty[0], "~", "~0"), "/", "~1")
	return `{"schema_version":1,"description":` + q(strings.Join(nasty, "|")) + `,
 "cases":[` + strings.Join(cases, ",") + `],
 "idempotency":{"dedup_key":{"envelope_file":"fixtures/f.json","key_field":"meta.id","expected_key":` + q(nasty[1]) + `},
   "sequences":{"cases":` + nameList(func(n string) string {
		return `{"name":` + q(n) + `,"deliveries":[{"meta_id":` + q(n) + `,"expect_effect":"run","outcome":"throw"},{"meta_id":` + q(n) + `,"expect_effect":"skip","forget_before":true}],"expected_effects":1}`
	}) + `}},
 "sqs":{"attribute_projection":{"envelope_file":"fixtures/f.json","message_attributes":` + entries(func(n string) string {
		return `{"DataType":"String","StringValue":` + q(n) + `}`
	}) + `},` + gate(nasty[0], false) + `,` + strings.TrimPrefix(reconcile("approximate_receive_count", q(nasty[2])), "{") + `,
 "asb":{"property_projection":{"envelope_file":"fixtures/f.json","message":{"subject":` + q(nasty[0]) + `,"correlation_id":` + q(nasty[1]) +
		`,"message_id":` + q(nasty[4]) + `,"content_type":` + q(nasty[5]) + `},"application_properties":` + entries(q) + `},` +
		gate(nasty[1], true) + `,` +
		strings.TrimPrefix(reconcile("delivery_count", "2"), "{") + `,
 "pulsar":{"property_projection":{"envelope_file":"fixtures/f.json","properties":` + entries(q) + `},` + strings.TrimPrefix(reconcile("redelivery_count", "0"), "{") + `,
 "kafka":{"property_projection":{"envelope_file":"fixtures/f.json","headers":` + entries(q) + `},` + gate(nasty[2], false) + `,` +
		strings.TrimPrefix(reconcile("header_attempts", "null"), "{") + `,
 "artemis":{"property_projection":{"envelope_file":"fixtures/f.json","jms_type_annotation":` + q(nasty[3]) + `,"jms_type":` + q(nasty[6]) +
		`,"correlation_id":` + q(nasty[7]) + `,"properties":` + entries(q) + `},` + strings.TrimPrefix(reconcile("delivery_count", "3"), "{") + `,
 "redis":{"payload_identity":{"envelope_file":"fixtures/f.json"}},
 "rabbitmq":{"property_projection":{"envelope_file":"fixtures/f.json","properties":` + entries(q) + `,"headers":` + entries(q) + `}},
 "payload_schema":{"schema":{"type":"object","properties":` + entries(func(string) string { return `{"type":"string"}` }) + `},"cases":` + nameList(func(n string) string {
		return `{"name":` + q(n) + `,"data":{` + q(n) + `:` + q(n) + `},"valid":true}`
	}) + `},
 "roundtrip":{"cases":` + nameList(func(n string) string {
		return `{"name":` + q(n) + `,"file":"fixtures/f.json","expect_attempts":1,"expect_preserved":{` + q(pointer) + `:` + q(n) + `}}`
	}) + `},
 "data_shape":{"cases":` + nameList(func(n string) string {
		return `{"name":` + q(n) + `,"mode":"encode","urn":` + q(n) + `,"queue":` + q(n) + `,"data":{` + q(n) + `:[]},"expect_encoded_data_json":` + q(n) + `}`
	}) + `},
 "forbidden_keys":{"cases":` + nameList(func(n string) string {
		return `{"name":` + q(n) + `,"file":"fixtures/f.json","forbidden_key":` + q(pointer) + `,"expect":"warn","expect_absent_after_reencode":[` + q(pointer) + `]}`
	}) + `},
 "payload_schema_unicode":{"schema":{"type":"object"},"cases":` + nameList(func(n string) string {
		return `{"name":` + q(n) + `,"data":` + q(n) + `,"valid":false}`
	}) + `},
` + adversarialMessaging(entries) + `
}`
}

// messagingNames are the messaging blocks' case names: the nasty ones, and
// names of the types and locals their tests use.
var messagingNames = append(append([]string{}, nasty...), "settlement", "message read", "result", "expected results")

// adversarialMessaging is the messaging blocks of the adversarial suite:
// every argument and expected member a nasty value, long ones included,
// absent and null optional arguments, mentions to look for and one_of
// lists of them.
func adversarialMessaging(entries func(func(string) string) string) string {
	var settle, rows, writes []string
	for i, n := range messagingNames {
		long := strings.Repeat(n+" ", 12)
		settle = append(settle, `{"name":`+q(n)+`,"broker":"rabbitmq","dead_letter_queue":`+fmt.Sprint(i%2 == 0)+
			`,"calls":[`+q(n)+`,`+q(long)+`],"expect":{"results":[`+q(n)+`],"broker_actions":[],"redelivered_by":`+
			map[bool]string{true: "null", false: q(n)}[i%2 == 0]+`,"messages_settled":{`+q(n)+`:1}}}`)
		optional := `,"action":"skip","raw_excerpt_length":3`
		switch i % 3 {
		case 1:
			optional = `,"action":null,"raw_excerpt_length":null`
		case 2:
			optional = "" // both absent
		}
		readError := `{"mentions":[` + q(n) + `,` + q(long) + `]}`
		if i%4 == 3 {
			readError = "null"
		}
		rows = append(rows, `{"name":`+q(n)+`,"broker":"kafka","source":`+q(n)+`,"position":`+q(long)+
			`,"message_id":`+q(n)+`,"metadata":{`+q(n)+`:`+q(n)+`},"body":`+q(long)+optional+
			`,"dead_letter_queue":false,"expect":{"handed_on":false,"read_error":`+readError+`,"excerpt":{"one_of":[`+q(n)+`,`+q(long)+`]}`+
			`,"settlement":`+q(long)+`,"dead_letters":[{"body":`+q(n)+`}],"row_errors":{`+q(n)+`:1}}}`)
		writes = append(writes, `{"name":`+q(n)+`,"sink":"other","action":"fail","batches":[[`+q(n)+`],[]],"refused":[`+
			q(n)+`,`+q(long)+`],"expect":{"write_fails":true,"settlements":{`+q(n)+`:`+q(long)+`},"dead_letters":[`+q(n)+
			`],"acknowledged_after":{`+q(n)+`:`+q(n)+`}}}`)
	}
	return ` "settlement":{"description":` + q(nasty[0]) + `,"cases":[` + strings.Join(settle, ",") + `]},
 "row_errors":{"type":{"type":"object","properties":` + entries(func(string) string { return `{"type":"string"}` }) +
		`},"cases":[` + strings.Join(rows, ",") + `]},
 "failed_writes":{"cases":[` + strings.Join(writes, ",") + `]}`
}

// isIndex says f is the test index, a JSON file without a header.
func isIndex(f backend.File) bool { return path.Base(f.Path) == backend.IndexFileName }
