package model

func readIdempotency(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &Idempotency{}
	r.suite.Idempotency = b
	if d := o.child("dedup_key", false); d != nil {
		b.DedupKey = &DedupKey{EnvelopeFile: d.fileRef("envelope_file"), KeyField: d.str("key_field"), ExpectedKey: d.str("expected_key"), At: d.loc()}
	}
	if seqs := o.child("sequences", false); seqs != nil {
		b.HasSeqs = true
		names := uniqueNames{}
		readCaseList(seqs, func(c *objReader) {
			s := IdempotencySequence{Name: c.str("name"), Description: c.optStr("description"),
				ExpectedEffects: c.integer("expected_effects"), At: c.loc()}
			c.list("deliveries", true, func(item Value, at Pointer) {
				if d := r.object(item, at); d != nil {
					s.Deliveries = append(s.Deliveries, readDelivery(d))
				}
			})
			names.check(r, s.Name, c.at)
			b.Sequences = append(b.Sequences, s)
		})
		seqs.unknownMembers("cases")
	}
	o.unknownMembers("dedup_key", "sequences")
}

func readDelivery(d *objReader) Delivery {
	del := Delivery{MetaID: d.str("meta_id"), ExpectEffect: d.enum("expect_effect", true, "run", "skip"),
		Outcome: d.enum("outcome", false, "ok", "throw"), ForgetBefore: d.optBool("forget_before", false)}
	if del.ExpectEffect == "run" && del.Outcome == "" {
		d.r.fail(d.at, "a delivery expected to run needs an \"outcome\" (ok or throw)")
	}
	if v, ok := d.typed("expect_raised", Bool, false); ok {
		raised := v.Bool
		del.ExpectRaised = &raised
	}
	return del
}

func readPayloadSchema(r *reader, v Value, at Pointer) {
	r.suite.PayloadSchema = readSchemaBlock(r, v, at)
}

func readPayloadSchemaUnicode(r *reader, v Value, at Pointer) {
	r.suite.PayloadSchemaUnicode = readSchemaBlock(r, v, at)
}

func readSchemaBlock(r *reader, v Value, at Pointer) *PayloadSchema {
	o := r.object(v, at)
	if o == nil {
		return nil
	}
	b := &PayloadSchema{At: o.loc()}
	b.Schema, _ = o.typed("schema", Object, true)
	schemaSize := sharedSize(b.Schema)
	names := uniqueNames{}
	readCaseList(o, func(c *objReader) {
		pc := PayloadCase{Name: c.str("name"), Valid: c.boolean("valid"), At: c.loc()}
		pc.Data, _ = c.member("data", true)
		names.check(r, pc.Name, c.at)
		r.readByCase(c.at, schemaSize)
		b.Cases = append(b.Cases, pc)
	})
	o.unknownMembers("schema", "cases")
	return b
}
