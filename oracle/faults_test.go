package oracle

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"
)

// blocks are the manifest blocks a fault may name.
var blocks = []string{
	"cases", "idempotency", "sqs", "asb", "pulsar", "kafka", "artemis", "redis", "rabbitmq",
	"payload_schema", "roundtrip", "data_shape", "forbidden_keys", "payload_schema_unicode",
	"settlement", "row_errors", "failed_writes", "producer",
}

// TestFaultsCatalogue checks names are unique and sorted, blocks are known,
// descriptions present, every block has a fault, and New accepts each.
func TestFaultsCatalogue(t *testing.T) {
	t.Parallel()
	seen := map[Fault]bool{}
	covered := map[string]bool{}
	list := Faults()
	for i, f := range list {
		if seen[f.Name] {
			t.Errorf("duplicate fault %q", f.Name)
		}
		seen[f.Name] = true
		if i > 0 && list[i-1].Name >= f.Name {
			t.Errorf("faults not sorted at %q", f.Name)
		}
		if !contains(blocks, f.Block) && !isEchoFault(f.Name) && f.Sub == "" {
			t.Errorf("fault %q names unknown block %q", f.Name, f.Block)
		}
		covered[f.Block] = true
		if f.Description == "" {
			t.Errorf("fault %q has no description", f.Name)
		}
		if o, err := New(f.Name); err != nil || o.Fault() != f.Name {
			t.Errorf("New(%q) = %v, %v", f.Name, o, err)
		}
	}
	for _, b := range blocks {
		if !covered[b] {
			t.Errorf("block %q has no fault", b)
		}
	}
}

// TestNew checks the spellings of the correct oracle and an unknown name.
func TestNew(t *testing.T) {
	t.Parallel()
	for _, f := range []Fault{None, "none"} {
		if o, err := New(f); err != nil || o.Fault() != None {
			t.Errorf("New(%q) = %v, %v; want the correct oracle", f, o, err)
		}
	}
	if _, err := New("no-such-fault"); err == nil {
		t.Errorf("New(unknown) succeeded")
	}
}

// probe observes one behaviour; want is what the specification requires.
type probe struct {
	want string
	run  func(t *testing.T, o *Oracle) string
}

