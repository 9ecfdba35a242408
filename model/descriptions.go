package model

// CaseDescriptions are the manifest's description fields by case id (as
// CaseID.String spells it), for reports that show what a case checks. A
// case without a description of its own takes its sub-block's (a broker's
// reconciliation or schema-version gate); a case with neither is absent.
func (s *Suite) CaseDescriptions() map[string]string {
	out := map[string]string{}
	put := func(block, name, desc string) {
		if desc != "" {
			out[CaseID{Block: block, Name: name}.String()] = desc
		}
	}
	for _, c := range s.Cases {
		put(BlockCases, c.Name, c.Description)
	}
	if s.Idempotency != nil {
		for _, c := range s.Idempotency.Sequences {
			put(BlockIdempotency, c.Name, c.Description)
		}
	}
	if s.Roundtrip != nil {
		for _, c := range s.Roundtrip.Cases {
			put(BlockRoundtrip, c.Name, c.Description)
		}
	}
	for _, block := range []string{BlockSettlement, BlockRowErrors, BlockFailedWrites} {
		if m := s.messaging(block); m != nil {
			for _, c := range m.Cases {
				put(block, c.Name, c.Description)
			}
		}
	}
	s.brokerDescriptions(put)
	return out
}

// brokerDescriptions gives each reconciliation and gate case of the broker
// blocks its sub-block's description: the cases carry none of their own.
func (s *Suite) brokerDescriptions(put func(block, name, desc string)) {
	add := func(block string, rec *Reconciliation, gate *SchemaVersionGate) {
		if rec != nil {
			for _, c := range rec.Cases {
				put(block, c.Name, rec.Description)
			}
		}
		if gate != nil {
			for _, c := range gate.Cases {
				put(block, c.Name, gate.Description)
			}
		}
	}
	if s.SQS != nil {
		add(BlockSQS, s.SQS.Reconciliation, s.SQS.Gate)
	}
	if s.ASB != nil {
		add(BlockASB, s.ASB.Reconciliation, s.ASB.Gate)
	}
	if s.Pulsar != nil {
		add(BlockPulsar, s.Pulsar.Reconciliation, s.Pulsar.Gate)
	}
	if s.Kafka != nil {
		add(BlockKafka, s.Kafka.Reconciliation, s.Kafka.Gate)
	}
	if s.Artemis != nil {
		add(BlockArtemis, s.Artemis.Reconciliation, s.Artemis.Gate)
	}
}
