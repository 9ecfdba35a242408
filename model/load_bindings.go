package model

import "strconv"

// nativeCount says which key holds a reconciliation's broker count and which
// JSON kinds it may take (null means "absent on the message"). asText marks a
// count that is text on the wire (Kafka's bq-attempts header): an integer
// there, as older suites write it, becomes its canonical decimal text.
type nativeCount struct {
	key    string
	kinds  []Kind
	asText bool
	// rawTextKey names the member that carries, in place of key, a count
	// that is not an integer on the wire (Kafka's header_text, 1.4.0): key
	// is then null, so a runner written for an older suite, which reads
	// only key, sees an absent header, whose outcome the rule makes the
	// same (a header that is not a canonical integer is ignored).
	rawTextKey string
}

var (
	sqsCount     = nativeCount{"approximate_receive_count", []Kind{String, Null}, false, ""}
	asbCount     = nativeCount{"delivery_count", []Kind{Number}, false, ""}
	pulsarCount  = nativeCount{"redelivery_count", []Kind{Number}, false, ""}
	kafkaCount   = nativeCount{"header_attempts", []Kind{String, Number, Null}, true, "header_text"}
	artemisCount = nativeCount{"delivery_count", []Kind{Number}, false, ""}
)

// projectionKey is where every broker block but sqs keeps its projection.
const projectionKey = "property_projection"

// ForeignLangSuffix ends the key of a projection's second sub-block (suite
// 1.6.0): the same projection of an envelope whose meta.lang differs from
// the first's, so every SDK projects one that is not its own language.
const ForeignLangSuffix = "_foreign_lang"

func readSQS(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &SQS{}
	r.suite.SQS = b
	b.Projection = readSQSProjection(o, "attribute_projection")
	b.ForeignLang = readSQSProjection(o, "attribute_projection"+ForeignLangSuffix)
	b.Reconciliation = readReconciliation(o, sqsCount)
	b.Gate = readSchemaVersionGate(o, false)
	o.unknownMembers("attribute_projection", "attribute_projection"+ForeignLangSuffix, "attempts_reconciliation", "schema_version_gate")
}

func readSQSProjection(o *objReader, key string) *SQSProjection {
	p := o.child(key, false)
	if p == nil {
		return nil
	}
	proj := &SQSProjection{EnvelopeFile: p.fileRef("envelope_file"), At: p.loc()}
	if attrs := p.child("message_attributes", true); attrs != nil {
		for _, m := range attrs.v.Members {
			if a := o.r.object(m.Value, attrs.at.Child(m.Key)); a != nil {
				proj.Attributes = append(proj.Attributes, SQSAttribute{Name: m.Key,
					DataType: a.enum("DataType", true, "String", "Number", "Binary"), StringValue: a.str("StringValue")})
			}
		}
	}
	return proj
}

func readASB(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &ASB{}
	r.suite.ASB = b
	b.Projection = readASBProjection(o, projectionKey)
	b.ForeignLang = readASBProjection(o, projectionKey+ForeignLangSuffix)
	b.Reconciliation = readReconciliation(o, asbCount)
	b.Gate = readSchemaVersionGate(o, true) // AMQP-typed application properties
	o.unknownMembers(projectionKey, projectionKey+ForeignLangSuffix, "attempts_reconciliation", "schema_version_gate")
}

func readASBProjection(o *objReader, key string) *ASBProjection {
	p := o.child(key, false)
	if p == nil {
		return nil
	}
	proj := &ASBProjection{EnvelopeFile: p.fileRef("envelope_file"), At: p.loc()}
	if m := p.child("message", true); m != nil {
		proj.Subject, proj.CorrelationID = m.str("subject"), m.str("correlation_id")
		proj.MessageID, proj.ContentType = m.str("message_id"), m.str("content_type")
	}
	proj.ApplicationProperties, _ = p.typed("application_properties", Object, true)
	return proj
}

func readPulsar(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &Pulsar{}
	r.suite.Pulsar = b
	b.Projection = readStringMapProjection(o, projectionKey, "properties")
	b.ForeignLang = readStringMapProjection(o, projectionKey+ForeignLangSuffix, "properties")
	b.Reconciliation = readReconciliation(o, pulsarCount)
	b.Gate = readSchemaVersionGate(o, false)
	o.unknownMembers(projectionKey, projectionKey+ForeignLangSuffix, "attempts_reconciliation", "schema_version_gate")
}

func readKafka(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &Kafka{}
	r.suite.Kafka = b
	b.Projection = readStringMapProjection(o, projectionKey, "headers")
	b.ForeignLang = readStringMapProjection(o, projectionKey+ForeignLangSuffix, "headers")
	b.Reconciliation = readReconciliation(o, kafkaCount)
	b.Gate = readSchemaVersionGate(o, false)
	o.unknownMembers(projectionKey, projectionKey+ForeignLangSuffix, "attempts_reconciliation", "schema_version_gate")
}

func readArtemis(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &Artemis{}
	r.suite.Artemis = b
	b.Projection = readArtemisProjection(o, projectionKey)
	b.ForeignLang = readArtemisProjection(o, projectionKey+ForeignLangSuffix)
	b.Reconciliation = readReconciliation(o, artemisCount)
	b.Gate = readSchemaVersionGate(o, false)
	o.unknownMembers(projectionKey, projectionKey+ForeignLangSuffix, "attempts_reconciliation", "schema_version_gate")
}

