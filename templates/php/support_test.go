package php

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// jsonChecks are PHP boolean expressions over the generated Json class that
// must all be true: the spec's equality, pointers and raw member text.
var jsonChecks = []string{
	// {} is not [], true is not 1, null is not absent, numbers by value but never strings.
	`!Json::equal(new \stdClass(), [])`,
	`!Json::equal([], new \stdClass())`,
	`Json::equal(Json::decode('{}'), (object) [])`,
	`Json::equal(Json::decode('[]'), [])`,
	`!Json::equal(true, 1)`,
	`!Json::equal(false, 0)`,
	`!Json::equal(null, false)`,
	`!Json::equal(null, '')`,
	`Json::equal(1, 1.0)`,
	`Json::equal(1.5e3, 1500)`,
	`!Json::equal(1, '1')`,
	`!Json::equal('1', 1.0)`,
	`!Json::equal(9007199254740993, 9007199254740992.0)`,
	`Json::equal(Json::decode('{"a":1,"b":[1,{}]}'), (object) ['b' => [1.0, (object) []], 'a' => 1])`,
	`!Json::equal(Json::decode('{"a":1}'), (object) ['a' => 1, 'b' => null])`,
	`!Json::equal(Json::decode('[1,2]'), [2, 1])`,
	`Json::equal(Json::decode('{"10":"x","":"y"}'), (object) ['10' => 'x', '' => 'y'])`,
	`Json::contains((object) ['a' => 1], (object) ['a' => 1.0, 'b' => 2])`,
	`!Json::contains((object) ['a' => null], (object) [])`,
	`!Json::contains((object) [], [])`,
	// RFC 6901 pointers, with ~0 / ~1 escapes, the empty key and array indexes.
	`Json::has(Json::decode('{"a":null}'), '/a') && !Json::has(Json::decode('{"a":null}'), '/b')`,
	`Json::at(Json::decode('{"a/b":{"m~n":[1,{"":7}]}}'), '/a~1b/m~0n/1/') === 7`,
	`Json::has(Json::decode('[1]'), '/0') && !Json::has(Json::decode('[1]'), '/1') && !Json::has(Json::decode('[1]'), '/01')`,
	`Json::at(Json::decode('{"x":1}'), '') == Json::decode('{"x":1}')`,
	`!Json::has(Json::decode('{"a":"s"}'), '/a/0')`,
	// Raw member text: whitespace between tokens removed, strings untouched, {} kept.
	`Json::memberText("{ \"data\" : { } , \"x\":1}", 'data') === '{}'`,
	`Json::memberText('{"data":[]}', 'data') === '[]'`,
	`Json::memberText("{\"a\":\"q\\\" }\",\"data\":{ \"k\" : \"v w\" , \"n\" : [ 1.0 , { } ] }}", 'data') === '{"k":"v w","n":[1.0,{}]}'`,
	`Json::memberText('{"d\u0061ta":1}', 'data') === '1'`,
	`Json::memberText('{"x":1}', 'data') === null && Json::memberText('[1]', 'data') === null`,
	// The associative-array shape an SDK hands out.
	`Json::equal(Json::fromAssoc(['a' => [1, ['b' => true]]]), Json::decode('{"a":[1,{"b":true}]}'))`,
	`Json::toAssoc(Json::decode('{"a":{"b":[]}}')) === ['a' => ['b' => []]]`,
}

func TestJsonSupportSemantics(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	dir := writeFiles(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindOracle}))
	var script strings.Builder
	script.WriteString("<?php\nrequire $argv[1];\nuse " + DefaultNamespace + "\\Support\\Json;\n")
	for _, check := range jsonChecks {
		script.WriteString("echo (" + check + ") ? 'ok' : 'FAIL', \"\\n\";\n")
	}
	script.WriteString("try { Json::equal(['k' => 1], ['k' => 1]); echo \"FAIL\\n\"; } catch (\\InvalidArgumentException) { echo \"ok\\n\"; }\n")
	got := runPHPWithArgs(t, script.String(), filepath.Join(dir, "tests", "ConformanceGenerated", "Support", "Json.php"))
	for i, check := range append(jsonChecks, "an array with keys is not a JSON model value") {
		if i >= len(got) || got[i] != "ok" {
			t.Errorf("PHP Json: %s does not hold", check)
		}
	}
}
