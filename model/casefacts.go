package model

import (
	"bytes"
	"encoding/json"
	"strings"
)

// CaseFact is what a report shows of a case besides its status: what it
// checks, what the suite expects, and where the suite states it.
type CaseFact struct {
	// Description is the case's description (its sub-block's where it has
	// none), or, for an invalid case without one, "invalid: " and its reason.
	Description string
	// Expectation is the case's manifest entry as compact JSON without its
	// name and description: the expectation exactly as the suite states it.
	Expectation string
	// Fixture is the suite file the case reads (slash path), "" for none.
	Fixture string
	// Pointer is the entry's JSON pointer in manifest.json; Line the line
	// it starts on (1-based, 0 when unknown).
	Pointer string
	Line    int
}

// CaseFacts are every case's facts by case id (as CaseID.String spells it).
func (s *Suite) CaseFacts() map[string]CaseFact {
	out := map[string]CaseFact{}
	desc := s.CaseDescriptions()
	lines := manifestLines(s)
	for id, e := range s.factEntries() {
		f := CaseFact{Description: desc[id], Fixture: e.fixture, Pointer: e.at.Pointer.String(), Line: lines[e.at.Pointer.String()]}
		if v, ok := e.at.Pointer.Resolve(s.Manifest); ok {
			f.Expectation = withoutKeys(v, "name", "description").Compact()
		}
		if f.Description == "" && e.invalid {
			f.Description = strings.TrimSpace("invalid: " + e.reason)
		}
		out[id] = f
	}
	return out
}

// factEntry is where a case is in the manifest and what it reads.
type factEntry struct {
	at      Location
	fixture string
	invalid bool
	reason  string
}

// factEntries locates every case of the suite; the id list is CaseIDs'.
func (s *Suite) factEntries() map[string]factEntry {
	out := map[string]factEntry{}
	put := func(block, name string, e factEntry) { out[CaseID{Block: block, Name: name}.String()] = e }
	for _, c := range s.Cases {
		put(BlockCases, c.Name, factEntry{at: c.At, fixture: c.File, invalid: !c.Valid, reason: c.Reason})
	}
	if s.Idempotency != nil {
		if d := s.Idempotency.DedupKey; d != nil {
			put(BlockIdempotency, "dedup_key", factEntry{at: d.At, fixture: d.EnvelopeFile})
		}
		for _, c := range s.Idempotency.Sequences {
			put(BlockIdempotency, c.Name, factEntry{at: c.At})
		}
	}
	s.brokerEntries(put)
	for _, b := range []struct {
		block string
		ps    *PayloadSchema
	}{{BlockPayloadSchema, s.PayloadSchema}, {BlockPayloadSchemaUnicode, s.PayloadSchemaUnicode}} {
		if b.ps != nil {
			for _, c := range b.ps.Cases {
				put(b.block, c.Name, factEntry{at: c.At, invalid: !c.Valid})
			}
		}
	}
	s.listEntries(put)
	return out
}

func (s *Suite) listEntries(put func(block, name string, e factEntry)) {
	if s.Roundtrip != nil {
		for _, c := range s.Roundtrip.Cases {
			put(BlockRoundtrip, c.Name, factEntry{at: c.At, fixture: c.File})
		}
	}
	if s.DataShape != nil {
		for _, c := range s.DataShape.Cases {
			put(BlockDataShape, c.Name, factEntry{at: c.At, fixture: c.File, invalid: c.Mode == ModeDecode && !c.Valid, reason: c.Reason})
		}
	}
	if s.ForbiddenKeys != nil {
		for _, c := range s.ForbiddenKeys.Cases {
			put(BlockForbiddenKeys, c.Name, factEntry{at: c.At, fixture: c.File})
		}
	}
	for _, block := range []string{BlockSettlement, BlockRowErrors, BlockFailedWrites} {
		if m := s.messaging(block); m != nil {
			for _, c := range m.Cases {
				put(block, c.Name, factEntry{at: c.At})
			}
		}
	}
}

