package oracle

import "encoding/binary"

// Apache Kafka binding (broker-bindings §6): string record headers; attempts
// taken from the bq-attempts header, which is authoritative.

// KafkaHeadersResult is the result of kafka_headers. Kafka headers are bytes,
// read as UTF-8 strings, so integers are stringified.
type KafkaHeadersResult struct {
	Headers map[string]string `json:"headers"`
}

// KafkaReconcileArgs is the argument of kafka_reconcile. A nil HeaderAttempts
// is an absent bq-attempts header.
type KafkaReconcileArgs struct {
	BodyAttempts   int64  `json:"body_attempts"`
	HeaderAttempts *int64 `json:"header_attempts"`
}

// KafkaHeaders projects an envelope onto Kafka record headers.
func (o *Oracle) KafkaHeaders(a EnvelopeArgs) (KafkaHeadersResult, error) {
	p, err := o.projectionOf(a.Envelope)
	if err != nil {
		return KafkaHeadersResult{}, err
	}
	headers := bqStringProperties(p)
	if o.has(faultKafkaHeadersBinaryInts) {
		headers["bq-schema-version"] = bigEndianInt32(p.schemaVersion)
		headers["bq-attempts"] = bigEndianInt32(p.att)
	}
	return KafkaHeadersResult{Headers: headers}, nil
}

// bigEndianInt32 is n as the 4-byte big-endian header value a JVM producer
// writes with ByteBuffer.putInt, read back as a (non-text) string. Only the
// kafka-headers-binary-ints fault uses it: the binding wants decimal text.
func bigEndianInt32(n int64) string {
	return string(binary.BigEndian.AppendUint32(nil, uint32(n)))
}

// KafkaReconcile reports the attempts a consumer sees after Kafka
// reconciliation.
func (o *Oracle) KafkaReconcile(a KafkaReconcileArgs) (AttemptsResult, error) {
	if a.HeaderAttempts != nil && *a.HeaderAttempts < 0 {
		return AttemptsResult{}, badArg("header_attempts", "must be a non-negative integer or null, got %d", *a.HeaderAttempts)
	}
	return o.reconcileVia(a.BodyAttempts, func(body []byte) []byte {
		return o.reconcileBody(body, func(n int64) int64 { return o.kafkaAttempts(n, a.HeaderAttempts) })
	})
}

// kafkaAttempts is the bq-attempts header when present, else the body's count.
// Kafka has no native delivery count, so the header overrides the body even
// when lower: this is not a max.
func (o *Oracle) kafkaAttempts(body int64, header *int64) int64 {
	switch {
	case header == nil && o.has(faultKafkaAbsentHeaderZero):
		return 0 // the missing header parsed like an empty one
	case header == nil, o.has(faultKafkaHeaderIgnored):
		return body
	case o.has(faultKafkaReconcileMax), o.has(faultKafkaReconcileMaxLateHeader) && *header > 1:
		return max(body, *header)
	case o.has(faultKafkaHeaderNextAttempt):
		return *header + 1
	}
	return *header
}
