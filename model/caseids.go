package model

// CaseID is one case as an exemption pattern sees it: "<block>/<name>". A
// case of a list is named by its manifest name (a gate case by the name
// bqgen gives it when the manifest has none: see gateCaseName); a sub-block
// that is a single check (dedup_key, a projection, payload_identity) by the
// sub-block's key. Every backend caseNameList its tests' exemption lookups from
// these same strings, so the ids are one list for every language.
type CaseID struct {
	Block, Name string
}

// String is the id as exemption patterns match it.
func (c CaseID) String() string { return c.Block + "/" + c.Name }

// CaseIDs lists the cases of every block the suite carries, in KnownBlocks
// order and, within a block, in the order its test file runs them.
func (s *Suite) CaseIDs() []CaseID {
	var out []CaseID
	for _, block := range s.Blocks() {
		for _, name := range s.caseNames(block) {
			out = append(out, CaseID{Block: block, Name: name})
		}
	}
	return out
}

// caseNames lists the case caseNameList of one block the suite carries.
func (s *Suite) caseNames(block string) []string {
	var n caseNameList
	switch block {
	case BlockCases:
		for _, c := range s.Cases {
			n.add(c.Name)
		}
	case BlockIdempotency:
		n.addIf(s.Idempotency.DedupKey != nil, "dedup_key")
		for _, c := range s.Idempotency.Sequences {
			n.add(c.Name)
		}
	case BlockSQS:
		n.addIf(s.SQS.Projection != nil, "attribute_projection")
		n.broker(s.SQS.Reconciliation, s.SQS.Gate)
	case BlockASB:
		n.addIf(s.ASB.Projection != nil, "property_projection")
		n.broker(s.ASB.Reconciliation, s.ASB.Gate)
	case BlockPulsar:
		n.addIf(s.Pulsar.Projection != nil, "property_projection")
		n.broker(s.Pulsar.Reconciliation, s.Pulsar.Gate)
	case BlockKafka:
		n.addIf(s.Kafka.Projection != nil, "property_projection")
		n.broker(s.Kafka.Reconciliation, s.Kafka.Gate)
	case BlockArtemis:
		n.addIf(s.Artemis.Projection != nil, "property_projection")
		n.broker(s.Artemis.Reconciliation, s.Artemis.Gate)
	case BlockRedis:
		n.addIf(s.Redis.PayloadIdentity != nil, "payload_identity")
	case BlockRabbitMQ:
		n.addIf(s.RabbitMQ.Projection != nil, "property_projection")
	default:
		s.listNames(block, &n)
	}
	return n
}

// listNames adds the caseNameList of a block that is one list of named cases.
func (s *Suite) listNames(block string, n *caseNameList) {
	switch block {
	case BlockPayloadSchema, BlockPayloadSchemaUnicode:
		ps := s.PayloadSchema
		if block == BlockPayloadSchemaUnicode {
			ps = s.PayloadSchemaUnicode
		}
		for _, c := range ps.Cases {
			n.add(c.Name)
		}
	case BlockRoundtrip:
		for _, c := range s.Roundtrip.Cases {
			n.add(c.Name)
		}
	case BlockDataShape:
		for _, c := range s.DataShape.Cases {
			n.add(c.Name)
		}
	case BlockForbiddenKeys:
		for _, c := range s.ForbiddenKeys.Cases {
			n.add(c.Name)
		}
	case BlockSettlement, BlockRowErrors, BlockFailedWrites:
		for _, c := range s.messaging(block).Cases {
			n.add(c.Name)
		}
	}
}

// messaging returns the messaging block named block.
func (s *Suite) messaging(block string) *MessagingBlock {
	switch block {
	case BlockSettlement:
		return s.Settlement
	case BlockRowErrors:
		return s.RowErrors
	}
	return s.FailedWrites
}

// caseNameList collects case caseNameList in order.
type caseNameList []string

func (n *caseNameList) add(name string) { *n = append(*n, name) }

func (n *caseNameList) addIf(ok bool, name string) {
	if ok {
		n.add(name)
	}
}

// broker adds a broker block's reconciliation cases, then its gate cases.
func (n *caseNameList) broker(rec *Reconciliation, gate *SchemaVersionGate) {
	if rec != nil {
		for _, c := range rec.Cases {
			n.add(c.Name)
		}
	}
	if gate != nil {
		for _, c := range gate.Cases {
			n.add(c.Name)
		}
	}
}
