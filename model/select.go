package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/internal/suggest"
)

// TransportBlocks are the broker blocks: each is run by a transport package
// (often in its own module or repository), not by an SDK's core.
var TransportBlocks = []string{BlockSQS, BlockASB, BlockPulsar, BlockKafka, BlockArtemis, BlockRedis, BlockRabbitMQ}

// MessagingBlocks are the blocks of the message-queue messaging layer
// (settle-once, undeserializable messages, failed writes): a target of
// these alone is a messaging layer's, such as NPipeline.Connectors.
var MessagingBlocks = []string{BlockSettlement, BlockRowErrors, BlockFailedWrites}

// IsTransportBlock reports whether block is a broker block.
func IsTransportBlock(block string) bool { return slices.Contains(TransportBlocks, block) }

// Select returns a copy of s that carries only the named blocks (an empty
// list keeps every block), for a target that runs part of the suite. The
// suite's files stay whole: the vendored copy mirrors the suite. A name
// bqgen does not know is an error.
func (s *Suite) Select(blocks []string) (*Suite, error) {
	if len(blocks) == 0 {
		return s, nil
	}
	for _, b := range blocks {
		if !slices.Contains(KnownBlocks, b) {
			return nil, fmt.Errorf("unknown block %q (known: %s)%s", b, strings.Join(KnownBlocks, ", "), suggest.Phrase(b, KnownBlocks))
		}
	}
	keep := func(b string) bool { return slices.Contains(blocks, b) }
	out := *s
	if !keep(BlockCases) {
		out.Cases, out.HasCases = nil, false
	}
	clear := []struct {
		block string
		drop  func()
	}{
		{BlockIdempotency, func() { out.Idempotency = nil }},
		{BlockSQS, func() { out.SQS = nil }},
		{BlockASB, func() { out.ASB = nil }},
		{BlockPulsar, func() { out.Pulsar = nil }},
		{BlockKafka, func() { out.Kafka = nil }},
		{BlockArtemis, func() { out.Artemis = nil }},
		{BlockRedis, func() { out.Redis = nil }},
		{BlockRabbitMQ, func() { out.RabbitMQ = nil }},
		{BlockPayloadSchema, func() { out.PayloadSchema = nil }},
		{BlockRoundtrip, func() { out.Roundtrip = nil }},
		{BlockDataShape, func() { out.DataShape = nil }},
		{BlockForbiddenKeys, func() { out.ForbiddenKeys = nil }},
		{BlockPayloadSchemaUnicode, func() { out.PayloadSchemaUnicode = nil }},
		{BlockSettlement, func() { out.Settlement = nil }},
		{BlockRowErrors, func() { out.RowErrors = nil }},
		{BlockFailedWrites, func() { out.FailedWrites = nil }},
		{BlockProducer, func() { out.Producer = nil }},
	}
	for _, c := range clear {
		if !keep(c.block) {
			c.drop()
		}
	}
	return &out, nil
}
