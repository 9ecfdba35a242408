package oracle

import (
	"fmt"
	"sort"
)

// Fault names one deliberate bug (a mutant) the oracle can be started with.
// A generated test suite proves it is sharp by failing against every fault of
// the blocks it covers; the correct oracle is the zero value, None.
type Fault string

// None is the correct oracle: no fault switched on.
const None Fault = ""

// noneName is accepted by New as a spelling of None, so a CLI flag can say
// "--fault none" explicitly.
const noneName Fault = "none"

// The faults. Each one is a single branch at the place where the real SDK bug
// would live; the correct path is always the default.
const (
	faultURNAliasIgnored                    Fault = "urn-alias-ignored"
	faultSchemaVersionUnchecked             Fault = "schema-version-unchecked"
	faultDeadLetterDropped                  Fault = "dead-letter-dropped"
	faultDedupKeyTraceID                    Fault = "dedup-key-trace-id"
	faultRememberAfterThrow                 Fault = "remember-after-throw"
	faultForgetIgnored                      Fault = "forget-ignored"
	faultMissingIDFailsClosed               Fault = "missing-id-fails-closed"
	faultSQSReconcileNoDecrement            Fault = "sqs-reconcile-no-decrement"
	faultSQSCounterAsString                 Fault = "sqs-counter-as-string"
	faultASBReconcileNoDecrement            Fault = "asb-reconcile-no-decrement"
	faultASBNumbersStringified              Fault = "asb-numbers-stringified"
	faultPulsarReconcileDecrement           Fault = "pulsar-reconcile-decrement"
	faultPulsarAttemptsMissing              Fault = "pulsar-attempts-missing"
	faultKafkaReconcileMax                  Fault = "kafka-reconcile-max"
	faultKafkaHeaderIgnored                 Fault = "kafka-header-ignored"
	faultArtemisHyphenatedNames             Fault = "artemis-hyphenated-names"
	faultArtemisReconcileDecrement          Fault = "artemis-reconcile-decrement"
	faultRabbitMQHeadersStringified         Fault = "rabbitmq-headers-stringified"
	faultRedisPayloadReencoded              Fault = "redis-payload-reencoded"
	faultPayloadMinimumIgnored              Fault = "payload-minimum-ignored"
	faultPayloadAdditionalPropertiesIgnored Fault = "payload-additional-properties-ignored"
	faultMinLengthBytes                     Fault = "min-length-bytes"
	faultMinLengthUTF16                     Fault = "min-length-utf16"
	faultUnknownKeysDropped                 Fault = "unknown-keys-dropped"
	faultUnknownMetaKeysDropped             Fault = "unknown-meta-keys-dropped"
	faultUnknownLangRejected                Fault = "unknown-lang-rejected"
	faultEmptyDataAsArray                   Fault = "empty-data-as-array"
	faultDataArrayAccepted                  Fault = "data-array-accepted"
	faultForbiddenKeyReemitted              Fault = "forbidden-key-reemitted"
	faultForbiddenKeySilent                 Fault = "forbidden-key-silent"
)

// FaultInfo describes one fault: its name, the manifest block whose generated
// tests must catch it, and what the bug is.
type FaultInfo struct {
	Name        Fault  `json:"name"`
	Block       string `json:"block"`
	Description string `json:"description"`
}

// Faults lists every fault the oracle knows, sorted by name. It returns a fresh
// slice on each call, so callers may keep or modify it.
func Faults() []FaultInfo {
	list := faultTable()
	sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	return list
}