func readArtemisProjection(o *objReader, key string) *ArtemisProjection {
	p := o.child(key, false)
	if p == nil {
		return nil
	}
	return &ArtemisProjection{EnvelopeFile: p.fileRef("envelope_file"), JMSTypeAnnotation: p.str("jms_type_annotation"),
		JMSType: p.str("jms_type"), CorrelationID: p.str("correlation_id"), Properties: readStringEntries(p, "properties"), At: p.loc()}
}

func readRedis(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &Redis{}
	r.suite.Redis = b
	if p := o.child("payload_identity", false); p != nil {
		b.PayloadIdentity = &PayloadIdentity{EnvelopeFile: p.fileRef("envelope_file"), At: p.loc()}
	}
	if p := o.child("produce_identity", false); p != nil {
		b.ProduceIdentity = &ProduceIdentity{URN: p.str("urn"), Queue: p.str("queue"), TraceID: p.str("trace_id"), At: p.loc()}
		b.ProduceIdentity.Data, _ = p.typed("data", Object, true)
		p.unknownMembers("urn", "queue", "data", "trace_id")
	}
	o.unknownMembers("payload_identity", "produce_identity")
}

func readRabbitMQ(r *reader, v Value, at Pointer) {
	o := r.object(v, at)
	if o == nil {
		return
	}
	b := &RabbitMQ{}
	r.suite.RabbitMQ = b
	b.Projection = readRabbitMQProjection(o, projectionKey)
	b.ForeignLang = readRabbitMQProjection(o, projectionKey+ForeignLangSuffix)
	o.unknownMembers(projectionKey, projectionKey+ForeignLangSuffix)
}

// readStringMapProjection reads a property_projection whose entries under
// key are all strings (Pulsar properties, Kafka headers).
func readRabbitMQProjection(o *objReader, key string) *RabbitMQProjection {
	p := o.child(key, false)
	if p == nil {
		return nil
	}
	proj := &RabbitMQProjection{EnvelopeFile: p.fileRef("envelope_file"), Properties: readStringEntries(p, "properties"), At: p.loc()}
	proj.Headers, _ = p.typed("headers", Object, true)
	return proj
}

// readStringMapProjection reads the projection under key whose string
// values sit under entries.
func readStringMapProjection(o *objReader, key, entries string) *StringMapProjection {
	p := o.child(key, false)
	if p == nil {
		return nil
	}
	return &StringMapProjection{EnvelopeFile: p.fileRef("envelope_file"), Entries: readStringEntries(p, entries), At: p.loc()}
}

func readStringEntries(o *objReader, key string) []StringEntry {
	m := o.child(key, true)
	if m == nil {
		return nil
	}
	out := []StringEntry{}
	for _, member := range m.v.Members {
		if member.Value.Kind != String {
			o.r.fail(m.at.Child(member.Key), "must be a string, not %s", member.Value.Kind)
			continue
		}
		out = append(out, StringEntry{Name: member.Key, Value: member.Value.Text})
	}
	return out
}

func readReconciliation(o *objReader, count nativeCount) *Reconciliation {
	sub := o.child("attempts_reconciliation", false)
	if sub == nil {
		return nil
	}
	rec := &Reconciliation{Description: sub.optStr("description"), NativeKey: count.key}
	names := uniqueNames{}
	readCaseList(sub, func(c *objReader) {
		rc := ReconcileCase{Name: c.str("name"), BodyAttempts: c.integer("body_attempts"),
			ExpectedAttempts: c.integer("expected_attempts"), At: c.loc()}
		rc.Native = readNativeCount(c, count)
		if count.rawTextKey != "" {
			rc.Native = readRawText(c, count, rc.Native)
		}
		names.check(o.r, rc.Name, c.at)
		rec.Cases = append(rec.Cases, rc)
	})
	sub.unknownMembers("cases")
	return rec
}

func readNativeCount(c *objReader, count nativeCount) Value {
	v, ok := c.member(count.key, true)
	if !ok {
		return NullValue()
	}
	for _, k := range count.kinds {
		if v.Kind == k {
			if k == Number {
				n, isInt := v.Int64()
				if !isInt {
					c.r.fail(c.at.Child(count.key), "must be an integer, not %s", v.Text)
				} else if count.asText {
					return StringValue(strconv.FormatInt(n, 10))
				}
			}
			return v
		}
	}
	c.r.fail(c.at.Child(count.key), "must be %s, not %s", kindList(count.kinds), v.Kind)
	return NullValue()
}

// readRawText reads count.rawTextKey: absent, the count is native as read;
// present, it must be a string and the native count null (one value, not
// two), and it is the count.
func readRawText(c *objReader, count nativeCount, native Value) Value {
	v, ok := c.member(count.rawTextKey, false)
	if !ok {
		return native
	}
	if v.Kind != String {
		c.r.fail(c.at.Child(count.rawTextKey), "must be a string, not %s", v.Kind)
		return native
	}
	if native.Kind != Null {
		c.r.fail(c.at.Child(count.rawTextKey), "goes with %s null: a case carries one header value", count.key)
		return native
	}
	return v
}

func kindList(kinds []Kind) string {
	s := ""
	for i, k := range kinds {
		if i > 0 {
			s += " or "
		}
		s += "a " + k.String()
	}
	return s
}
