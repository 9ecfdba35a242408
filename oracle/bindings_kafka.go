package oracle

import (
	"encoding/binary"
	"strconv"
	"strings"
)

// Apache Kafka binding (broker-bindings §6): string record headers; attempts
// taken from the bq-attempts header, which is authoritative.

// KafkaHeadersResult is the result of kafka_headers. Kafka headers are bytes,
// read as UTF-8 strings, so integers are stringified.
type KafkaHeadersResult struct {
	Headers map[string]string `json:"headers"`
}

// KafkaReconcileArgs is the argument of kafka_reconcile. HeaderAttempts is
// the bq-attempts header as the text on the wire (headers are bytes, read as
// UTF-8); nil is an absent header.
type KafkaReconcileArgs struct {
	BodyAttempts   int64   `json:"body_attempts"`
	HeaderAttempts *string `json:"header_attempts"`
}

// KafkaHeaders projects an envelope onto Kafka record headers.
func (o *Oracle) KafkaHeaders(a ProjectionArgs) (KafkaHeadersResult, error) {
	p, err := o.projectionOf(a, faultKafkaProjectsOwnLang)
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
	return o.reconcileVia(a.BodyAttempts, func(body []byte) []byte {
		return o.reconcileBody(body, func(n int64) int64 { return o.kafkaAttempts(n, o.kafkaHeaderCount(a.HeaderAttempts)) })
	})
}

// kafkaHeaderCount reads the bq-attempts header. Producers write the count as
// canonical decimal text (strconv.FormatInt of a non-negative integer), so
// only that text is a BabelQueue header; anything else ("2.0", " 2", "abc",
// "", "02", "-1") came from some other producer and is ignored like an absent
// header, as SQS ignores a garbage ApproximateReceiveCount (nil: no count).
func (o *Oracle) kafkaHeaderCount(header *string) *int64 {
	if header == nil {
		return nil
	}
	text := *header
	switch {
	case o.has(faultKafkaHeaderTrimmed):
		text = strings.TrimSpace(text) // Python's int() and Java's trim-then-parse
	case o.has(faultKafkaHeaderFloat):
		if f, err := strconv.ParseFloat(text, 64); err == nil && f >= 0 && f == float64(int64(f)) {
			n := int64(f) // parsed as a JSON number, as a JavaScript Number() does
			return &n
		}
	case o.has(faultKafkaEmptyHeaderZero) && text == "":
		n := int64(0) // JavaScript's Number("") is 0
		return &n
	}
	n, err := strconv.ParseInt(text, 10, 64)
	switch {
	case err == nil && n >= 0 && strconv.FormatInt(n, 10) == text:
		return &n
	case o.has(faultKafkaUnparsableHeaderZero):
		n = 0 // the parse error dropped: n, _ := strconv.Atoi(header)
		return &n
	}
	return nil
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
