package oracle

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/model"
)

// The producer's mutants: each plants one bug of what an SDK writes, each a
// clause of the producer block (suite 1.6.0).
const (
	faultProduceAttemptsOne            Fault = "produce-attempts-one"
	faultProduceAttemptsOmitted        Fault = "produce-attempts-omitted"
	faultProduceLangWrongTag           Fault = "produce-lang-wrong-tag"
	faultProduceCreatedAtSeconds       Fault = "produce-created-at-seconds"
	faultProduceBlankTraceIDKept       Fault = "produce-blank-trace-id-kept"
	faultProduceEmptyTraceIDKept       Fault = "produce-empty-trace-id-kept"
	faultProduceGivenTraceIDReplaced   Fault = "produce-given-trace-id-replaced"
	faultProduceMetaIDIsTraceID        Fault = "produce-meta-id-is-trace-id"
	faultProduceIDsNotUUID             Fault = "produce-ids-not-uuid"
	faultProduceSchemaVersionString    Fault = "produce-schema-version-string"
	faultProduceQueueIgnored           Fault = "produce-queue-ignored"
	faultDeadLetterFailedAtSeconds     Fault = "dead-letter-failed-at-seconds"
	faultDeadLetterReasonAlwaysFailed  Fault = "dead-letter-reason-always-failed"
	faultDeadLetterQueueFromMeta       Fault = "dead-letter-queue-from-meta"
	faultDeadLetterAttemptsZero        Fault = "dead-letter-attempts-zero"
	faultDeadLetterErrorDropped        Fault = "dead-letter-error-dropped"
	faultDeadLetterResetsAttempts      Fault = "dead-letter-resets-attempts"
	faultDeadLetterReplacesTraceID     Fault = "dead-letter-replaces-trace-id"
	faultHelperSwallowsError           Fault = "idempotency-helper-swallows-error"
	faultSkipRaises                    Fault = "idempotency-skip-raises"
	faultSQSProjectsOwnLang            Fault = "sqs-projects-own-lang"
	faultASBProjectsOwnLang            Fault = "asb-projects-own-lang"
	faultPulsarProjectsOwnLang         Fault = "pulsar-projects-own-lang"
	faultKafkaProjectsOwnLang          Fault = "kafka-projects-own-lang"
	faultArtemisProjectsOwnLang        Fault = "artemis-projects-own-lang"
	faultRabbitMQProjectsOwnLang       Fault = "rabbitmq-projects-own-lang"
	faultRedisProduceFramed            Fault = "redis-produce-framed"
	faultRedisProduceReserialised      Fault = "redis-produce-reserialised"
	faultPayloadNumberAcceptsBoolean   Fault = "payload-number-accepts-boolean"
	faultPayloadIntegerAcceptsFraction Fault = "payload-integer-accepts-fraction"
	faultPayloadClosedByDefault        Fault = "payload-closed-by-default"
)

// ownLangProjection is the bug of each broker's own-lang fault.
const ownLangProjection = "the produce-side projection stamps the producing SDK's own language tag as the source lang instead of meta.lang"