func (s *Suite) brokerEntries(put func(block, name string, e factEntry)) {
	broker := func(block string, rec *Reconciliation, gate *SchemaVersionGate) {
		if rec != nil {
			for _, c := range rec.Cases {
				put(block, c.Name, factEntry{at: c.At})
			}
		}
		if gate != nil {
			for _, c := range gate.Cases {
				put(block, c.Name, factEntry{at: c.At, fixture: gate.Fixture})
			}
		}
	}
	projection := func(block, name, fixture string, at Location) {
		put(block, name, factEntry{at: at, fixture: fixture})
	}
	if x := s.SQS; x != nil {
		if p := x.Projection; p != nil {
			projection(BlockSQS, "attribute_projection", p.EnvelopeFile, p.At)
		}
		broker(BlockSQS, x.Reconciliation, x.Gate)
	}
	if x := s.ASB; x != nil {
		if p := x.Projection; p != nil {
			projection(BlockASB, "property_projection", p.EnvelopeFile, p.At)
		}
		broker(BlockASB, x.Reconciliation, x.Gate)
	}
	if x := s.Pulsar; x != nil {
		if p := x.Projection; p != nil {
			projection(BlockPulsar, "property_projection", p.EnvelopeFile, p.At)
		}
		broker(BlockPulsar, x.Reconciliation, x.Gate)
	}
	if x := s.Kafka; x != nil {
		if p := x.Projection; p != nil {
			projection(BlockKafka, "property_projection", p.EnvelopeFile, p.At)
		}
		broker(BlockKafka, x.Reconciliation, x.Gate)
	}
	if x := s.Artemis; x != nil {
		if p := x.Projection; p != nil {
			projection(BlockArtemis, "property_projection", p.EnvelopeFile, p.At)
		}
		broker(BlockArtemis, x.Reconciliation, x.Gate)
	}
	if x := s.Redis; x != nil && x.PayloadIdentity != nil {
		projection(BlockRedis, "payload_identity", x.PayloadIdentity.EnvelopeFile, x.PayloadIdentity.At)
	}
	if x := s.RabbitMQ; x != nil && x.Projection != nil {
		projection(BlockRabbitMQ, "property_projection", x.Projection.EnvelopeFile, x.Projection.At)
	}
}

// withoutKeys is an object without the named members (other values as
// they are).
func withoutKeys(v Value, keys ...string) Value {
	if v.Kind != Object {
		return v
	}
	out := Value{Kind: Object}
	for _, m := range v.Members {
		drop := false
		for _, k := range keys {
			drop = drop || m.Key == k
		}
		if !drop {
			out.Members = append(out.Members, m)
		}
	}
	return out
}

// manifestLines maps the JSON pointer of every object and array in
// manifest.json to the line it opens on, from the file's bytes.
func manifestLines(s *Suite) map[string]int {
	out := map[string]int{}
	f, ok := s.File(ManifestFile)
	if !ok {
		return out
	}
	dec := json.NewDecoder(bytes.NewReader(f.Raw))
	var walk func(p Pointer) bool
	// value reads one value at p; the token stream is the document's.
	walk = func(p Pointer) bool {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		d, ok := tok.(json.Delim)
		if !ok {
			return true
		}
		out[p.String()] = 1 + bytes.Count(f.Raw[:start+int64(bytes.IndexByte(f.Raw[start:], byte(d)))], []byte("\n"))
		for i := 0; dec.More(); i++ {
			child := p.Index(i)
			if d == '{' {
				k, err := dec.Token()
				if err != nil {
					return false
				}
				key, _ := k.(string)
				child = p.Child(key)
			}
			if !walk(child) {
				return false
			}
		}
		_, err = dec.Token()
		return err == nil
	}
	walk(Pointer{})
	return out
}
