package model

// The typed blocks of a suite. Field comments give the manifest key. A
// sub-block or block that the manifest lacks is nil: the spec lets an SDK
// suite carry any subset, and a runner skips what is absent.

// EnvelopeCase is one entry of the top-level "cases" block.
type EnvelopeCase struct {
	Name        string   // name
	File        string   // file: the fixture
	Valid       bool     // valid
	Description string   // description
	Expect      *Expect  // expect, for valid cases
	Reason      string   // reason, for invalid cases
	At          Location // where the case is, for error messages
}

// Expect holds what a consumer must derive from a valid envelope.
type Expect struct {
	URN           string // urn
	Data          Value  // data
	Attempts      int64  // attempts
	Lang          string // lang
	SchemaVersion int64  // schema_version
	DeadLetter    *Value // dead_letter (an object), when present
}

// Location names a place in the manifest.
type Location struct {
	File    string
	Pointer Pointer
}

// Idempotency is the "idempotency" block.
type Idempotency struct {
	DedupKey  *DedupKey             // dedup_key
	Sequences []IdempotencySequence // sequences.cases
	HasSeqs   bool                  // whether "sequences" is present
}

// DedupKey is idempotency.dedup_key.
type DedupKey struct {
	EnvelopeFile string // envelope_file
	KeyField     string // key_field
	ExpectedKey  string // expected_key
	At           Location
}

// IdempotencySequence is one case of idempotency.sequences.
type IdempotencySequence struct {
	Name            string     // name
	Description     string     // description
	Deliveries      []Delivery // deliveries
	ExpectedEffects int64      // expected_effects
	At              Location
}

// ChecksRaised reports whether a delivery of the sequence says whether the
// handler's error comes back out: only then is the helper's error asked for.
func (s IdempotencySequence) ChecksRaised() bool {
	for _, d := range s.Deliveries {
		if d.ExpectRaised != nil {
			return true
		}
	}
	return false
}

// Delivery is one delivery of a sequence.
type Delivery struct {
	MetaID       string // meta_id
	ExpectEffect string // expect_effect: "run" or "skip"
	Outcome      string // outcome: "ok", "throw", or "" when absent
	ForgetBefore bool   // forget_before
	// ExpectRaised is expect_raised (suite 1.6.0): whether the wrapped
	// handler's error comes back out of the helper to its caller; nil when
	// the manifest does not say.
	ExpectRaised *bool
}

// ReconcileCase is one case of an attempts_reconciliation sub-block. The
// native count is a string (SQS, and Kafka's header text, which an older
// suite's integer becomes), an integer (ASB, Pulsar, Artemis) or null (SQS,
// Kafka: absent), so it is kept as a Value.
type ReconcileCase struct {
	Name             string // name
	BodyAttempts     int64  // body_attempts
	Native           Value  // the broker's count, under the block's own key
	ExpectedAttempts int64  // expected_attempts
	At               Location
}

// Reconciliation is an attempts_reconciliation sub-block.
type Reconciliation struct {
	Description string
	NativeKey   string // approximate_receive_count, delivery_count, redelivery_count, header_attempts
	Cases       []ReconcileCase
}

// SQSAttribute is one SQS MessageAttribute.
type SQSAttribute struct {
	Name        string // the attribute name
	DataType    string // DataType
	StringValue string // StringValue
}

// SQSProjection is sqs.attribute_projection.
type SQSProjection struct {
	EnvelopeFile string
	Attributes   []SQSAttribute // message_attributes, in manifest order
	At           Location
}

// SQS is the "sqs" block.
type SQS struct {
	Projection     *SQSProjection     // attribute_projection
	ForeignLang    *SQSProjection     // attribute_projection_foreign_lang
	Reconciliation *Reconciliation    // attempts_reconciliation
	Gate           *SchemaVersionGate // schema_version_gate
}

// ASBProjection is asb.property_projection.
type ASBProjection struct {
	EnvelopeFile          string
	Subject               string // message.subject
	CorrelationID         string // message.correlation_id
	MessageID             string // message.message_id
	ContentType           string // message.content_type
	ApplicationProperties Value  // application_properties: an object of typed values
	At                    Location
}

// ASB is the "asb" block.
type ASB struct {
	Projection     *ASBProjection
	ForeignLang    *ASBProjection // property_projection_foreign_lang
	Reconciliation *Reconciliation
	Gate           *SchemaVersionGate
}

// StringMapProjection is a projection onto string-valued properties or
// headers: pulsar.property_projection.properties, kafka.property_projection.headers.
type StringMapProjection struct {
	EnvelopeFile string
	Entries      []StringEntry
	At           Location
}

