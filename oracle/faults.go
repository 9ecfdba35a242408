package oracle

import (
	"fmt"
	"io"
	"sort"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
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
	faultURNAliasIgnored                     Fault = "urn-alias-ignored"
	faultSchemaVersionUnchecked              Fault = "schema-version-unchecked"
	faultDeadLetterDropped                   Fault = "dead-letter-dropped"
	faultDedupKeyTraceID                     Fault = "dedup-key-trace-id"
	faultRememberAfterThrow                  Fault = "remember-after-throw"
	faultForgetIgnored                       Fault = "forget-ignored"
	faultMissingIDFailsClosed                Fault = "missing-id-fails-closed"
	faultSQSReconcileNoDecrement             Fault = "sqs-reconcile-no-decrement"
	faultSQSCounterAsString                  Fault = "sqs-counter-as-string"
	faultASBReconcileNoDecrement             Fault = "asb-reconcile-no-decrement"
	faultASBNumbersStringified               Fault = "asb-numbers-stringified"
	faultPulsarReconcileDecrement            Fault = "pulsar-reconcile-decrement"
	faultPulsarAttemptsMissing               Fault = "pulsar-attempts-missing"
	faultKafkaReconcileMax                   Fault = "kafka-reconcile-max"
	faultKafkaHeaderIgnored                  Fault = "kafka-header-ignored"
	faultArtemisHyphenatedNames              Fault = "artemis-hyphenated-names"
	faultArtemisReconcileDecrement           Fault = "artemis-reconcile-decrement"
	faultRabbitMQHeadersStringified          Fault = "rabbitmq-headers-stringified"
	faultRedisPayloadReencoded               Fault = "redis-payload-reencoded"
	faultPayloadMinimumIgnored               Fault = "payload-minimum-ignored"
	faultPayloadAdditionalPropertiesIgnored  Fault = "payload-additional-properties-ignored"
	faultMinLengthBytes                      Fault = "min-length-bytes"
	faultMinLengthUTF16                      Fault = "min-length-utf16"
	faultUnknownKeysDropped                  Fault = "unknown-keys-dropped"
	faultUnknownMetaKeysDropped              Fault = "unknown-meta-keys-dropped"
	faultUnknownLangRejected                 Fault = "unknown-lang-rejected"
	faultEmptyDataAsArray                    Fault = "empty-data-as-array"
	faultDataArrayAccepted                   Fault = "data-array-accepted"
	faultForbiddenKeyReemitted               Fault = "forbidden-key-reemitted"
	faultForbiddenKeySilent                  Fault = "forbidden-key-silent"
	faultIdentityUnchecked                   Fault = "identity-unchecked"
	faultViewLangOwn                         Fault = "view-lang-own"
	faultSeenIgnored                         Fault = "seen-ignored"
	faultSQSReconcileNativeWins              Fault = "sqs-reconcile-native-wins"
	faultASBReconcileNativeWins              Fault = "asb-reconcile-native-wins"
	faultPulsarReconcileNativeWins           Fault = "pulsar-reconcile-native-wins"
	faultPulsarReconcileIncrement            Fault = "pulsar-reconcile-increment"
	faultArtemisReconcileNativeWins          Fault = "artemis-reconcile-native-wins"
	faultArtemisReconcileIncrement           Fault = "artemis-reconcile-increment"
	faultKafkaAbsentHeaderZero               Fault = "kafka-absent-header-zero"
	faultKafkaHeaderNextAttempt              Fault = "kafka-header-next-attempt"
	faultKafkaHeadersBinaryInts              Fault = "kafka-headers-binary-ints"
	faultPayloadRequiredIgnored              Fault = "payload-required-ignored"
	faultPayloadTypeIgnored                  Fault = "payload-type-ignored"
	faultPayloadEnumIgnored                  Fault = "payload-enum-ignored"
	faultPayloadAllPropertiesRequired        Fault = "payload-all-properties-required"
	faultPayloadNumberMeansInteger           Fault = "payload-number-means-integer"
	faultMinLengthExclusive                  Fault = "min-length-exclusive"
	faultMinLengthGraphemes                  Fault = "min-length-graphemes"
	faultTraceIDOptional                     Fault = "trace-id-optional"
	faultTraceIDNotTrimmed                   Fault = "trace-id-not-trimmed"
	faultTraceIDEmptyAccepted                Fault = "trace-id-empty-accepted"
	faultAttemptsFractionAccepted            Fault = "attempts-fraction-accepted"
	faultDataNullAccepted                    Fault = "data-null-accepted"
	faultDataMissingAccepted                 Fault = "data-missing-accepted"
	faultPayloadMinimumExclusive             Fault = "payload-minimum-exclusive"
	faultSQSReconcileOverwritesLateRetry     Fault = "sqs-reconcile-overwrites-late-retry"
	faultASBReconcileOverwritesLateRetry     Fault = "asb-reconcile-overwrites-late-retry"
	faultPulsarReconcileOverwritesLateRetry  Fault = "pulsar-reconcile-overwrites-late-retry"
	faultArtemisReconcileOverwritesLateRetry Fault = "artemis-reconcile-overwrites-late-retry"
	faultKafkaReconcileMaxLateHeader         Fault = "kafka-reconcile-max-late-header"
	faultSchemaVersionOnlyNewerRejected      Fault = "schema-version-only-newer-rejected"
	faultSchemaVersionFalsySkipped           Fault = "schema-version-falsy-skipped"
	faultSchemaVersionMissingDefaults        Fault = "schema-version-missing-defaults"
	faultAttemptsNegativeAccepted            Fault = "attempts-negative-accepted"
	faultDataScalarAccepted                  Fault = "data-scalar-accepted"
	faultDataJSONStringDecoded               Fault = "data-json-string-decoded"
	faultURNAliasPreferred                   Fault = "urn-alias-preferred"
	faultPayloadEnumLoose                    Fault = "payload-enum-loose"
	faultPayloadConstLoose                   Fault = "payload-const-loose"
	faultPayloadMaximumIgnored               Fault = "payload-maximum-ignored"
	faultPayloadMaximumExclusive             Fault = "payload-maximum-exclusive"
	faultPayloadExclusiveMinimumInclusive    Fault = "payload-exclusive-minimum-inclusive"
	faultPayloadExclusiveMaximumInclusive    Fault = "payload-exclusive-maximum-inclusive"
	faultPayloadMaxLengthIgnored             Fault = "payload-max-length-ignored"
	faultPayloadMinLengthIgnored             Fault = "payload-min-length-ignored"
	faultPayloadMaxLengthExclusive           Fault = "payload-max-length-exclusive"
	faultPayloadPatternIgnored               Fault = "payload-pattern-ignored"
	faultPayloadPatternAnchored              Fault = "payload-pattern-anchored"
	faultPayloadItemsIgnored                 Fault = "payload-items-ignored"
	faultPayloadNestedRequiredIgnored        Fault = "payload-nested-required-ignored"
	faultPayloadNestedUnchecked              Fault = "payload-nested-unchecked"
	faultPayloadExclusiveMinimumOffByOne     Fault = "payload-exclusive-minimum-off-by-one"
	faultPayloadExclusiveMaximumOffByOne     Fault = "payload-exclusive-maximum-off-by-one"
	faultPayloadConstNumberAsDouble          Fault = "payload-const-number-as-double"
	faultPayloadEnumNumberAsDouble           Fault = "payload-enum-number-as-double"
	faultPayloadItemsOnArray                 Fault = "payload-items-on-array"
	faultPayloadLengthRangeMinExclusive      Fault = "payload-length-range-min-exclusive"
	faultPayloadNestedRequiredOnParent       Fault = "payload-nested-required-on-parent"
	faultKafkaHeaderTrimmed                  Fault = "kafka-header-trimmed"
	faultKafkaHeaderFloat                    Fault = "kafka-header-float"
	faultKafkaEmptyHeaderZero                Fault = "kafka-empty-header-zero"
	faultKafkaUnparsableHeaderZero           Fault = "kafka-unparsable-header-zero"
	faultGateTrims                           Fault = "gate-trims"
	faultGateTrimsUnicode                    Fault = "gate-trims-unicode"
	faultGateUnicodeBlank                    Fault = "gate-unicode-blank"
	faultGateBOMBlank                        Fault = "gate-bom-blank"
	faultGateNumeric                         Fault = "gate-numeric"
	faultGateIgnored                         Fault = "gate-ignored"
	faultGateVersionTwo                      Fault = "gate-version-2"
	faultGateBlankRejects                    Fault = "gate-blank-rejects"
	faultGateAbsentRejects                   Fault = "gate-absent-rejects"
	faultASBGateInt64Only                    Fault = "asb-gate-int64-only"
	faultASBGateAnyInteger                   Fault = "asb-gate-any-integer"
	faultASBGateDoubleTruncated              Fault = "asb-gate-double-truncated"
	faultSettleLastWins                      Fault = "settle-last-wins"
	faultSettledCountsEveryCall              Fault = "settled-counts-every-call"
	faultCopySettlesSeparately               Fault = "copy-settles-separately"
	faultRejectIgnoresDeadLetterQueue        Fault = "reject-ignores-dead-letter-queue"
	faultRequeueAcknowledges                 Fault = "requeue-acknowledges"
	faultKafkaUnsettledBackOnClose           Fault = "kafka-unsettled-back-on-close"
	faultExcerptBytes                        Fault = "excerpt-bytes"
	faultExcerptUTF16                        Fault = "excerpt-utf16"
	faultNoHandlerSkips                      Fault = "no-handler-skips"
	faultSkipLeavesUnsettled                 Fault = "skip-leaves-unsettled"
	faultDeadLetterNeverSettles              Fault = "dead-letter-never-settles"
	faultDeadLetterDropsMetadata             Fault = "dead-letter-drops-metadata"
	faultRowErrorCountedTwice                Fault = "row-error-counted-twice"
	faultDeadLetterIgnoresDeadLetterQueue    Fault = "dead-letter-ignores-dead-letter-queue"
	faultDeadLetterQueueCountedRejected      Fault = "dead-letter-queue-counted-rejected"
	faultSkipSettlementNotCounted            Fault = "skip-settlement-not-counted"
	faultReadErrorNamesTheMessageID          Fault = "read-error-names-the-message-id"
	faultFailedWriteAcknowledges             Fault = "failed-write-acknowledges"
	faultWriteRequeueAcknowledges            Fault = "write-requeue-acknowledges"
	faultWriteStopsAfterRequeue              Fault = "write-stops-after-requeue"
	faultDeadLetteredWriteLeavesSource       Fault = "dead-lettered-write-leaves-source"
	faultSQLAcksOnWrite                      Fault = "sql-acks-on-write"
	faultWholeRunAcksPerCommit               Fault = "whole-run-acks-per-commit"
	faultHTTPFailedRequestNeverAcked         Fault = "http-failed-request-never-acked"
	faultOtherSinkAcksPerBatch               Fault = "other-sink-acks-per-batch"
	faultUnsettledAutoAcknowledged           Fault = "unsettled-auto-acknowledged"
	faultAcknowledgeNotCounted               Fault = "acknowledge-not-counted"
	faultRejectWithoutQueueRequeues          Fault = "reject-without-dead-letter-queue-requeues"
	faultMessageQueueAcksAtEnd               Fault = "message-queue-acks-at-end"
	faultRedisReservePeeks                   Fault = "redis-reserve-peeks"
)