// producerFaultTable is the catalogue of the producer block's mutants and
// the idempotency helper's error mutants.
func producerFaultTable() []FaultInfo {
	p, i := model.BlockProducer, model.BlockIdempotency
	return []FaultInfo{
		{Name: faultProduceAttemptsOne, Block: p, Description: "a new envelope's attempts start at 1 instead of 0"},
		{Name: faultProduceAttemptsOmitted, Block: p, Description: "a new envelope leaves attempts out when it is 0 (an omitempty)"},
		{Name: faultProduceLangWrongTag, Block: p, Description: "meta.lang is stamped with a tag of the SDK's own (\"py\") instead of the schema's"},
		{Name: faultProduceCreatedAtSeconds, Block: p, Description: "meta.created_at is Unix seconds instead of milliseconds"},
		{Name: faultProduceBlankTraceIDKept, Block: p, Description: "a given trace_id of only whitespace is kept instead of replaced by a fresh one"},
		{Name: faultProduceEmptyTraceIDKept, Block: p, Description: "a given empty trace_id is kept instead of replaced by a fresh one"},
		{Name: faultProduceGivenTraceIDReplaced, Block: p, Description: "a given trace_id is replaced by a fresh one, breaking the causal chain"},
		{Name: faultProduceMetaIDIsTraceID, Block: p, Description: "meta.id is the trace_id instead of an id of its own"},
		{Name: faultProduceIDsNotUUID, Block: p, Description: "trace_id and meta.id are 32 hex digits without the UUID's dashes"},
		{Name: faultProduceSchemaVersionString, Block: p, Description: "meta.schema_version is written as the string \"1\""},
		{Name: faultProduceQueueIgnored, Block: p, Description: "meta.queue is always \"default\", whatever queue is given"},
		{Name: faultDeadLetterFailedAtSeconds, Block: p, Description: "dead_letter.failed_at is Unix seconds instead of milliseconds"},
		{Name: faultDeadLetterReasonAlwaysFailed, Block: p, Description: "dead_letter.reason is always \"failed\", whatever reason is given"},
		{Name: faultDeadLetterQueueFromMeta, Block: p, Description: "dead_letter.original_queue is meta.queue instead of the queue it was consumed from"},
		{Name: faultDeadLetterAttemptsZero, Block: p, Description: "dead_letter.attempts is 0 instead of the attempts made"},
		{Name: faultDeadLetterErrorDropped, Block: p, Description: "dead_letter.error is null even when the handler's error is given"},
		{Name: faultDeadLetterResetsAttempts, Block: p, Description: "dead-lettering resets the envelope's attempts to 0 instead of preserving it"},
		{Name: faultDeadLetterReplacesTraceID, Block: p, Description: "dead-lettering writes a fresh trace_id instead of preserving the original's"},
		{Name: faultHelperSwallowsError, Block: i, Description: "the idempotency helper swallows the handler's error: the id stays unmarked but the caller sees success, so nothing retries or dead-letters"},
		{Name: faultSkipRaises, Block: i, Description: "the idempotency helper raises an error for a delivery it skips instead of acking it"},
		{Name: faultSQSProjectsOwnLang, Block: model.BlockSQS, Description: ownLangProjection},
		{Name: faultASBProjectsOwnLang, Block: model.BlockASB, Description: ownLangProjection},
		{Name: faultPulsarProjectsOwnLang, Block: model.BlockPulsar, Description: ownLangProjection},
		{Name: faultKafkaProjectsOwnLang, Block: model.BlockKafka, Description: ownLangProjection},
		{Name: faultArtemisProjectsOwnLang, Block: model.BlockArtemis, Description: ownLangProjection},
		{Name: faultRabbitMQProjectsOwnLang, Block: model.BlockRabbitMQ, Description: ownLangProjection},
		{Name: faultRedisProduceFramed, Block: model.BlockRedis, Description: "the Redis publisher always wraps the envelope in a frame ({\"headers\":{},\"body\":...}), even with no headers to carry"},
		{Name: faultPayloadNumberAcceptsBoolean, Block: model.BlockPayloadSchema, Description: "the payload validator takes a boolean for type number (true as 1)"},
		{Name: faultPayloadIntegerAcceptsFraction, Block: model.BlockPayloadSchema, Description: "the payload validator takes any number for type integer, so 3.5 is valid"},
		{Name: faultPayloadClosedByDefault, Block: model.BlockPayloadSchema, Description: "the payload validator treats an absent additionalProperties as false, rejecting a member draft-07's open default admits"},
		{Name: faultRedisProduceReserialised, Block: model.BlockRedis, Description: "the Redis publisher stores the envelope written by a second serialiser ('/' and non-ASCII escaped) instead of the codec's bytes"},
	}
}

// traceIDFor keeps a given trace id that names one, and makes a fresh one
// otherwise; faulty switches the trace-id faults on.
func (o *Oracle) traceIDFor(given *string, faulty bool) string {
	has := func(f Fault) bool { return faulty && o.has(f) }
	switch {
	case given == nil:
	case has(faultProduceGivenTraceIDReplaced):
	case *given == "" && has(faultProduceEmptyTraceIDKept):
		return *given
	case *given != "" && isBlank(*given) && has(faultProduceBlankTraceIDKept):
		return *given
	case !isBlank(*given):
		return *given
	}
	return o.newID()
}

// applyProducerFaults plants the new envelope's faults into a correct one.
func (o *Oracle) applyProducerFaults(env *envelope) {
	switch {
	case o.has(faultProduceLangWrongTag):
		env.setMeta("lang", mustMarshalString("py"))
	case o.has(faultProduceCreatedAtSeconds):
		env.setMeta("created_at", json.RawMessage(strconv.FormatInt(o.nowMillis()/1000, 10)))
	case o.has(faultProduceAttemptsOne):
		env.setAttempts(1)
	case o.has(faultProduceAttemptsOmitted):
		env.top = removeMember(env.top, "attempts")
	case o.has(faultProduceMetaIDIsTraceID):
		env.setMeta("id", lookup(env.top, "trace_id"))
	case o.has(faultProduceIDsNotUUID):
		env.top = setMember(env.top, "trace_id", undashed(lookup(env.top, "trace_id")))
		env.setMeta("id", undashed(env.metaValue("id")))
	case o.has(faultProduceSchemaVersionString):
		env.setMeta("schema_version", json.RawMessage(`"1"`))
	case o.has(faultProduceQueueIgnored):
		env.setMeta("queue", mustMarshalString(defaultQueue))
	}
}

// undashed is a JSON string id without its dashes.
func undashed(raw json.RawMessage) json.RawMessage {
	s, _ := asString(raw)
	return mustMarshalString(strings.ReplaceAll(s, "-", ""))
}

// removeMember is members without key.
func removeMember(members []member, key string) []member {
	out := members[:0:0]
	for _, m := range members {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}
