package oracle

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// parseObjectByTokens is parseObject as encoding/json's tokens read it:
// the reference the byte walk must agree with.
func parseObjectByTokens(raw []byte) ([]member, error) {
	if !json.Valid(raw) {
		return nil, errNotObject
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if tok, _ := dec.Token(); tok != json.Delim('{') {
		return nil, errNotObject
	}
	var members []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		members = setMember(members, tok.(string), value)
	}
	return members, nil
}

// objectTexts are JSON texts, objects and not, with the spacing, escapes,
// duplicates and nesting a suite may put in a request or an envelope.
var objectTexts = []string{
	`{}`, ` { } `, "\t{\r\n}\n", `[]`, `"s"`, `1`, `null`, `{"a":1`, `{"a" 1}`, ``,
	`{"id":1,"op":"make","args":{"urn":"urn:x","data":{"a":[1,{"b":"}]\""}]}}}`,
	` {  "a" :  -1.5e+3 , "b":true,"c" :null ,"d":false, "e" : [ ] , "f":{ } } `,
	`{"a":1,"b":2,"a":3}`, `{"":"","\u0000":"\\","\"":"\"","é":"\u00e9"}`,
	`{"\ud800":1,"\udc00x":2,"a\/b":[["]"],{"}":"{"}]}`,
	"{\"k\xff\":1}", `{"a":"` + strings.Repeat(`\\`, 7) + `\""}`,
	`{"a":[1,2,3],"b":{"c":{"d":[{"e":"f"}]}},"g":"h"}`,
}

func TestParseObjectAgreesWithEncodingJSON(t *testing.T) {
	for _, text := range objectTexts {
		checkParseObject(t, []byte(text))
	}
}

// FuzzParseObject: the byte walk reads every text as encoding/json's
// tokens do. `go test -run '^$' -fuzz FuzzParseObject ./oracle` explores
// further.
func FuzzParseObject(f *testing.F) {
	for _, text := range objectTexts {
		f.Add([]byte(text))
	}
	f.Fuzz(checkParseObject)
}

func checkParseObject(t *testing.T, raw []byte) {
	want, wantErr := parseObjectByTokens(raw)
	got, err := parseObject(raw)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("parseObject(%q): error %v, encoding/json's %v", raw, err, wantErr)
	}
	if err == nil && !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
		t.Errorf("parseObject(%q) = %q, encoding/json reads %q", raw, got, want)
	}
}

func TestParseObjectKeepsNoPartOfItsInput(t *testing.T) {
	raw := []byte(`{"a":"xyz"}`)
	members, err := parseObject(raw)
	if err != nil {
		t.Fatal(err)
	}
	copy(raw, `{"a":"QQQ"}`)
	if string(members[0].value) != `"xyz"` {
		t.Errorf("the value changed with the input's buffer: %s", members[0].value)
	}
}