// FaultInfo describes one fault: its name, the manifest block whose generated
// tests must catch it, and what the bug is.
type FaultInfo struct {
	Name  Fault  `json:"name"`
	Block string `json:"block"`
	// Sub is the sub-block whose cases catch the fault, where a suite may
	// carry the block without it (model.SubSchemaVersionGate).
	Sub         string `json:"sub,omitempty"`
	Description string `json:"description"`
	// Needs is the trait a language's values must have for the bug to
	// exist in it at all ("" for a bug any language can hold).
	Needs protocol.Trait `json:"needs,omitempty"`
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
	return append(append(typeFaultTable(), producerFaultTable()...), []FaultInfo{
		{Name: faultURNAliasIgnored, Block: model.BlockCases, Description: "decode ignores the 'urn' inbound alias, so an envelope naming its URN only by 'urn' is rejected"},
		{Name: faultSchemaVersionUnchecked, Block: model.BlockCases, Description: "accepts() never checks meta.schema_version, so an unsupported version is accepted"},
		{Name: faultDeadLetterDropped, Block: model.BlockCases, Description: "decode does not surface the dead_letter block of a dead-lettered message"},
		{Name: faultDedupKeyTraceID, Block: model.BlockIdempotency, Description: "the idempotency helper keys its seen-set on trace_id instead of meta.id"},
		{Name: faultRememberAfterThrow, Block: model.BlockIdempotency, Description: "the idempotency helper remembers the id even when the handler throws, so a retry is skipped"},
		{Name: faultForgetIgnored, Block: model.BlockIdempotency, Description: "the store's forget is a no-op, so a forgotten id is still skipped"},
		{Name: faultMissingIDFailsClosed, Block: model.BlockIdempotency, Description: "an empty meta.id is used as a key like any other, so the second id-less delivery is skipped"},
		{Name: faultSQSReconcileNoDecrement, Block: model.BlockSQS, Description: "SQS reconciliation uses max(body, ApproximateReceiveCount) without the -1"},
		{Name: faultSQSCounterAsString, Block: model.BlockSQS, Description: "SQS counters (bq-schema-version, bq-created-at) are projected with DataType String instead of Number"},
		{Name: faultASBReconcileNoDecrement, Block: model.BlockASB, Description: "ASB reconciliation uses max(body, DeliveryCount) without the -1"},
		{Name: faultASBNumbersStringified, Block: model.BlockASB, Description: "ASB application properties carry bq-schema-version and bq-created-at as strings instead of numbers"},
		{Name: faultPulsarReconcileDecrement, Block: model.BlockPulsar, Description: "Pulsar reconciliation subtracts 1 from the 0-based RedeliveryCount"},
		{Name: faultPulsarAttemptsMissing, Block: model.BlockPulsar, Description: "the Pulsar projection omits the bq-attempts property"},
		{Name: faultKafkaReconcileMax, Block: model.BlockKafka, Description: "Kafka reconciliation takes max(body, header) instead of letting the header win"},
		{Name: faultKafkaHeaderIgnored, Block: model.BlockKafka, Description: "Kafka reconciliation ignores the bq-attempts header and always keeps the body's count"},
		{Name: faultArtemisHyphenatedNames, Block: model.BlockArtemis, Description: "Artemis application properties use hyphenated names (bq-schema-version) instead of JMS-legal underscores"},
		{Name: faultArtemisReconcileDecrement, Block: model.BlockArtemis, Description: "Artemis reconciliation subtracts 1 from the 0-based AMQP delivery-count"},
		{Name: faultRabbitMQHeadersStringified, Block: model.BlockRabbitMQ, Description: "RabbitMQ headers x-schema-version and x-attempts are strings instead of native integers"},
		{Name: faultRedisPayloadReencoded, Block: model.BlockRedis, Description: "the Redis transport stores a re-encoded envelope instead of the produced bytes verbatim"},
		{Name: faultPayloadMinimumIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the minimum keyword"},
		{Name: faultPayloadAdditionalPropertiesIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores additionalProperties"},
		{Name: faultMinLengthBytes, Block: model.BlockPayloadSchemaUnicode, Description: "minLength/maxLength count UTF-8 bytes instead of code points"},
		{Name: faultMinLengthUTF16, Block: model.BlockPayloadSchemaUnicode, Description: "minLength/maxLength count UTF-16 code units instead of code points"},
		{Name: faultUnknownKeysDropped, Block: model.BlockRoundtrip, Description: "re-encoding drops unknown top-level and meta keys"},
		{Name: faultUnknownMetaKeysDropped, Block: model.BlockRoundtrip, Description: "re-encoding drops unknown meta keys (unknown top-level keys survive)"},
		{Name: faultUnknownLangRejected, Block: model.BlockRoundtrip, Description: "decode rejects a meta.lang outside the producer enum instead of tolerating it"},
		{Name: faultEmptyDataAsArray, Block: model.BlockDataShape, Description: "an empty data object is encoded as [] (the PHP pitfall)"},
		{Name: faultDataArrayAccepted, Block: model.BlockDataShape, Description: "decode accepts a data value that is an array"},
		{Name: faultForbiddenKeyReemitted, Block: model.BlockForbiddenKeys, Description: "forbidden keys are captured as unknown keys and re-emitted on encode"},
		{Name: faultForbiddenKeySilent, Block: model.BlockForbiddenKeys, Description: "forbidden keys are dropped without a warning"},
		{Name: faultIdentityUnchecked, Block: model.BlockCases, Description: "accepts() never checks for a 'job' or 'urn', so a message with no identity is accepted"},
		{Name: faultViewLangOwn, Block: model.BlockCases, Description: "the decoded view reports the consumer's own language (\"go\") instead of the meta.lang the producer stamped"},
		{Name: faultSeenIgnored, Block: model.BlockIdempotency, Description: "the idempotency helper checks the store's Seen error but ignores its verdict, so a redelivery of a remembered id runs again"},
		{Name: faultSQSReconcileNativeWins, Block: model.BlockSQS, Description: "SQS reconciliation overwrites the body's attempts with ApproximateReceiveCount - 1 instead of taking the max, lowering a runtime-incremented count (an absent or unparsable count reads as 0)"},
		{Name: faultASBReconcileNativeWins, Block: model.BlockASB, Description: "ASB reconciliation overwrites the body's attempts with DeliveryCount - 1 (floored at 0) instead of taking the max, lowering a runtime-incremented count"},
		{Name: faultPulsarReconcileNativeWins, Block: model.BlockPulsar, Description: "Pulsar reconciliation overwrites the body's attempts with RedeliveryCount instead of taking the max, lowering a runtime-incremented count"},
		{Name: faultPulsarReconcileIncrement, Block: model.BlockPulsar, Description: "Pulsar reconciliation adds 1 to the 0-based RedeliveryCount, reading it as a 1-based delivery number"},
		{Name: faultArtemisReconcileNativeWins, Block: model.BlockArtemis, Description: "Artemis reconciliation overwrites the body's attempts with the delivery-count instead of taking the max, lowering a runtime-incremented count"},
		{Name: faultArtemisReconcileIncrement, Block: model.BlockArtemis, Description: "Artemis reconciliation adds 1 to the 0-based AMQP delivery-count, reading it like the 1-based JMSXDeliveryCount"},
		{Name: faultKafkaAbsentHeaderZero, Block: model.BlockKafka, Description: "Kafka reconciliation reads an absent bq-attempts header as 0 instead of falling back to the body's count"},
		{Name: faultKafkaHeaderNextAttempt, Block: model.BlockKafka, Description: "Kafka reconciliation adds 1 to the bq-attempts header, counting the current delivery as another attempt"},
		{Name: faultKafkaHeadersBinaryInts, Block: model.BlockKafka, Description: "Kafka headers bq-schema-version and bq-attempts carry 4-byte big-endian integers (ByteBuffer.putInt) instead of UTF-8 decimal text"},
		{Name: faultPayloadRequiredIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the required keyword"},
		{Name: faultPayloadTypeIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the type keyword"},
		{Name: faultPayloadEnumIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the enum keyword"},
		{Name: faultPayloadAllPropertiesRequired, Block: model.BlockPayloadSchema, Description: "the payload validator treats every declared property as required, not only those listed in required"},
		{Name: faultPayloadNumberMeansInteger, Block: model.BlockPayloadSchema, Description: "the payload validator maps type number to an integer type, so a value with a fraction is rejected"},
		{Name: faultMinLengthExclusive, Block: model.BlockPayloadSchemaUnicode, Description: "minLength is applied as an exclusive bound: a string exactly minLength code points long is rejected"},
		{Name: faultMinLengthGraphemes, Block: model.BlockPayloadSchemaUnicode, Description: "minLength/maxLength count grapheme clusters (a combining mark adds nothing) instead of code points"},
		{Name: faultTraceIDOptional, Block: model.BlockCases, Description: "accepts() checks trace_id only when present, so an envelope without one is accepted"},
		{Name: faultTraceIDNotTrimmed, Block: model.BlockCases, Description: "accepts() rejects only an empty trace_id, so one of only whitespace is accepted"},
		{Name: faultTraceIDEmptyAccepted, Block: model.BlockCases, Description: "accepts() tests trace_id for blankness with ^\\s+$, so the empty string is accepted"},
		{Name: faultAttemptsFractionAccepted, Block: model.BlockCases, Description: "accepts() takes any non-negative number as attempts, so 1.5 is accepted"},
		{Name: faultDataNullAccepted, Block: model.BlockCases, Description: "accepts() lets a null data through (read as no payload)"},
		{Name: faultDataMissingAccepted, Block: model.BlockCases, Description: "accepts() reads a missing data as an empty object instead of rejecting the envelope"},
		{Name: faultPayloadMinimumExclusive, Block: model.BlockPayloadSchema, Description: "the payload validator compares minimum with <= instead of <, so a value exactly on the minimum is invalid"},
		{Name: faultSQSReconcileOverwritesLateRetry, Block: model.BlockSQS, Description: "SQS reconciliation returns early on a first or second delivery and otherwise overwrites the body's attempts with ApproximateReceiveCount - 1, lowering a runtime-incremented count"},
		{Name: faultASBReconcileOverwritesLateRetry, Block: model.BlockASB, Description: "ASB reconciliation returns early on a first or second delivery and otherwise overwrites the body's attempts with DeliveryCount - 1, lowering a runtime-incremented count"},
		{Name: faultPulsarReconcileOverwritesLateRetry, Block: model.BlockPulsar, Description: "Pulsar reconciliation keeps the body's attempts for RedeliveryCount 0 or 1 and otherwise overwrites them, lowering a runtime-incremented count"},
		{Name: faultArtemisReconcileOverwritesLateRetry, Block: model.BlockArtemis, Description: "Artemis reconciliation keeps the body's attempts for delivery-count 0 or 1 and otherwise overwrites them, lowering a runtime-incremented count"},
		{Name: faultKafkaReconcileMaxLateHeader, Block: model.BlockKafka, Description: "Kafka reconciliation lets a bq-attempts header of 0 or 1 win but takes max(body, header) above that, so a lower header no longer overrides"},
		{Name: faultSchemaVersionOnlyNewerRejected, Block: model.BlockCases, Description: "accepts() rejects only a meta.schema_version above 1 (a newer one), so 0 and negative versions are accepted"},
		{Name: faultSchemaVersionFalsySkipped, Block: model.BlockCases, Description: "accepts() checks meta.schema_version only when it is truthy (if (v && v !== 1)), so 0 and a missing version are accepted"},
		{Name: faultSchemaVersionMissingDefaults, Block: model.BlockCases, Description: "decode reads a missing meta.schema_version as 1 (a default), so an envelope without one is accepted"},
		{Name: faultAttemptsNegativeAccepted, Block: model.BlockCases, Description: "accepts() checks only that attempts is an integer, so -1 is accepted"},
		{Name: faultDataScalarAccepted, Block: model.BlockCases, Description: "accepts() rejects only a null, missing or array data, so a string, number or boolean data is accepted"},
		{Name: faultDataJSONStringDecoded, Block: model.BlockCases, Description: "decode parses a string data as JSON a second time and accepts it when it holds an object"},
		{Name: faultURNAliasPreferred, Block: model.BlockCases, Description: "decode resolves the 'urn' alias before 'job', so an envelope carrying both is named by the alias"},
		{Name: faultPayloadEnumLoose, Block: model.BlockPayloadSchema, Description: "the payload validator compares enum values loosely (PHP in_array without strict, JavaScript ==), so \"1\" matches 1"},
		{Name: faultPayloadConstLoose, Block: model.BlockPayloadSchema, Description: "the payload validator compares const loosely, so \"1\" matches 1"},
		{Name: faultPayloadMaximumIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the maximum keyword"},
		{Name: faultPayloadMaximumExclusive, Block: model.BlockPayloadSchema, Description: "the payload validator compares maximum with >= instead of >, so a value exactly on the maximum is invalid"},
		{Name: faultPayloadExclusiveMinimumInclusive, Block: model.BlockPayloadSchema, Description: "the payload validator applies exclusiveMinimum as an inclusive bound, so a value equal to it is valid"},
		{Name: faultPayloadExclusiveMaximumInclusive, Block: model.BlockPayloadSchema, Description: "the payload validator applies exclusiveMaximum as an inclusive bound, so a value equal to it is valid"},
		{Name: faultPayloadMaxLengthIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the maxLength keyword"},
		{Name: faultPayloadMinLengthIgnored, Block: model.BlockPayloadSchemaUnicode, Description: "the payload validator ignores the minLength keyword"},
		{Name: faultPayloadMaxLengthExclusive, Block: model.BlockPayloadSchema, Description: "the payload validator applies maxLength as an exclusive bound: a string exactly maxLength long is invalid"},
		{Name: faultPayloadPatternIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the pattern keyword"},
		{Name: faultPayloadPatternAnchored, Block: model.BlockPayloadSchema, Description: "the payload validator matches pattern against the whole string (Java's String.matches) instead of searching it"},
		{Name: faultPayloadItemsIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator ignores the items keyword"},
		{Name: faultPayloadNestedRequiredIgnored, Block: model.BlockPayloadSchema, Description: "the payload validator applies required only to the top-level object, not to a nested one"},
		{Name: faultPayloadNestedUnchecked, Block: model.BlockPayloadSchema, Description: "the payload validator checks a nested object's type but never applies its schema's keywords"},
		{Name: faultPayloadExclusiveMinimumOffByOne, Block: model.BlockPayloadSchema, Description: "the payload validator rewrites exclusiveMinimum as the integer minimum limit + 1 but keeps comparing exclusively, so limit + 1, the smallest valid integer, is invalid"},
		{Name: faultPayloadExclusiveMaximumOffByOne, Block: model.BlockPayloadSchema, Description: "the payload validator rewrites exclusiveMaximum as the integer maximum limit - 1 but keeps comparing exclusively, so limit - 1, the largest valid integer, is invalid"},
		{Name: faultPayloadConstNumberAsDouble, Block: model.BlockPayloadSchema, Description: "the payload validator decodes the data's numbers as doubles (Gson's default) and compares const with a type-strict equals, so the data's 1 is not an integer const 1"},
		{Name: faultPayloadEnumNumberAsDouble, Block: model.BlockPayloadSchema, Description: "the payload validator decodes the data's numbers as doubles (Gson's default) and looks them up in enum with a type-strict equals, so the data's 1 is not the integer 1 of an enum"},
		{Name: faultPayloadItemsOnArray, Block: model.BlockPayloadSchema, Description: "the payload validator applies the items schema to the array itself instead of to each element, so a list of strings is not a string"},
		{Name: faultPayloadLengthRangeMinExclusive, Block: model.BlockPayloadSchema, Description: "where a schema gives both minLength and maxLength, the payload validator checks them as one range written min < length <= max, so a string exactly minLength long is invalid"},
		{Name: faultPayloadNestedRequiredOnParent, Block: model.BlockPayloadSchema, Description: "the payload validator looks a nested object's required properties up in the object holding it as well (required applied one level up), so {\"customer\": {\"id\": 7}} lacks id"},
		{Name: faultKafkaHeaderTrimmed, Block: model.BlockKafka, Description: "Kafka reconciliation trims whitespace off the bq-attempts header before parsing it, so \" 2\" counts as 2"},
		{Name: faultKafkaHeaderFloat, Block: model.BlockKafka, Description: "Kafka reconciliation parses the bq-attempts header as a number, so \"2.0\" counts as 2"},
		{Name: faultKafkaEmptyHeaderZero, Block: model.BlockKafka, Description: "Kafka reconciliation reads an empty bq-attempts header as 0 (JavaScript's Number(\"\")) instead of ignoring it"},
		{Name: faultKafkaUnparsableHeaderZero, Block: model.BlockKafka, Description: "Kafka reconciliation drops the parse error of a bq-attempts header that is not a canonical integer and reads it as 0 instead of falling back to the body's count"},
		{Name: faultEchoSubject, Description: "an echo subject: every operation answers its input envelope or a zero constant (false, 0, \"\", nothing)"},
		{Name: faultEchoSubjectAffirmative, Description: "an echo subject: every operation answers its input envelope or an affirmative constant (true, 1, \"x\", one item)"},
		{Name: faultGateTrims, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate trims ASCII whitespace before comparing, so \" 1\" decodes"},
		{Name: faultGateTrimsUnicode, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate trims Unicode whitespace before comparing, so \"\\u00A01\" decodes"},
		{Name: faultGateUnicodeBlank, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate counts Unicode whitespace (U+00A0, U+0085, U+3000) as blank"},
		{Name: faultGateBOMBlank, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate strips a byte order mark, so U+FEFF alone is blank"},
		{Name: faultGateNumeric, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate compares the number, not the text, so \"01\" decodes"},
		{Name: faultGateIgnored, Sub: model.SubSchemaVersionGate, Description: "the consumers have no schema-version gate: every version decodes"},
		{Name: faultGateVersionTwo, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate compares with the SDK's newest version (2) instead of the envelope's (1)"},
		{Name: faultGateBlankRejects, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate rejects a blank property instead of letting it through to decode"},
		{Name: faultGateAbsentRejects, Sub: model.SubSchemaVersionGate, Description: "the shared schema-version gate requires the property, so a message without it is rejected"},
		{Name: faultASBGateInt64Only, Block: model.BlockASB, Sub: model.SubSchemaVersionGate, Description: "the Service Bus schema-version gate takes only a 64-bit 1 (AMQP long), rejecting an int 1"},
		{Name: faultASBGateAnyInteger, Block: model.BlockASB, Sub: model.SubSchemaVersionGate, Description: "the Service Bus schema-version gate lets any AMQP integer through, so 2 and 0 decode"},
		{Name: faultASBGateDoubleTruncated, Block: model.BlockASB, Sub: model.SubSchemaVersionGate, Description: "the Service Bus schema-version gate truncates an AMQP double, so 1.5 decodes"},
		{Name: faultSettleLastWins, Block: model.BlockSettlement, Description: "a later settle call overrides the first: the broker sees every call"},
		{Name: faultSettledCountsEveryCall, Block: model.BlockSettlement, Description: "messages_settled counts every settle call, not each settlement once"},
		{Name: faultCopySettlesSeparately, Block: model.BlockSettlement, Description: "settling the WithBody copy does not settle the original, which comes back"},
		{Name: faultRejectIgnoresDeadLetterQueue, Block: model.BlockSettlement, Description: "reject without requeue drops the message even where the queue has a dead-letter queue"},
		{Name: faultRequeueAcknowledges, Block: model.BlockSettlement, Description: "reject with requeue acknowledges the message, so it is never delivered again"},
		{Name: faultKafkaUnsettledBackOnClose, Block: model.BlockSettlement, Description: "an unsettled Kafka message is said to come back when the connection closes; Kafka reads it again only after a restart"},
		{Name: faultExcerptBytes, Block: model.BlockRowErrors, Description: "the row error's excerpt keeps RawExcerptLength UTF-8 bytes, cutting a character"},
		{Name: faultExcerptUTF16, Block: model.BlockRowErrors, Description: "the row error's excerpt keeps RawExcerptLength UTF-16 units, cutting a surrogate pair"},
		{Name: faultNoHandlerSkips, Block: model.BlockRowErrors, Description: "a source without a RowErrorHandler skips an undeserializable message instead of failing the read"},
		{Name: faultSkipLeavesUnsettled, Block: model.BlockRowErrors, Description: "Skip leaves the message unsettled, so it comes back"},
		{Name: faultDeadLetterNeverSettles, Block: model.BlockRowErrors, Description: "DeadLetter sends the MessageFailure but never settles the message"},
		{Name: faultDeadLetterDropsMetadata, Block: model.BlockRowErrors, Description: "the MessageFailure loses the broker's metadata"},
		{Name: faultRowErrorCountedTwice, Block: model.BlockRowErrors, Description: "a dead-lettered row error is counted under skip as well as dead_letter"},
		{Name: faultDeadLetterIgnoresDeadLetterQueue, Block: model.BlockRowErrors, Description: "DeadLetter removes the message even where the queue has a dead-letter queue, instead of settling it as Skip does (NPipeline's Service Bus source completes it)"},
		{Name: faultDeadLetterQueueCountedRejected, Block: model.BlockRowErrors, Description: "a message Skip rejects to the dead-letter queue is counted rejected, not dead_lettered (NPipeline's RabbitMQ source)"},
		{Name: faultSkipSettlementNotCounted, Block: model.BlockRowErrors, Description: "the settlement a Skip or a DeadLetter makes is not counted in messages_settled (NPipeline's Kafka source)"},
		{Name: faultReadErrorNamesTheMessageID, Block: model.BlockRowErrors, Description: "the read error names the message id where the message's position belongs"},
		{Name: faultFailedWriteAcknowledges, Block: model.BlockFailedWrites, Description: "with Fail, the message the broker refused is acknowledged, so it never comes back"},
		{Name: faultWriteRequeueAcknowledges, Block: model.BlockFailedWrites, Description: "Requeue acknowledges the refused message's source instead of rejecting it with requeue"},
		{Name: faultWriteStopsAfterRequeue, Block: model.BlockFailedWrites, Description: "after a Requeue the write stops instead of going on, leaving later batches unsettled"},
		{Name: faultDeadLetteredWriteLeavesSource, Block: model.BlockFailedWrites, Description: "DeadLetter sends the body to the dead-letter sink but leaves its source message unsettled"},
		{Name: faultSQLAcksOnWrite, Block: model.BlockFailedWrites, Description: "a SQL sink acknowledges each message as it is written, before its batch commits"},
		{Name: faultWholeRunAcksPerCommit, Block: model.BlockFailedWrites, Description: "a whole-run SQL sink acknowledges after each batch instead of after the final commit"},
		{Name: faultHTTPFailedRequestNeverAcked, Block: model.BlockFailedWrites, Description: "the HTTP sink never acknowledges the messages of a failed request it skipped or dead-lettered"},
		{Name: faultOtherSinkAcksPerBatch, Block: model.BlockFailedWrites, Description: "a sink without batches of its own acknowledges each batch instead of waiting for the whole stream"},
		{Name: faultUnsettledAutoAcknowledged, Block: model.BlockSettlement, Description: "a message nobody settles is acknowledged when the read ends (auto-ack), so it never comes back"},
		{Name: faultAcknowledgeNotCounted, Block: model.BlockSettlement, Description: "messages_settled misses acknowledgements: the ack path never increments it"},
		{Name: faultRejectWithoutQueueRequeues, Block: model.BlockSettlement, Description: "reject without requeue, where the queue has no dead-letter queue, requeues (RabbitMQ's nack default) instead of dropping"},
		{Name: faultMessageQueueAcksAtEnd, Block: model.BlockFailedWrites, Description: "a message-queue sink acknowledges when the whole stream is written instead of once the broker has each batch"},
		{Name: faultRedisReservePeeks, Block: model.BlockRedis, Description: "the Redis transport's reserve reads the head element without moving it off the ready list, so it is delivered again"},
	}...)
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

// WriteFaults writes the mutants to w, one a line: name, block ("*" for
// the echo subjects, which every block has) and description, tab-separated.
func WriteFaults(w io.Writer) error {
	for _, f := range Faults() {
		block := f.Block
		if block == "" {
			block = "*"
		}
		if _, err := io.WriteString(w, string(f.Name)+"\t"+block+"\t"+f.Description+"\n"); err != nil {
			return err
		}
	}
	return nil
}