// faultTable is the unsorted catalogue; a function rather than a package
// variable so no caller can mutate shared state.
func faultTable() []FaultInfo {
	return []FaultInfo{
		{faultURNAliasIgnored, "cases", "decode ignores the 'urn' inbound alias, so an envelope naming its URN only by 'urn' is rejected"},
		{faultSchemaVersionUnchecked, "cases", "accepts() never checks meta.schema_version, so an unsupported version is accepted"},
		{faultDeadLetterDropped, "cases", "decode does not surface the dead_letter block of a dead-lettered message"},
		{faultDedupKeyTraceID, "idempotency", "the idempotency helper keys its seen-set on trace_id instead of meta.id"},
		{faultRememberAfterThrow, "idempotency", "the idempotency helper remembers the id even when the handler throws, so a retry is skipped"},
		{faultForgetIgnored, "idempotency", "the store's forget is a no-op, so a forgotten id is still skipped"},
		{faultMissingIDFailsClosed, "idempotency", "an empty meta.id is used as a key like any other, so the second id-less delivery is skipped"},
		{faultSQSReconcileNoDecrement, "sqs", "SQS reconciliation uses max(body, ApproximateReceiveCount) without the -1"},
		{faultSQSCounterAsString, "sqs", "SQS counters (bq-schema-version, bq-created-at) are projected with DataType String instead of Number"},
		{faultASBReconcileNoDecrement, "asb", "ASB reconciliation uses max(body, DeliveryCount) without the -1"},
		{faultASBNumbersStringified, "asb", "ASB application properties carry bq-schema-version and bq-created-at as strings instead of numbers"},
		{faultPulsarReconcileDecrement, "pulsar", "Pulsar reconciliation subtracts 1 from the 0-based RedeliveryCount"},
		{faultPulsarAttemptsMissing, "pulsar", "the Pulsar projection omits the bq-attempts property"},
		{faultKafkaReconcileMax, "kafka", "Kafka reconciliation takes max(body, header) instead of letting the header win"},
		{faultKafkaHeaderIgnored, "kafka", "Kafka reconciliation ignores the bq-attempts header and always keeps the body's count"},
		{faultArtemisHyphenatedNames, "artemis", "Artemis application properties use hyphenated names (bq-schema-version) instead of JMS-legal underscores"},
		{faultArtemisReconcileDecrement, "artemis", "Artemis reconciliation subtracts 1 from the 0-based AMQP delivery-count"},
		{faultRabbitMQHeadersStringified, "rabbitmq", "RabbitMQ headers x-schema-version and x-attempts are strings instead of native integers"},
		{faultRedisPayloadReencoded, "redis", "the Redis transport stores a re-encoded envelope instead of the produced bytes verbatim"},
		{faultPayloadMinimumIgnored, "payload_schema", "the payload validator ignores the minimum keyword"},
		{faultPayloadAdditionalPropertiesIgnored, "payload_schema", "the payload validator ignores additionalProperties"},
		{faultMinLengthBytes, "payload_schema_unicode", "minLength/maxLength count UTF-8 bytes instead of code points"},
		{faultMinLengthUTF16, "payload_schema_unicode", "minLength/maxLength count UTF-16 code units instead of code points"},
		{faultUnknownKeysDropped, "roundtrip", "re-encoding drops unknown top-level and meta keys"},
		{faultUnknownMetaKeysDropped, "roundtrip", "re-encoding drops unknown meta keys (unknown top-level keys survive)"},
		{faultUnknownLangRejected, "roundtrip", "decode rejects a meta.lang outside the producer enum instead of tolerating it"},
		{faultEmptyDataAsArray, "data_shape", "an empty data object is encoded as [] (the PHP pitfall)"},
		{faultDataArrayAccepted, "data_shape", "decode accepts a data value that is an array"},
		{faultForbiddenKeyReemitted, "forbidden_keys", "forbidden keys are captured as unknown keys and re-emitted on encode"},
		{faultForbiddenKeySilent, "forbidden_keys", "forbidden keys are dropped without a warning"},
	}
}

// New returns an oracle with the given fault switched on; None (or "none")
// gives the correct oracle. An unknown fault name is an error, so a typo never
// silently runs the correct oracle in place of a mutant.
func New(fault Fault) (*Oracle, error) {
	if fault == None || fault == noneName {
		return &Oracle{}, nil
	}
	for _, f := range faultTable() {
		if f.Name == fault {
			return &Oracle{fault: fault}, nil
		}
	}
	return nil, fmt.Errorf("oracle: unknown fault %q (see Faults)", string(fault))
}
