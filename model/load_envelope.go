package model

func readCases(r *reader, v Value, at Pointer) {
	if v.Kind != Array {
		r.fail(at, "must be an array of cases, not %s", v.Kind)
		return
	}
	r.suite.HasCases = true
	r.suite.Cases = []EnvelopeCase{}
	if len(v.Items) == 0 {
		r.fail(at, "has no cases; an empty block asserts nothing")
	}
	names := uniqueNames{}
	for i, item := range v.Items {
		if c, ok := readEnvelopeCase(r, item, at.Index(i)); ok {
			names.check(r, c.Name, at.Index(i))
			r.suite.Cases = append(r.suite.Cases, c)
		}
	}
}

func readEnvelopeCase(r *reader, v Value, at Pointer) (EnvelopeCase, bool) {
	o := r.object(v, at)
	if o == nil {
		return EnvelopeCase{}, false
	}
	c := EnvelopeCase{Name: o.str("name"), File: o.fileRef("file"), Valid: o.boolean("valid"), Description: o.optStr("description"), At: o.loc()}
	if !o.v.Has("valid") {
		return c, true
	}
	if c.Valid {
		if e := o.child("expect", true); e != nil {
			c.Expect = readExpect(e)
		}
	} else {
		c.Reason = o.str("reason")
	}
	return c, true
}

func readExpect(o *objReader) *Expect {
	e := &Expect{URN: o.str("urn"), Attempts: o.integer("attempts"), Lang: o.str("lang"), SchemaVersion: o.integer("schema_version")}
	if data, ok := o.typed("data", Object, true); ok {
		e.Data = data
	}
	if dl, ok := o.typed("dead_letter", Object, false); ok {
		e.DeadLetter = &dl
	}
	return e
}

func readRoundtrip(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	block := &Roundtrip{}
	r.suite.Roundtrip = block
	names := uniqueNames{}
	readCaseList(o, func(c *objReader) {
		rc := RoundtripCase{Name: c.str("name"), File: c.fileRef("file"), Description: c.optStr("description"),
			ExpectAttempts: c.integer("expect_attempts"), ProducerSchemaValid: c.optBool("producer_schema_valid", true), At: c.loc()}
		rc.ExpectPreserved = readPreserved(c)
		names.check(r, rc.Name, c.at)
		block.Cases = append(block.Cases, rc)
	})
	o.unknownMembers("cases")
}

func readPreserved(c *objReader) []PreservedValue {
	return readPointerValues(c, "expect_preserved", true)
}

func readDataShape(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	block := &DataShape{}
	r.suite.DataShape = block
	names := uniqueNames{}
	readCaseList(o, func(c *objReader) {
		dc := DataShapeCase{Name: c.str("name"), Mode: c.enum("mode", true, ModeEncode, ModeDecode), At: c.loc()}
		switch dc.Mode {
		case ModeEncode:
			dc.URN, dc.Queue = c.str("urn"), c.str("queue")
			dc.Data, _ = c.member("data", true)
			dc.ExpectEncodedDataJSON = c.str("expect_encoded_data_json")
		case ModeDecode:
			dc.File, dc.Valid, dc.Reason = c.fileRef("file"), c.boolean("valid"), c.optStr("reason")
		}
		names.check(r, dc.Name, c.at)
		block.Cases = append(block.Cases, dc)
	})
	o.unknownMembers("cases")
}

func readForbiddenKeys(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	block := &ForbiddenKeys{}
	r.suite.ForbiddenKeys = block
	names := uniqueNames{}
	readCaseList(o, func(c *objReader) {
		fc := ForbiddenKeyCase{Name: c.str("name"), File: c.fileRef("file"), ForbiddenKey: c.pointer("forbidden_key"),
			Expect: c.enum("expect", true, "warn"), At: c.loc()}
		c.list("expect_absent_after_reencode", true, func(item Value, at Pointer) {
			if item.Kind != String {
				r.fail(at, "must be a string, not %s", item.Kind)
				return
			}
			p, err := ParsePointer(item.Text)
			if err != nil {
				r.fail(at, "%v", err)
				return
			}
			fc.ExpectAbsentAfterReencode = append(fc.ExpectAbsentAfterReencode, p)
		})
		names.check(r, fc.Name, c.at)
		block.Cases = append(block.Cases, fc)
	})
	o.unknownMembers("cases")
}

// readCaseList reads the "cases" array of a block, each item an object.
// An empty list is an error: a block with no cases asserts nothing.
func readCaseList(o *objReader, each func(*objReader)) {
	v, ok := o.typed("cases", Array, true)
	if !ok {
		return
	}
	if len(v.Items) == 0 {
		o.r.fail(o.at.Child("cases"), "has no cases; an empty block asserts nothing")
	}
	for i, item := range v.Items {
		if c := o.r.object(item, o.at.Child("cases").Index(i)); c != nil {
			each(c)
		}
	}
}
