package validate

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// gateExpectations asks each broker's schema-version gate about every case.
func gateExpectations(s *model.Suite) []expectation {
	var out []expectation
	if s.SQS != nil {
		out = append(out, gateCaseExpectations(s, model.BlockSQS, protocol.SQSSchemaVersionGate, s.SQS.Gate)...)
	}
	if s.ASB != nil {
		out = append(out, gateCaseExpectations(s, model.BlockASB, protocol.ASBSchemaVersionGate, s.ASB.Gate)...)
	}
	if s.Pulsar != nil {
		out = append(out, gateCaseExpectations(s, model.BlockPulsar, protocol.PulsarSchemaVersionGate, s.Pulsar.Gate)...)
	}
	if s.Kafka != nil {
		out = append(out, gateCaseExpectations(s, model.BlockKafka, protocol.KafkaSchemaVersionGate, s.Kafka.Gate)...)
	}
	if s.Artemis != nil {
		out = append(out, gateCaseExpectations(s, model.BlockArtemis, protocol.ArtemisSchemaVersionGate, s.Artemis.Gate)...)
	}
	return out
}

// gateCaseExpectations asks op once per case, and for a typed gate's
// number once per AMQP type that case stands for.
func gateCaseExpectations(s *model.Suite, block string, op protocol.Operation, g *model.SchemaVersionGate) []expectation {
	if g == nil {
		return nil
	}
	var out []expectation
	for _, c := range g.Cases {
		for _, amqpType := range c.AMQPTypes() {
			args := envelopeArgs(s, g.Fixture)
			args["property"] = raw(c.Value) // null when absent
			if amqpType != "" {
				args["amqp_type"] = amqpType
			}
			want := model.StringValue(c.Expect)
			out = append(out, expectation{block: block, name: c.Name, at: c.At, op: op.Name, args: args,
				judge: func(r model.Value) string {
					return mismatch("outcome", field(r, op.Result.Member), want)
				}})
		}
	}
	return out
}