// probes holds, per fault, an observation the fault must change.
func probes() map[Fault]probe {
	str := func(s string) *string { return &s }
	return map[Fault]probe{
		faultURNAliasIgnored: {"true", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"job":`, `"urn":`))
		}},
		faultSchemaVersionUnchecked: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"schema_version": 1`, `"schema_version": 2`))
		}},
		faultDeadLetterDropped: {`{"reason":"failed"}`, func(t *testing.T, o *Oracle) string {
			return string(mustDecode(t, o, variant(t, `"attempts": 2`, `"attempts": 2, "dead_letter": {"reason": "failed"}`)).View.DeadLetter)
		}},
		faultDedupKeyTraceID: {"aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee", func(t *testing.T, o *Oracle) string {
			res, err := o.IdempotencyKey(EnvelopeArgs{Envelope: envelopeJSON})
			return res.Key + errText(err)
		}},
		faultRememberAfterThrow:   {"[true,true]", replayProbe(d("A", "throw", false), d("A", "ok", false))},
		faultForgetIgnored:        {"[true,false,true]", replayProbe(d("A", "ok", false), d("A", "", false), d("A", "ok", true))},
		faultMissingIDFailsClosed: {"[true,true]", replayProbe(d("", "ok", false), d("", "ok", false))},
		faultSQSReconcileNoDecrement: {"2", func(t *testing.T, o *Oracle) string {
			return attempts(o.SQSReconcile(SQSReconcileArgs{BodyAttempts: 0, ApproximateReceiveCount: str("3")}))
		}},
		faultSQSCounterAsString: {"Number", func(t *testing.T, o *Oracle) string {
			res, err := o.SQSAttributes(ProjectionArgs{Envelope: envelopeJSON})
			return res.Attributes["bq-schema-version"].DataType + errText(err)
		}},
		faultASBReconcileNoDecrement: {"3", func(t *testing.T, o *Oracle) string {
			return attempts(o.ASBReconcile(ASBReconcileArgs{BodyAttempts: 0, DeliveryCount: 4}))
		}},
		faultASBNumbersStringified: {`{"bq-created-at":1700000000123,"bq-schema-version":1,"bq-source-lang":"java"}`, func(t *testing.T, o *Oracle) string {
			res, err := o.ASBMessage(ProjectionArgs{Envelope: envelopeJSON})
			return toJSON(t, res.ApplicationProperties) + errText(err)
		}},
		faultPulsarReconcileDecrement: {"3", func(t *testing.T, o *Oracle) string {
			return attempts(o.PulsarReconcile(PulsarReconcileArgs{BodyAttempts: 0, RedeliveryCount: 3}))
		}},
		faultPulsarAttemptsMissing: {"2", func(t *testing.T, o *Oracle) string {
			res, err := o.PulsarProperties(ProjectionArgs{Envelope: envelopeJSON})
			return res.Properties["bq-attempts"] + errText(err)
		}},
		faultKafkaReconcileMax: {"1", func(t *testing.T, o *Oracle) string {
			return attempts(o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: 4, HeaderAttempts: str("1")}))
		}},
		faultKafkaHeaderIgnored: {"3", func(t *testing.T, o *Oracle) string {
			return attempts(o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: 1, HeaderAttempts: str("3")}))
		}},
		faultArtemisHyphenatedNames: {`{"bq_app_id":"babelqueue","bq_attempts":"2","bq_schema_version":"1","bq_source_lang":"java"}`, func(t *testing.T, o *Oracle) string {
			res, err := o.ArtemisMessage(ProjectionArgs{Envelope: envelopeJSON})
			return toJSON(t, res.Properties) + errText(err)
		}},
		faultArtemisReconcileDecrement: {"3", func(t *testing.T, o *Oracle) string {
			return attempts(o.ArtemisReconcile(ArtemisReconcileArgs{BodyAttempts: 0, DeliveryCount: 3}))
		}},
		faultRabbitMQHeadersStringified: {`{"x-attempts":2,"x-schema-version":1,"x-source-lang":"java"}`, func(t *testing.T, o *Oracle) string {
			res, err := o.RabbitMQPublishing(ProjectionArgs{Envelope: envelopeJSON})
			return toJSON(t, res.Headers) + errText(err)
		}},
		faultRedisPayloadReencoded: {envelopeJSON, func(t *testing.T, o *Oracle) string {
			res, err := o.RedisRoundtrip(EnvelopeArgs{Envelope: envelopeJSON})
			return res.Element + errText(err)
		}},
		faultPayloadMinimumIgnored:              {"false", validProbe(`{"properties":{"n":{"minimum":1}}}`, `{"n":0}`)},
		faultPayloadAdditionalPropertiesIgnored: {"false", validProbe(`{"properties":{"a":{}},"additionalProperties":false}`, `{"a":1,"b":2}`)},
		faultMinLengthBytes:                     {"false", validProbe(`{"minLength":3}`, `"ğü"`)},
		faultMinLengthUTF16:                     {"false", validProbe(`{"minLength":2}`, `"😀"`)},
		faultUnknownKeysDropped: {"1", func(t *testing.T, o *Oracle) string {
			v, _ := at(t, mustReencode(t, o, variant(t, `"attempts": 2`, `"attempts": 2, "extra_top": 1`), 1), "/extra_top")
			return v
		}},
		faultUnknownMetaKeysDropped: {"true", func(t *testing.T, o *Oracle) string {
			v, _ := at(t, mustReencode(t, o, variant(t, `"schema_version": 1`, `"schema_version": 1, "vendor_flag": true`), 1), "/meta/vendor_flag")
			return v
		}},
		faultUnknownLangRejected: {"true", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"lang": "java"`, `"lang": "cobol"`))
		}},
		faultEmptyDataAsArray: {"{}", func(t *testing.T, o *Oracle) string {
			v, _ := at(t, mustMake(t, o, "urn:x", "q", `{}`), "/data")
			return v
		}},
		faultDataArrayAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `{"b": 1, "a": [1.50, {}]}`, `[1, 2]`))
		}},
		faultForbiddenKeyReemitted: {"false", func(t *testing.T, o *Oracle) string {
			_, present := at(t, mustReencode(t, o, variant(t, `"attempts": 2`, `"attempts": 2, "timestamp": 1`), 0), "/timestamp")
			return strconv.FormatBool(present)
		}},
		faultForbiddenKeySilent: {`["dropped forbidden non-canonical envelope key /meta/ts (message-envelope.md §10)"]`, func(t *testing.T, o *Oracle) string {
			return toJSON(t, mustDecode(t, o, variant(t, `"schema_version": 1`, `"schema_version": 1, "ts": 1`)).Warnings)
		}},
		faultIdentityUnchecked: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"job": "urn:babel:test:thing",`, ``))
		}},
		faultViewLangOwn: {`"java"`, func(t *testing.T, o *Oracle) string {
			return toJSON(t, mustDecode(t, o, envelopeJSON).View.Lang)
		}},
		faultSeenIgnored: {"[true,false]", replayProbe(d("A", "ok", false), d("A", "", false))},
		faultSQSReconcileNativeWins: {"4", func(t *testing.T, o *Oracle) string {
			return attempts(o.SQSReconcile(SQSReconcileArgs{BodyAttempts: 4, ApproximateReceiveCount: str("2")}))
		}},
		faultASBReconcileNativeWins: {"4", func(t *testing.T, o *Oracle) string {
			return attempts(o.ASBReconcile(ASBReconcileArgs{BodyAttempts: 4, DeliveryCount: 2}))
		}},
		faultPulsarReconcileNativeWins: {"4", func(t *testing.T, o *Oracle) string {
			return attempts(o.PulsarReconcile(PulsarReconcileArgs{BodyAttempts: 4, RedeliveryCount: 1}))
		}},
		faultPulsarReconcileIncrement: {"0", func(t *testing.T, o *Oracle) string {
			return attempts(o.PulsarReconcile(PulsarReconcileArgs{BodyAttempts: 0, RedeliveryCount: 0}))
		}},
		faultArtemisReconcileNativeWins: {"4", func(t *testing.T, o *Oracle) string {
			return attempts(o.ArtemisReconcile(ArtemisReconcileArgs{BodyAttempts: 4, DeliveryCount: 1}))
		}},
		faultArtemisReconcileIncrement: {"0", func(t *testing.T, o *Oracle) string {
			return attempts(o.ArtemisReconcile(ArtemisReconcileArgs{BodyAttempts: 0, DeliveryCount: 0}))
		}},
		faultKafkaAbsentHeaderZero: {"3", func(t *testing.T, o *Oracle) string {
			return attempts(o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: 3, HeaderAttempts: nil}))
		}},
		faultKafkaHeaderNextAttempt: {"2", func(t *testing.T, o *Oracle) string {
			return attempts(o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: 0, HeaderAttempts: str("2")}))
		}},
		faultKafkaHeadersBinaryInts: {`{"bq-attempts":"2","bq-schema-version":"1"}`, func(t *testing.T, o *Oracle) string {
			res, err := o.KafkaHeaders(ProjectionArgs{Envelope: envelopeJSON})
			return toJSON(t, map[string]string{"bq-attempts": res.Headers["bq-attempts"], "bq-schema-version": res.Headers["bq-schema-version"]}) + errText(err)
		}},
		faultPayloadRequiredIgnored:       {"false", validProbe(`{"required":["a"]}`, `{}`)},
		faultPayloadTypeIgnored:           {"false", validProbe(`{"type":"integer"}`, `"x"`)},
		faultPayloadEnumIgnored:           {"false", validProbe(`{"enum":["USD","EUR"]}`, `"GBP"`)},
		faultPayloadAllPropertiesRequired: {"true", validProbe(`{"required":["a"],"properties":{"a":{},"b":{}}}`, `{"a":1}`)},
		faultPayloadNumberMeansInteger:    {"true", validProbe(`{"type":"number"}`, `99.9`)},
		faultMinLengthExclusive:           {"true", validProbe(`{"minLength":3}`, `"abc"`)},
		faultMinLengthGraphemes:           {"true", validProbe(`{"minLength":2}`, `"e\u0301"`)},
		faultTraceIDOptional: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"trace_id": "11111111-2222-4333-8444-555555555555",`, ``))
		}},
		faultTraceIDNotTrimmed: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"11111111-2222-4333-8444-555555555555"`, `" \t "`))
		}},
		faultTraceIDEmptyAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"11111111-2222-4333-8444-555555555555"`, `""`))
		}},
		faultAttemptsFractionAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"attempts": 2`, `"attempts": 1.5`))
		}},
		faultDataNullAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"data": {"b": 1, "a": [1.50, {}]}`, `"data": null`))
		}},
		faultDataMissingAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"data": {"b": 1, "a": [1.50, {}]},`, ``))
		}},
		faultPayloadMinimumExclusive: {"true", validProbe(`{"minimum":1}`, `1`)},
		faultSQSReconcileOverwritesLateRetry: {"5", func(t *testing.T, o *Oracle) string {
			return attempts(o.SQSReconcile(SQSReconcileArgs{BodyAttempts: 5, ApproximateReceiveCount: str("3")}))
		}},
		faultASBReconcileOverwritesLateRetry: {"5", func(t *testing.T, o *Oracle) string {
			return attempts(o.ASBReconcile(ASBReconcileArgs{BodyAttempts: 5, DeliveryCount: 3}))
		}},
		faultPulsarReconcileOverwritesLateRetry: {"5", func(t *testing.T, o *Oracle) string {
			return attempts(o.PulsarReconcile(PulsarReconcileArgs{BodyAttempts: 5, RedeliveryCount: 3}))
		}},
		faultArtemisReconcileOverwritesLateRetry: {"5", func(t *testing.T, o *Oracle) string {
			return attempts(o.ArtemisReconcile(ArtemisReconcileArgs{BodyAttempts: 5, DeliveryCount: 3}))
		}},
		faultKafkaReconcileMaxLateHeader: {"3", func(t *testing.T, o *Oracle) string {
			return attempts(o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: 5, HeaderAttempts: str("3")}))
		}},
		faultGateTrims:                        {gateReject, gateProbe((*Oracle).SQSSchemaVersionGate, str(" 1"))},
		faultGateTrimsUnicode:                 {gateReject, gateProbe((*Oracle).KafkaSchemaVersionGate, str("\u00A01"))},
		faultGateUnicodeBlank:                 {gateReject, gateProbe((*Oracle).PulsarSchemaVersionGate, str("\u3000"))},
		faultGateBOMBlank:                     {gateReject, gateProbe((*Oracle).KafkaSchemaVersionGate, str("\uFEFF"))},
		faultGateNumeric:                      {gateReject, gateProbe((*Oracle).ArtemisSchemaVersionGate, str("01"))},
		faultGateIgnored:                      {gateReject, gateProbe((*Oracle).PulsarSchemaVersionGate, str("x"))},
		faultGateVersionTwo:                   {gateDecode, gateProbe((*Oracle).SQSSchemaVersionGate, str("1"))},
		faultGateBlankRejects:                 {gateDecode, gateProbe((*Oracle).KafkaSchemaVersionGate, str(" \t"))},
		faultGateAbsentRejects:                {gateDecode, gateProbe((*Oracle).ArtemisSchemaVersionGate, nil)},
		faultASBGateInt64Only:                 {gateDecode, asbGateProbe(`1`, "int")},
		faultASBGateAnyInteger:                {gateReject, asbGateProbe(`2`, "long")},
		faultASBGateDoubleTruncated:           {gateReject, asbGateProbe(`1.5`, "double")},
		faultSettleLastWins:                   {`["acknowledged","acknowledged"]`, settleProbe("rabbitmq", false, "acknowledge", "reject")},
		faultSettledCountsEveryCall:           {`{"acknowledged":1}`, settleCountProbe("acknowledge", "acknowledge")},
		faultCopySettlesSeparately:            {`["acknowledged","acknowledged"]`, settleProbe("kafka", false, "copy.acknowledge", "reject")},
		faultRejectIgnoresDeadLetterQueue:     {`["dead_lettered"]`, settleProbe("servicebus", true, "reject")},
		faultRequeueAcknowledges:              {`["requeued"]`, settleProbe("sqs", false, "requeue")},
		faultKafkaUnsettledBackOnClose:        {"restart", func(t *testing.T, o *Oracle) string { return redeliveredProbe(t, o, "kafka") }},
		faultUnsettledAutoAcknowledged:        {"restart", func(t *testing.T, o *Oracle) string { return redeliveredProbe(t, o, "kafka") }},
		faultAcknowledgeNotCounted:            {`{"acknowledged":1}`, settleCountProbe("acknowledge")},
		faultRejectWithoutQueueRequeues:       {`["rejected"]`, settleProbe("rabbitmq", false, "reject")},
		faultMessageQueueAcksAtEnd:            {`{"m1":"batch 1","m2":"batch 1"}`, writeProbe("message_queue", "fail", nil, ackedAfterOf)},
		faultExcerptBytes:                     {"abcd😀", excerptProbe("abcd😀ef", 5)},
		faultExcerptUTF16:                     {"😀", excerptProbe("😀x", 1)},
		faultNoHandlerSkips:                   {`{"fail":1}`, rowProbe(nil, false, func(r MessageReadResult) any { return r.RowErrors })},
		faultSkipLeavesUnsettled:              {`"removed"`, rowProbe(str("skip"), false, func(r MessageReadResult) any { return r.Settlement })},
		faultDeadLetterNeverSettles:           {`"dead_lettered"`, rowProbe(str("dead_letter"), true, func(r MessageReadResult) any { return r.Settlement })},
		faultDeadLetterDropsMetadata:          {`{"k":1}`, rowProbe(str("dead_letter"), false, func(r MessageReadResult) any { return r.DeadLetters[0].Metadata })},
		faultRowErrorCountedTwice:             {`{"dead_letter":1}`, rowProbe(str("dead_letter"), false, func(r MessageReadResult) any { return r.RowErrors })},
		faultDeadLetterIgnoresDeadLetterQueue: {`"dead_lettered"`, rowProbe(str("dead_letter"), true, func(r MessageReadResult) any { return r.Settlement })},
		faultDeadLetterQueueCountedRejected:   {`{"dead_lettered":1}`, rowProbe(str("skip"), true, func(r MessageReadResult) any { return r.MessagesSettled })},
		faultSkipSettlementNotCounted:         {`{"rejected":1}`, rowProbe(str("skip"), false, func(r MessageReadResult) any { return r.MessagesSettled })},
		faultReadErrorNamesTheMessageID:       {`{"source":"orders","position":"tag 1"}`, rowProbe(nil, false, func(r MessageReadResult) any { return r.ReadError })},
		faultFailedWriteAcknowledges:          {`{"m1":"acknowledged","m2":"unsettled"}`, writeProbe("message_queue", "fail", []string{"m2"}, settlementsOf)},
		faultWriteRequeueAcknowledges:         {`{"m1":"acknowledged","m2":"requeued"}`, writeProbe("message_queue", "requeue", []string{"m2"}, settlementsOf)},
		faultWriteStopsAfterRequeue:           {`{"m1":"requeued","m2":"acknowledged"}`, writeProbe2("message_queue", "requeue", []string{"m1"})},
		faultDeadLetteredWriteLeavesSource:    {`{"m1":"acknowledged","m2":"acknowledged"}`, writeProbe("message_queue", "dead_letter", []string{"m2"}, settlementsOf)},
		faultSQLAcksOnWrite:                   {`{"m1":"commit 1","m2":"commit 1"}`, writeProbe("sql", "fail", nil, ackedAfterOf)},
		faultWholeRunAcksPerCommit:            {`{"m1":"final commit","m2":"final commit"}`, writeProbe("sql_whole_run", "fail", nil, ackedAfterOf)},
		faultHTTPFailedRequestNeverAcked:      {`{"m1":"skip request 1","m2":"skip request 1"}`, writeProbe("http", "skip", []string{"m2"}, ackedAfterOf)},
		faultOtherSinkAcksPerBatch:            {`{"m1":"end of stream","m2":"end of stream"}`, writeProbe("other", "fail", nil, ackedAfterOf)},
		faultEchoSubject:                      {`{"attempts":4}`, callProbe("sqs_reconcile", `{"body_attempts":4,"approximate_receive_count":"2"}`)},
		faultEchoSubjectAffirmative:           {`{"accepted":false,"`, callProbe("decode", `{"envelope":"{}"}`)},
		faultSchemaVersionOnlyNewerRejected: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"schema_version": 1`, `"schema_version": -1`))
		}},
		faultSchemaVersionFalsySkipped: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"schema_version": 1`, `"schema_version": 0`))
		}},
		faultSchemaVersionMissingDefaults: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"schema_version": 1,`, ``))
		}},
		faultAttemptsNegativeAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"attempts": 2`, `"attempts": -1`))
		}},
		faultDataScalarAccepted: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"data": {"b": 1, "a": [1.50, {}]}`, `"data": true`))
		}},
		faultDataJSONStringDecoded: {"false", func(t *testing.T, o *Oracle) string {
			return accepted(t, o, variant(t, `"data": {"b": 1, "a": [1.50, {}]}`, `"data": "{\"b\": 1}"`))
		}},
		faultURNAliasPreferred: {"urn:babel:test:thing", func(t *testing.T, o *Oracle) string {
			d := mustDecode(t, o, variant(t, `"job": "urn:babel:test:thing",`, `"job": "urn:babel:test:thing", "urn": "urn:babel:test:other",`))
			return *d.View.URN
		}},
		faultPayloadEnumLoose:                 {"false", validProbe(`{"enum":[1,2]}`, `"1"`)},
		faultPayloadConstLoose:                {"false", validProbe(`{"const":1}`, `"1"`)},
		faultPayloadMaximumIgnored:            {"false", validProbe(`{"maximum":1}`, `2`)},
		faultPayloadMaximumExclusive:          {"true", validProbe(`{"maximum":1}`, `1`)},
		faultPayloadExclusiveMinimumInclusive: {"false", validProbe(`{"exclusiveMinimum":1}`, `1`)},
		faultPayloadExclusiveMaximumInclusive: {"false", validProbe(`{"exclusiveMaximum":1}`, `1`)},
		faultPayloadMaxLengthIgnored:          {"false", validProbe(`{"maxLength":1}`, `"ab"`)},
		faultPayloadMinLengthIgnored:          {"false", validProbe(`{"minLength":2}`, `"a"`)},
		faultPayloadMaxLengthExclusive:        {"true", validProbe(`{"maxLength":2}`, `"ab"`)},
		faultPayloadPatternIgnored:            {"false", validProbe(`{"pattern":"[0-9]"}`, `"ab"`)},
		faultPayloadPatternAnchored:           {"true", validProbe(`{"pattern":"[0-9]"}`, `"a1b"`)},
		faultPayloadItemsIgnored:              {"false", validProbe(`{"items":{"type":"string"}}`, `["a",1]`)},
		faultPayloadNestedRequiredIgnored:     {"false", validProbe(`{"properties":{"c":{"required":["id"]}}}`, `{"c":{}}`)},
		faultPayloadNestedUnchecked:           {"false", validProbe(`{"properties":{"c":{"type":"object","properties":{"id":{"type":"integer"}}}}}`, `{"c":{"id":"x"}}`)},
		faultPayloadExclusiveMinimumOffByOne:  {"true", validProbe(`{"exclusiveMinimum":0}`, `1`)},
		faultPayloadExclusiveMaximumOffByOne:  {"true", validProbe(`{"exclusiveMaximum":100}`, `99`)},
		faultPayloadConstNumberAsDouble:       {"true", validProbe(`{"const":1}`, `1`)},
		faultPayloadEnumNumberAsDouble:        {"true", validProbe(`{"enum":[1,2]}`, `1`)},
		faultPayloadItemsOnArray:              {"true", validProbe(`{"items":{"type":"string"}}`, `["a"]`)},
		faultPayloadLengthRangeMinExclusive:   {"true", rangeProbe()},
		faultPayloadNestedRequiredOnParent:    {"true", validProbe(`{"properties":{"c":{"required":["id"]}}}`, `{"c":{"id":1}}`)},
		faultKafkaHeaderTrimmed:               kafkaHeaderProbe(" 2"),
		faultKafkaHeaderFloat:                 kafkaHeaderProbe("2.0"),
		faultKafkaEmptyHeaderZero:             kafkaHeaderProbe(""),
		faultKafkaUnparsableHeaderZero:        kafkaHeaderProbe("abc"),
		faultRedisReservePeeks: {"0", func(t *testing.T, o *Oracle) string {
			r, err := o.RedisRoundtrip(EnvelopeArgs{Envelope: envelopeJSON})
			return strconv.Itoa(r.QueuedAfterReserve) + errText(err)
		}},
	}
}

// kafkaHeaderProbe observes Kafka reconciliation of a body of 3 with a
// bq-attempts header that is not a canonical integer: the body's count stands.
func kafkaHeaderProbe(header string) probe {
	return probe{"3", func(t *testing.T, o *Oracle) string {
		return attempts(o.KafkaReconcile(KafkaReconcileArgs{BodyAttempts: 3, HeaderAttempts: &header}))
	}}
}

// gateProbe observes a string-property gate's outcome for one value.
func gateProbe(gate func(*Oracle, GateArgs) (GateResult, error), value *string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := gate(o, GateArgs{Envelope: envelopeJSON, Property: value})
		return r.Outcome + errText(err)
	}
}

// asbGateProbe observes the Service Bus gate for one AMQP-typed number.
func asbGateProbe(number, amqpType string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.ASBSchemaVersionGate(ASBGateArgs{Envelope: envelopeJSON, Property: json.RawMessage(number), AMQPType: &amqpType})
		return r.Outcome + errText(err)
	}
}

// TestFaultsChangeBehaviour checks, for every fault, that the correct oracle
// gives the specified observation and the faulty one does not.
func TestFaultsChangeBehaviour(t *testing.T) {
	t.Parallel()
	table := probes()
	for _, more := range []map[Fault]probe{typeProbes(), producerProbes()} {
		for f, p := range more {
			table[f] = p
		}
	}
	for _, f := range Faults() {
		t.Run(string(f.Name), func(t *testing.T) {
			t.Parallel()
			p, ok := table[f.Name]
			if !ok {
				t.Fatalf("no probe for fault %q", f.Name)
			}
			if got := p.run(t, correct(t)); got != p.want {
				t.Errorf("correct oracle: got %s, want %s", got, p.want)
			}
			if got := p.run(t, newOracle(t, f.Name)); got == p.want {
				t.Errorf("fault %q did not change the observation (%s)", f.Name, got)
			}
		})
	}
	if len(table) != len(Faults()) {
		t.Errorf("%d probes for %d faults", len(table), len(Faults()))
	}
}

// TestFaultsStayInTheirBlock checks that a fault leaves every other block's
// probes alone, so it is caught by the block it names and is not a blunt
// instrument that breaks everything.
func TestFaultsStayInTheirBlock(t *testing.T) {
	t.Parallel()
	table := probes()
	block := map[Fault]string{}
	for _, f := range Faults() {
		block[f.Name] = f.Block
	}
	for _, f := range Faults() {
		if isEchoFault(f.Name) {
			continue // every block, by design
		}
		o := newOracle(t, f.Name)
		for other, p := range table {
			if block[other] == f.Block || isEchoFault(other) {
				continue
			}
			if got := p.run(t, o); got != p.want {
				t.Errorf("fault %q (%s) changes the probe of %q (%s): got %s", f.Name, f.Block, other, block[other], got)
			}
		}
	}
}

// accepted decodes s and reports the verdict.
func accepted(t *testing.T, o *Oracle, s string) string {
	return strconv.FormatBool(mustDecode(t, o, s).Accepted)
}

// attempts renders a reconcile result.
func attempts(r AttemptsResult, err error) string {
	return strconv.FormatInt(r.Attempts, 10) + errText(err)
}

// errText renders an error suffix ("" for nil), so an error never looks like
// the wanted observation.
func errText(err error) string {
	if err != nil {
		return " error: " + err.Error()
	}
	return ""
}

// replayProbe replays deliveries and renders which ran.
func replayProbe(ds ...Delivery) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		res, err := o.IdempotencyReplay(IdempotencyReplayArgs{Deliveries: ds})
		return toJSON(t, res.Invoked) + errText(err)
	}
}

// validProbe validates data against schema and renders the verdict.
func validProbe(schema, data string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		res, err := o.ValidatePayload(ValidatePayloadArgs{Schema: json.RawMessage(schema), Data: json.RawMessage(data)})
		return strconv.FormatBool(res.Valid) + errText(err)
	}
}

// rangeProbe observes whether a string exactly minLength long gets the same
// verdict with a maxLength beside the minLength as without one. It compares
// the two, so min-length-exclusive (payload_schema_unicode), which rejects
// both, leaves it alone and only the range fault changes it.
func rangeProbe() func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		ranged := validProbe(`{"minLength":2,"maxLength":4}`, `"ab"`)(t, o)
		alone := validProbe(`{"minLength":2}`, `"ab"`)(t, o)
		return strconv.FormatBool(ranged == alone)
	}
}

// callProbe observes an operation through Call, the path the server and
// validate take, cut to its first 19 bytes so a record's variable tail
// (reasons, views) does not matter.
func callProbe(op, args string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		out, err := o.Call(op, json.RawMessage(args))
		if err != nil {
			return err.Error()
		}
		return string(out[:min(len(out), 19)])
	}
}

func settleProbe(broker string, dlq bool, calls ...string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.Settle(SettleArgs{Broker: broker, DeadLetterQueue: dlq, Calls: calls})
		return toJSON(t, r.Results) + errText(err)
	}
}

func settleCountProbe(calls ...string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.Settle(SettleArgs{Broker: "rabbitmq", Calls: calls})
		return toJSON(t, r.MessagesSettled) + errText(err)
	}
}

const orderType = `{"type":"object","required":["order_id"],"properties":{"order_id":{"type":"integer"}}}`

func excerptProbe(body string, limit int64) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.ReadMessage(ReadMessageArgs{Type: json.RawMessage(orderType), Broker: "kafka", Source: "orders",
			Position: "offset 1", Body: body, RawExcerptLength: &limit, Metadata: json.RawMessage(`{}`)})
		if err != nil || r.Excerpt == nil {
			return fmt.Sprint(err)
		}
		return *r.Excerpt
	}
}

func rowProbe(action *string, dlq bool, observe func(MessageReadResult) any) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.ReadMessage(ReadMessageArgs{Type: json.RawMessage(orderType), Broker: "rabbitmq", Source: "orders",
			Position: "tag 1", MessageID: "m", Body: "{oops", Action: action, DeadLetterQueue: dlq, Metadata: json.RawMessage(`{"k":1}`)})
		if err != nil {
			return err.Error()
		}
		return toJSON(t, observe(r))
	}
}

func settlementsOf(r WriteOutcomeResult) any { return r.Settlements }
func ackedAfterOf(r WriteOutcomeResult) any  { return r.AcknowledgedAfter }

func writeProbe(sink, action string, refused []string, observe func(WriteOutcomeResult) any) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.WriteMessages(WriteMessagesArgs{Sink: sink, Action: action, Batches: [][]string{{"m1", "m2"}}, Refused: refused})
		if err != nil {
			return err.Error()
		}
		return toJSON(t, observe(r))
	}
}

// writeProbe2 writes two batches of one message each.
func writeProbe2(sink, action string, refused []string) func(*testing.T, *Oracle) string {
	return func(t *testing.T, o *Oracle) string {
		r, err := o.WriteMessages(WriteMessagesArgs{Sink: sink, Action: action, Batches: [][]string{{"m1"}, {"m2"}}, Refused: refused})
		if err != nil {
			return err.Error()
		}
		return toJSON(t, r.Settlements)
	}
}

// redeliveredProbe observes what brings back a message nobody settles.
func redeliveredProbe(t *testing.T, o *Oracle, broker string) string {
	r, err := o.Settle(SettleArgs{Broker: broker, Calls: []string{}})
	if err != nil || r.RedeliveredBy == nil {
		return fmt.Sprint(err)
	}
	return *r.RedeliveredBy
}
