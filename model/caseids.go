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

// caseNames lists the case names of one block the suite carries.
func (s *Suite) caseNames(block string) []string {
	entries := s.caseEntries(block)
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.name
	}
	return out
}

// caseEntries lists the cases of one block the suite carries, each with
// where the manifest holds it.
func (s *Suite) caseEntries(block string) caseNameList {
	var n caseNameList
	switch block {
	case BlockCases:
		for _, c := range s.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, fixture: c.File, invalid: !c.Valid, reason: c.Reason})
		}
	case BlockIdempotency:
		if d := s.Idempotency.DedupKey; d != nil {
			n.addEntry(caseEntry{name: "dedup_key", at: d.At, fixture: d.EnvelopeFile})
		}
		for _, c := range s.Idempotency.Sequences {
			n.add(c.Name, c.At)
		}
	case BlockSQS:
		if p := s.SQS.Projection; p != nil {
			n.addEntry(caseEntry{name: "attribute_projection", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.SQS.ForeignLang; p != nil {
			n.addEntry(caseEntry{name: "attribute_projection" + ForeignLangSuffix, at: p.At, fixture: p.EnvelopeFile})
		}
		n.broker(s.SQS.Reconciliation, s.SQS.Gate)
	case BlockASB:
		if p := s.ASB.Projection; p != nil {
			n.addEntry(caseEntry{name: "property_projection", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.ASB.ForeignLang; p != nil {
			n.addEntry(caseEntry{name: "property_projection" + ForeignLangSuffix, at: p.At, fixture: p.EnvelopeFile})
		}
		n.broker(s.ASB.Reconciliation, s.ASB.Gate)
	case BlockPulsar:
		if p := s.Pulsar.Projection; p != nil {
			n.addEntry(caseEntry{name: "property_projection", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.Pulsar.ForeignLang; p != nil {
			n.addEntry(caseEntry{name: "property_projection" + ForeignLangSuffix, at: p.At, fixture: p.EnvelopeFile})
		}
		n.broker(s.Pulsar.Reconciliation, s.Pulsar.Gate)
	case BlockKafka:
		if p := s.Kafka.Projection; p != nil {
			n.addEntry(caseEntry{name: "property_projection", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.Kafka.ForeignLang; p != nil {
			n.addEntry(caseEntry{name: "property_projection" + ForeignLangSuffix, at: p.At, fixture: p.EnvelopeFile})
		}
		n.broker(s.Kafka.Reconciliation, s.Kafka.Gate)
	case BlockArtemis:
		if p := s.Artemis.Projection; p != nil {
			n.addEntry(caseEntry{name: "property_projection", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.Artemis.ForeignLang; p != nil {
			n.addEntry(caseEntry{name: "property_projection" + ForeignLangSuffix, at: p.At, fixture: p.EnvelopeFile})
		}
		n.broker(s.Artemis.Reconciliation, s.Artemis.Gate)
	case BlockRedis:
		if p := s.Redis.PayloadIdentity; p != nil {
			n.addEntry(caseEntry{name: "payload_identity", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.Redis.ProduceIdentity; p != nil {
			n.add("produce_identity", p.At)
		}
	case BlockRabbitMQ:
		if p := s.RabbitMQ.Projection; p != nil {
			n.addEntry(caseEntry{name: "property_projection", at: p.At, fixture: p.EnvelopeFile})
		}
		if p := s.RabbitMQ.ForeignLang; p != nil {
			n.addEntry(caseEntry{name: "property_projection" + ForeignLangSuffix, at: p.At, fixture: p.EnvelopeFile})
		}
	default:
		s.listNames(block, &n)
	}
	return n
}

// listNames adds the cases of a block that is one list of named cases.
func (s *Suite) listNames(block string, n *caseNameList) {
	switch block {
	case BlockPayloadSchema, BlockPayloadSchemaUnicode:
		ps := s.PayloadSchema
		if block == BlockPayloadSchemaUnicode {
			ps = s.PayloadSchemaUnicode
		}
		for _, c := range ps.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, invalid: !c.Valid})
		}
	case BlockRoundtrip:
		for _, c := range s.Roundtrip.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, fixture: c.File})
		}
	case BlockDataShape:
		for _, c := range s.DataShape.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, fixture: c.File, invalid: c.Mode == ModeDecode && !c.Valid, reason: c.Reason})
		}
	case BlockForbiddenKeys:
		for _, c := range s.ForbiddenKeys.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, fixture: c.File})
		}
	case BlockSettlement, BlockRowErrors, BlockFailedWrites:
		for _, c := range s.messaging(block).Cases {
			n.add(c.Name, c.At)
		}
	case BlockProducer:
		for _, c := range s.Producer.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, fixture: c.File})
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

// caseNameList collects a block's cases in order.
type caseNameList []caseEntry

// caseEntry is one case's name, its place in the manifest and what it
// reads: the suite file (slash path, "" for none) and, for an invalid case,
// the reason the suite gives.
type caseEntry struct {
	name    string
	at      Location
	fixture string
	invalid bool
	reason  string
}

func (n *caseNameList) add(name string, at Location) { n.addEntry(caseEntry{name: name, at: at}) }

func (n *caseNameList) addEntry(e caseEntry) { *n = append(*n, e) }

// broker adds a broker block's reconciliation cases, then its gate cases
// (each reads the gate's fixture).
func (n *caseNameList) broker(rec *Reconciliation, gate *SchemaVersionGate) {
	if rec != nil {
		for _, c := range rec.Cases {
			n.add(c.Name, c.At)
		}
	}
	if gate != nil {
		for _, c := range gate.Cases {
			n.addEntry(caseEntry{name: c.Name, at: c.At, fixture: gate.Fixture})
		}
	}
}