// StringEntry is one name/value pair of a string map, in manifest order.
type StringEntry struct {
	Name, Value string
}

// Pulsar is the "pulsar" block.
type Pulsar struct {
	Projection     *StringMapProjection // property_projection.properties
	ForeignLang    *StringMapProjection // property_projection_foreign_lang.properties
	Reconciliation *Reconciliation
	Gate           *SchemaVersionGate
}

// Kafka is the "kafka" block.
type Kafka struct {
	Projection     *StringMapProjection // property_projection.headers
	ForeignLang    *StringMapProjection // property_projection_foreign_lang.headers
	Reconciliation *Reconciliation
	Gate           *SchemaVersionGate
}

// ArtemisProjection is artemis.property_projection.
type ArtemisProjection struct {
	EnvelopeFile      string
	JMSTypeAnnotation string        // jms_type_annotation
	JMSType           string        // jms_type
	CorrelationID     string        // correlation_id
	Properties        []StringEntry // properties
	At                Location
}

// Artemis is the "artemis" block.
type Artemis struct {
	Projection     *ArtemisProjection
	ForeignLang    *ArtemisProjection // property_projection_foreign_lang
	Reconciliation *Reconciliation
	Gate           *SchemaVersionGate
}

// Redis is the "redis" block.
type Redis struct {
	PayloadIdentity *PayloadIdentity // payload_identity
	ProduceIdentity *ProduceIdentity // produce_identity (1.6.0)
}

// ProduceIdentity is redis.produce_identity: what the publisher is given;
// the element it stores must be that envelope's own encoding.
type ProduceIdentity struct {
	URN, Queue, TraceID string
	Data                Value
	At                  Location
}

// PayloadIdentity is redis.payload_identity.
type PayloadIdentity struct {
	EnvelopeFile string
	At           Location
}

// RabbitMQProjection is rabbitmq.property_projection.
type RabbitMQProjection struct {
	EnvelopeFile string
	Properties   []StringEntry // properties: type, correlation_id, ...
	Headers      Value         // headers: an object of typed values
	At           Location
}

// RabbitMQ is the "rabbitmq" block.
type RabbitMQ struct {
	Projection  *RabbitMQProjection
	ForeignLang *RabbitMQProjection // property_projection_foreign_lang
}

// PayloadSchema is "payload_schema" and "payload_schema_unicode": one schema
// and the verdict each data value must get.
type PayloadSchema struct {
	Schema Value
	Cases  []PayloadCase
	At     Location
}

// PayloadCase is one case of a payload schema block.
type PayloadCase struct {
	Name  string
	Valid bool
	Data  Value
	At    Location
}

// Roundtrip is the "roundtrip" block.
type Roundtrip struct {
	Cases []RoundtripCase
}

// RoundtripCase is one roundtrip case.
type RoundtripCase struct {
	Name                string
	File                string
	Description         string
	ExpectAttempts      int64
	ExpectPreserved     []PreservedValue // expect_preserved, in manifest order
	ProducerSchemaValid bool             // producer_schema_valid, true when absent
	At                  Location
}

// PreservedValue is one pointer/value pair of expect_preserved.
type PreservedValue struct {
	Pointer Pointer
	Value   Value
}

// DataShape is the "data_shape" block.
type DataShape struct {
	Cases []DataShapeCase
}

// The data_shape modes.
const (
	ModeEncode = "encode"
	ModeDecode = "decode"
)

// DataShapeCase is one data_shape case: an encode case (URN, Queue, Data,
// ExpectEncodedDataJSON) or a decode case (File, Valid, Reason).
type DataShapeCase struct {
	Name                  string
	Mode                  string
	URN                   string
	Queue                 string
	Data                  Value
	ExpectEncodedDataJSON string
	File                  string
	Valid                 bool
	Reason                string
	At                    Location
}

// ForbiddenKeys is the "forbidden_keys" block.
type ForbiddenKeys struct {
	Cases []ForbiddenKeyCase
}

// ForbiddenKeyCase is one forbidden_keys case.
type ForbiddenKeyCase struct {
	Name                      string
	File                      string
	ForbiddenKey              Pointer
	Expect                    string // "warn"
	ExpectAbsentAfterReencode []Pointer
	At                        Location
}

// UnknownBlock is a block or sub-block bqgen does not know. It is kept and
// reported, never an error: adding a block must not break old generators.
type UnknownBlock struct {
	Pointer Pointer
	Value   Value
}
