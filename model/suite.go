package model

import (
	"slices"
	"strings"
)

// Suite is a conformance suite read into typed blocks. It is what every
// backend generates from; it knows nothing of any target language.
type Suite struct {
	Version       string // CONFORMANCE_VERSION, trimmed; "" when the file is absent
	HasVersion    bool
	SchemaVersion int64 // manifest schema_version
	Description   string
	Manifest      Value       // the whole manifest, for pointers and re-checks
	Files         []SuiteFile // every file the suite ships, sorted by path
	// TestInputBytes is what the cases make the tests read, counted as
	// MaxTestInputBytes counts it: derive holds the cases it adds to it.
	TestInputBytes int64

	Cases                []EnvelopeCase // nil when the block is absent
	HasCases             bool
	Idempotency          *Idempotency
	SQS                  *SQS
	ASB                  *ASB
	Pulsar               *Pulsar
	Kafka                *Kafka
	Artemis              *Artemis
	Redis                *Redis
	RabbitMQ             *RabbitMQ
	PayloadSchema        *PayloadSchema
	Roundtrip            *Roundtrip
	DataShape            *DataShape
	ForbiddenKeys        *ForbiddenKeys
	PayloadSchemaUnicode *PayloadSchema
	Settlement           *MessagingBlock
	RowErrors            *MessagingBlock
	FailedWrites         *MessagingBlock
	Producer             *Producer

	Unknown []UnknownBlock // blocks and sub-blocks bqgen does not know
}

// SuiteFile is one file of the suite, with its exact bytes: generated tests
// feed an SDK exactly these bytes.
type SuiteFile struct {
	Path string // slash path relative to the suite root
	Raw  []byte
	JSON *Value // parsed content for .json files that parse
}

// ManifestFile is the manifest's path inside a suite.
const ManifestFile = "manifest.json"

// VersionFile is the path of the suite's SemVer.
const VersionFile = "CONFORMANCE_VERSION"

// File returns the suite file at a slash path. Files is sorted by path, so
// it is found in log n: every case looks its file up, and a scan made that
// cases × files.
func (s *Suite) File(path string) (*SuiteFile, bool) {
	i, found := slices.BinarySearchFunc(s.Files, path, func(f SuiteFile, p string) int { return strings.Compare(f.Path, p) })
	if !found {
		return nil, false
	}
	return &s.Files[i], true
}

// Fixture returns the bytes of a file the manifest references; loading
// guarantees that every reference resolves.
func (s *Suite) Fixture(path string) []byte {
	f, ok := s.File(path)
	if !ok {
		return nil
	}
	return f.Raw
}

// Block names, as the manifest spells them, in the order the spec presents them.
const (
	BlockCases                = "cases"
	BlockIdempotency          = "idempotency"
	BlockSQS                  = "sqs"
	BlockASB                  = "asb"
	BlockPulsar               = "pulsar"
	BlockKafka                = "kafka"
	BlockArtemis              = "artemis"
	BlockRedis                = "redis"
	BlockRabbitMQ             = "rabbitmq"
	BlockPayloadSchema        = "payload_schema"
	BlockRoundtrip            = "roundtrip"
	BlockDataShape            = "data_shape"
	BlockForbiddenKeys        = "forbidden_keys"
	BlockPayloadSchemaUnicode = "payload_schema_unicode"
)

// MessagingBrokers are the brokers of the messaging blocks (settlement,
// row_errors, failed_writes): the connectors sharing one messaging layer.
var MessagingBrokers = []string{"rabbitmq", "servicebus", "sqs", "kafka"}

// KnownBlocks lists every block bqgen models, in a fixed order.
var KnownBlocks = []string{
	BlockCases, BlockIdempotency, BlockSQS, BlockASB, BlockPulsar, BlockKafka,
	BlockArtemis, BlockRedis, BlockRabbitMQ, BlockPayloadSchema, BlockRoundtrip,
	BlockDataShape, BlockForbiddenKeys, BlockPayloadSchemaUnicode,
	BlockSettlement, BlockRowErrors, BlockFailedWrites, BlockProducer,
}

// Blocks lists the known blocks this suite carries, in KnownBlocks order.
func (s *Suite) Blocks() []string {
	present := map[string]bool{
		BlockCases: s.HasCases, BlockIdempotency: s.Idempotency != nil,
		BlockSQS: s.SQS != nil, BlockASB: s.ASB != nil, BlockPulsar: s.Pulsar != nil,
		BlockKafka: s.Kafka != nil, BlockArtemis: s.Artemis != nil, BlockRedis: s.Redis != nil,
		BlockRabbitMQ: s.RabbitMQ != nil, BlockPayloadSchema: s.PayloadSchema != nil,
		BlockRoundtrip: s.Roundtrip != nil, BlockDataShape: s.DataShape != nil,
		BlockForbiddenKeys: s.ForbiddenKeys != nil, BlockPayloadSchemaUnicode: s.PayloadSchemaUnicode != nil,
		BlockSettlement: s.Settlement != nil, BlockRowErrors: s.RowErrors != nil, BlockFailedWrites: s.FailedWrites != nil,
		BlockProducer: s.Producer != nil,
	}
	var out []string
	for _, b := range KnownBlocks {
		if present[b] {
			out = append(out, b)
		}
	}
	return out
}

// HasBlock reports whether the suite carries the named block.
func (s *Suite) HasBlock(name string) bool {
	for _, b := range s.Blocks() {
		if b == name {
			return true
		}
	}
	return false
}

// Unversioned stands for the CONFORMANCE_VERSION of a suite that has none.
// Every command accepts such a suite (validate warns): generated files, the
// test index and reports name its revision with this word.
const Unversioned = "unversioned"

// VersionLabel is the suite's CONFORMANCE_VERSION, or Unversioned.
func (s *Suite) VersionLabel() string {
	if s.Version == "" {
		return Unversioned
	}
	return s.Version
}
