package model

func readProducer(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	block := &Producer{}
	r.suite.Producer = block
	names := uniqueNames{}
	readCaseList(o, func(c *objReader) {
		pc := ProducerCase{Name: c.str("name"), Description: c.optStr("description"),
			Mode: c.enum("mode", true, ProducerMake, ProducerDeadLetter), At: c.loc()}
		switch pc.Mode {
		case ProducerMake:
			pc.URN, pc.Queue = c.str("urn"), c.str("queue")
			pc.Data, _ = c.typed("data", Object, true)
			pc.TraceID = c.optText("trace_id")
		case ProducerDeadLetter:
			pc.File, pc.Reason, pc.OriginQueue = c.fileRef("file"), c.str("reason"), c.str("original_queue")
			pc.Error = c.optText("error")
		}
		if e := c.child("expect", true); e != nil {
			pc.Expect = readProducerExpect(e, pc.Mode)
		}
		names.check(r, pc.Name, c.at)
		block.Cases = append(block.Cases, pc)
	})
	o.unknownMembers("cases")
}

func readProducerExpect(e *objReader, mode string) ProducerExpect {
	x := ProducerExpect{Equal: readPointerValues(e, "equal", false)}
	if tv, ok := e.typed("types", Object, false); ok {
		for _, m := range tv.Members {
			at := e.at.Child("types").Child(m.Key)
			p, err := ParsePointer(m.Key)
			if err != nil {
				e.r.fail(at, "%v", err)
				continue
			}
			if m.Value.Kind != String || !isJSONType(m.Value.Text) {
				e.r.fail(at, "must be a JSON type name (one of %s)", quoteAll(JSONTypes))
				continue
			}
			x.Types = append(x.Types, PointerType{Pointer: p, Type: m.Value.Text})
		}
	}
	x.OwnLang = e.pointerList("own_lang")
	x.NowMillis = e.pointerList("now_millis")
	x.FreshIDs = e.pointerList("fresh_ids")
	x.Absent = e.pointerList("absent")
	if mode == ProducerDeadLetter && len(x.FreshIDs) > 0 {
		e.r.fail(e.at.Child("fresh_ids"), "a dead_letter case writes one envelope: fresh ids are asserted only by make cases")
	}
	e.unknownMembers("types", "equal", "own_lang", "now_millis", "fresh_ids", "absent")
	return x
}

func isJSONType(name string) bool {
	for _, t := range JSONTypes {
		if t == name {
			return true
		}
	}
	return false
}

// readPointerValues reads an object of RFC 6901 pointers to values, in
// manifest order (absent and not required: none).
func readPointerValues(c *objReader, key string, required bool) []PreservedValue {
	pv, ok := c.typed(key, Object, required)
	if !ok {
		return nil
	}
	out := []PreservedValue{}
	for _, m := range pv.Members {
		p, err := ParsePointer(m.Key)
		if err != nil {
			c.r.fail(c.at.Child(key).Child(m.Key), "%v", err)
			continue
		}
		out = append(out, PreservedValue{Pointer: p, Value: m.Value})
	}
	return out
}

// pointerList reads an optional array of RFC 6901 pointer strings.
func (o *objReader) pointerList(key string) []Pointer {
	var out []Pointer
	o.list(key, false, func(item Value, at Pointer) {
		if item.Kind != String {
			o.r.fail(at, "must be a string, not %s", item.Kind)
			return
		}
		p, err := ParsePointer(item.Text)
		if err != nil {
			o.r.fail(at, "%v", err)
			return
		}
		out = append(out, p)
	})
	return out
}

// optText reads an optional string member; nil when absent.
func (o *objReader) optText(key string) *string {
	v, ok := o.typed(key, String, false)
	if !ok {
		return nil
	}
	s := v.Text
	return &s
}
