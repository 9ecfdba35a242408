package derive

import (
	"encoding/json"
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/xeipuuv/gojsonschema"
)

// decide takes c's verdict from the schema (a Draft-07 validator) and from
// the oracle and builds the case; they must agree, or a reading must cover
// the case and the oracle follow it.
func (d *deriver) decide(c candidate, names map[string]bool) (Case, error) {
	name := d.caseName(c, names)
	schemaValid, oracleValid, reason, err := d.verdicts(c)
	if err != nil {
		return Case{}, fmt.Errorf("rule %s, %s case %s (%s): %v", c.rule, c.block, name, c.what, err)
	}
	valid := schemaValid
	note := ""
	if r, ok := readingFor(c); ok && r.valid != schemaValid {
		valid, note = r.valid, " The schema alone would accept it; "+r.why+"."
	}
	if valid != oracleValid {
		return Case{}, fmt.Errorf("rule %s, %s case %s (%s): the schema says %s, the oracle says %s%s",
			c.rule, c.block, name, c.what, verdictWord(valid), verdictWord(oracleValid), reasonSuffix(reason))
	}
	desc := fmt.Sprintf("Derived (rule %s) from %s: %s; %s.%s", c.rule, c.base, c.what, verdictWord(valid), note)
	if c.block == blockPayload {
		return payloadCase(c, name, desc, valid), nil
	}
	return d.envelopeCase(c, name, desc, valid)
}

func verdictWord(valid bool) string {
	if valid {
		return "valid"
	}
	return "invalid"
}

func reasonSuffix(reason string) string {
	if reason == "" {
		return ""
	}
	return " (" + reason + ")"
}

// verdicts asks the schema and the oracle about c.
func (d *deriver) verdicts(c candidate) (schemaValid, oracleValid bool, reason string, err error) {
	if c.block == blockPayload {
		schemaValid, err = d.schemaAccepts(d.schemaText[blockPayload], c.doc)
		if err != nil {
			return false, false, "", err
		}
		res, err := d.oracle.ValidatePayload(oracle.ValidatePayloadArgs{
			Schema: json.RawMessage(d.schemaText[blockPayload]), Data: json.RawMessage(c.doc.Compact())})
		if err != nil {
			return false, false, "", fmt.Errorf("the oracle cannot validate it: %v", err)
		}
		return schemaValid, res.Valid, "", nil
	}
	schemaValid, err = d.schemaAccepts(d.schemaText[blockCases], asProducerWrites(c.doc))
	if err != nil {
		return false, false, "", err
	}
	res, err := d.oracle.Decode(oracle.EnvelopeArgs{Envelope: c.doc.Compact()})
	if err != nil {
		return false, false, "", err
	}
	return schemaValid, res.Accepted, res.Reason, nil
}

// schemaAccepts validates doc against the schema of compact text text with
// the Draft-07 validator, compiling each schema once.
func (d *deriver) schemaAccepts(text string, doc model.Value) (bool, error) {
	s, ok := d.compiled[text]
	if !ok {
		var err error
		if s, err = gojsonschema.NewSchema(gojsonschema.NewStringLoader(text)); err != nil {
			return false, fmt.Errorf("the schema does not compile: %v", err)
		}
		d.compiled[text] = s
	}
	res, err := s.Validate(gojsonschema.NewStringLoader(doc.Compact()))
	if err != nil {
		return false, fmt.Errorf("the Draft-07 validator failed: %v", err)
	}
	return res.Valid(), nil
}

// envelopeCase is the manifest entry and fixture of an envelope case: a
// valid one expects what its base expects, with the changed value where
// the expectation records it.
func (d *deriver) envelopeCase(c candidate, name, desc string, valid bool) (Case, error) {
	path := "fixtures/" + name + ".json"
	members := []model.Member{
		{Key: "name", Value: model.StringValue(name)},
		{Key: "file", Value: model.StringValue(path)},
		{Key: "valid", Value: model.BoolValue(valid)},
		{Key: "description", Value: model.StringValue(desc)},
	}
	if valid {
		expect, err := d.expectOf(c)
		if err != nil {
			return Case{}, err
		}
		members = append(members, model.Member{Key: "expect", Value: expect})
	} else {
		members = append(members, model.Member{Key: "reason", Value: model.StringValue(c.what)})
	}
	return Case{Block: blockCases, Name: name, Rule: c.rule, Valid: valid, Entry: model.ObjectValue(members...),
		FixturePath: path, Fixture: []byte(c.doc.Indented("  ") + "\n")}, nil
}

// expectFields are the envelope places a case's expect records.
func expectFields() map[string]string {
	return map[string]string{"/attempts": "attempts", "/meta/schema_version": "schema_version", "/meta/lang": "lang", "/data": "data"}
}

// expectEntry is an envelope case's expect, when its entry has one.
type expectEntry struct {
	expect model.Value
	has    bool
}

// expectOf is the base case's expect with c's value where it records it.
func (d *deriver) expectOf(c candidate) (model.Value, error) {
	if d.expects == nil {
		d.expects = map[string]expectEntry{}
		cases, _ := d.s.Manifest.Get(blockCases)
		for _, entry := range cases.Items {
			name, _ := entry.Get("name")
			if _, taken := d.expects[name.Text]; !taken {
				expect, has := entry.Get("expect")
				d.expects[name.Text] = expectEntry{expect, has}
			}
		}
	}
	e := d.expects[c.base]
	if !e.has {
		return model.Value{}, fmt.Errorf("base case %s has no expect", c.base)
	}
	expect := e.expect
	if key, ok := expectFields()[c.place.String()]; ok {
		expect = setAt(expect, model.Pointer{key}, c.value)
	}
	return expect, nil
}

// payloadCase is the manifest entry of a payload_schema case.
func payloadCase(c candidate, name, desc string, valid bool) Case {
	entry := model.ObjectValue(
		model.Member{Key: "name", Value: model.StringValue(name)},
		model.Member{Key: "description", Value: model.StringValue(desc)},
		model.Member{Key: "data", Value: c.doc},
		model.Member{Key: "valid", Value: model.BoolValue(valid)},
	)
	return Case{Block: blockPayload, Name: name, Rule: c.rule, Valid: valid, Entry: entry}
}
