package oracle

import (
	"fmt"
	"sort"

	"github.com/babelqueue/bqgen/model"
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
	faultIdentityUnchecked                  Fault = "identity-unchecked"
	faultViewLangOwn                        Fault = "view-lang-own"
	faultSeenIgnored                        Fault = "seen-ignored"
	faultSQSReconcileNativeWins             Fault = "sqs-reconcile-native-wins"
	faultASBReconcileNativeWins             Fault = "asb-reconcile-native-wins"
	faultPulsarReconcileNativeWins          Fault = "pulsar-reconcile-native-wins"
	faultPulsarReconcileIncrement           Fault = "pulsar-reconcile-increment"
	faultArtemisReconcileNativeWins         Fault = "artemis-reconcile-native-wins"
	faultArtemisReconcileIncrement          Fault = "artemis-reconcile-increment"
	faultKafkaAbsentHeaderZero              Fault = "kafka-absent-header-zero"
	faultKafkaHeaderNextAttempt             Fault = "kafka-header-next-attempt"
	faultKafkaHeadersBinaryInts             Fault = "kafka-headers-binary-ints"
	faultPayloadRequiredIgnored             Fault = "payload-required-ignored"
	faultPayloadTypeIgnored                 Fault = "payload-type-ignored"
	faultPayloadEnumIgnored                 Fault = "payload-enum-ignored"
	faultPayloadAllPropertiesRequired       Fault = "payload-all-properties-required"
	faultPayloadNumberMeansInteger          Fault = "payload-number-means-integer"
	faultMinLengthExclusive                 Fault = "min-length-exclusive"
	faultMinLengthGraphemes                 Fault = "min-length-graphemes"
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
		{faultURNAliasIgnored, model.BlockCases, "decode ignores the 'urn' inbound alias, so an envelope naming its URN only by 'urn' is rejected"},
		{faultSchemaVersionUnchecked, model.BlockCases, "accepts() never checks meta.schema_version, so an unsupported version is accepted"},
		{faultDeadLetterDropped, model.BlockCases, "decode does not surface the dead_letter block of a dead-lettered message"},
		{faultDedupKeyTraceID, model.BlockIdempotency, "the idempotency helper keys its seen-set on trace_id instead of meta.id"},
		{faultRememberAfterThrow, model.BlockIdempotency, "the idempotency helper remembers the id even when the handler throws, so a retry is skipped"},
		{faultForgetIgnored, model.BlockIdempotency, "the store's forget is a no-op, so a forgotten id is still skipped"},
		{faultMissingIDFailsClosed, model.BlockIdempotency, "an empty meta.id is used as a key like any other, so the second id-less delivery is skipped"},
		{faultSQSReconcileNoDecrement, model.BlockSQS, "SQS reconciliation uses max(body, ApproximateReceiveCount) without the -1"},
		{faultSQSCounterAsString, model.BlockSQS, "SQS counters (bq-schema-version, bq-created-at) are projected with DataType String instead of Number"},
		{faultASBReconcileNoDecrement, model.BlockASB, "ASB reconciliation uses max(body, DeliveryCount) without the -1"},
		{faultASBNumbersStringified, model.BlockASB, "ASB application properties carry bq-schema-version and bq-created-at as strings instead of numbers"},
		{faultPulsarReconcileDecrement, model.BlockPulsar, "Pulsar reconciliation subtracts 1 from the 0-based RedeliveryCount"},
		{faultPulsarAttemptsMissing, model.BlockPulsar, "the Pulsar projection omits the bq-attempts property"},
		{faultKafkaReconcileMax, model.BlockKafka, "Kafka reconciliation takes max(body, header) instead of letting the header win"},
		{faultKafkaHeaderIgnored, model.BlockKafka, "Kafka reconciliation ignores the bq-attempts header and always keeps the body's count"},
		{faultArtemisHyphenatedNames, model.BlockArtemis, "Artemis application properties use hyphenated names (bq-schema-version) instead of JMS-legal underscores"},
		{faultArtemisReconcileDecrement, model.BlockArtemis, "Artemis reconciliation subtracts 1 from the 0-based AMQP delivery-count"},
		{faultRabbitMQHeadersStringified, model.BlockRabbitMQ, "RabbitMQ headers x-schema-version and x-attempts are strings instead of native integers"},
		{faultRedisPayloadReencoded, model.BlockRedis, "the Redis transport stores a re-encoded envelope instead of the produced bytes verbatim"},
		{faultPayloadMinimumIgnored, model.BlockPayloadSchema, "the payload validator ignores the minimum keyword"},
		{faultPayloadAdditionalPropertiesIgnored, model.BlockPayloadSchema, "the payload validator ignores additionalProperties"},
		{faultMinLengthBytes, model.BlockPayloadSchemaUnicode, "minLength/maxLength count UTF-8 bytes instead of code points"},
		{faultMinLengthUTF16, model.BlockPayloadSchemaUnicode, "minLength/maxLength count UTF-16 code units instead of code points"},
		{faultUnknownKeysDropped, model.BlockRoundtrip, "re-encoding drops unknown top-level and meta keys"},
		{faultUnknownMetaKeysDropped, model.BlockRoundtrip, "re-encoding drops unknown meta keys (unknown top-level keys survive)"},
		{faultUnknownLangRejected, model.BlockRoundtrip, "decode rejects a meta.lang outside the producer enum instead of tolerating it"},
		{faultEmptyDataAsArray, model.BlockDataShape, "an empty data object is encoded as [] (the PHP pitfall)"},
		{faultDataArrayAccepted, model.BlockDataShape, "decode accepts a data value that is an array"},
		{faultForbiddenKeyReemitted, model.BlockForbiddenKeys, "forbidden keys are captured as unknown keys and re-emitted on encode"},
		{faultForbiddenKeySilent, model.BlockForbiddenKeys, "forbidden keys are dropped without a warning"},
		{faultIdentityUnchecked, model.BlockCases, "accepts() never checks for a 'job' or 'urn', so a message with no identity is accepted"},
		{faultViewLangOwn, model.BlockCases, "the decoded view reports the consumer's own language (\"go\") instead of the meta.lang the producer stamped"},
		{faultSeenIgnored, model.BlockIdempotency, "the idempotency helper checks the store's Seen error but ignores its verdict, so a redelivery of a remembered id runs again"},
		{faultSQSReconcileNativeWins, model.BlockSQS, "SQS reconciliation overwrites the body's attempts with ApproximateReceiveCount - 1 instead of taking the max, lowering a runtime-incremented count (an absent or unparsable count reads as 0)"},
		{faultASBReconcileNativeWins, model.BlockASB, "ASB reconciliation overwrites the body's attempts with DeliveryCount - 1 (floored at 0) instead of taking the max, lowering a runtime-incremented count"},
		{faultPulsarReconcileNativeWins, model.BlockPulsar, "Pulsar reconciliation overwrites the body's attempts with RedeliveryCount instead of taking the max, lowering a runtime-incremented count"},
		{faultPulsarReconcileIncrement, model.BlockPulsar, "Pulsar reconciliation adds 1 to the 0-based RedeliveryCount, reading it as a 1-based delivery number"},
		{faultArtemisReconcileNativeWins, model.BlockArtemis, "Artemis reconciliation overwrites the body's attempts with the delivery-count instead of taking the max, lowering a runtime-incremented count"},
		{faultArtemisReconcileIncrement, model.BlockArtemis, "Artemis reconciliation adds 1 to the 0-based AMQP delivery-count, reading it like the 1-based JMSXDeliveryCount"},
		{faultKafkaAbsentHeaderZero, model.BlockKafka, "Kafka reconciliation reads an absent bq-attempts header as 0 instead of falling back to the body's count"},
		{faultKafkaHeaderNextAttempt, model.BlockKafka, "Kafka reconciliation adds 1 to the bq-attempts header, counting the current delivery as another attempt"},
		{faultKafkaHeadersBinaryInts, model.BlockKafka, "Kafka headers bq-schema-version and bq-attempts carry 4-byte big-endian integers (ByteBuffer.putInt) instead of UTF-8 decimal text"},
		{faultPayloadRequiredIgnored, model.BlockPayloadSchema, "the payload validator ignores the required keyword"},
		{faultPayloadTypeIgnored, model.BlockPayloadSchema, "the payload validator ignores the type keyword"},
		{faultPayloadEnumIgnored, model.BlockPayloadSchema, "the payload validator ignores the enum keyword"},
		{faultPayloadAllPropertiesRequired, model.BlockPayloadSchema, "the payload validator treats every declared property as required, not only those listed in required"},
		{faultPayloadNumberMeansInteger, model.BlockPayloadSchema, "the payload validator maps type number to an integer type, so a value with a fraction is rejected"},
		{faultMinLengthExclusive, model.BlockPayloadSchemaUnicode, "minLength is applied as an exclusive bound: a string exactly minLength code points long is rejected"},
		{faultMinLengthGraphemes, model.BlockPayloadSchemaUnicode, "minLength/maxLength count grapheme clusters (a combining mark adds nothing) instead of code points"},
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
