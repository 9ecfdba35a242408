package model

import (
	"fmt"
	"strings"
)

// SchemaVersionGate is a broker block's schema_version_gate: the consumer
// reads the native schema-version property before decoding and decides from
// it alone whether the message reaches decode.
type SchemaVersionGate struct {
	Description string
	Property    string // the native property's name, e.g. bq-schema-version
	Fixture     string // the envelope every case delivers
	// Typed says the broker's properties are typed (AMQP on Azure Service
	// Bus): a JSON number stands for a native number.
	Typed bool
	Cases []GateCase
	At    Location
}

// SubSchemaVersionGate is the sub-block's name in the manifest.
const SubSchemaVersionGate = "schema_version_gate"

// Gate returns the schema-version gate of a broker block, or nil.
func (s *Suite) Gate(block string) *SchemaVersionGate {
	switch {
	case block == BlockSQS && s.SQS != nil:
		return s.SQS.Gate
	case block == BlockASB && s.ASB != nil:
		return s.ASB.Gate
	case block == BlockPulsar && s.Pulsar != nil:
		return s.Pulsar.Gate
	case block == BlockKafka && s.Kafka != nil:
		return s.Kafka.Gate
	case block == BlockArtemis && s.Artemis != nil:
		return s.Artemis.Gate
	}
	return nil
}

// HasPart reports whether the suite carries block and, when sub is not
// empty, its sub-block sub (only sub-blocks that some block may lack are
// told apart: schema_version_gate).
//
// An empty block means any block: HasPart("", "") is true of every suite,
// HasPart("", sub) of one where some block carries sub.
func (s *Suite) HasPart(block, sub string) bool {
	if block == "" {
		if sub == "" {
			return true
		}
		for _, b := range KnownBlocks {
			if s.HasPart(b, sub) {
				return true
			}
		}
		return false
	}
	if !s.HasBlock(block) {
		return false
	}
	if sub == SubSchemaVersionGate {
		return s.Gate(block) != nil
	}
	return true
}

// The verdicts of a gate case.
const (
	GateDecode = "decode"
	GateReject = "reject"
)

// GateCase is one property value and its verdict.
type GateCase struct {
	// Name is the manifest's name, or one made from the verdict and the
	// value (the upstream suite's gate cases carry none): see gateCaseName.
	Name   string
	Absent bool  // the message carries no such property
	Value  Value // a String, or a Number where the gate is Typed; Null when Absent
	Expect string
	At     Location
}

func readSchemaVersionGate(o *objReader, typed bool) *SchemaVersionGate {
	sub := o.child("schema_version_gate", false)
	if sub == nil {
		return nil
	}
	g := &SchemaVersionGate{Description: sub.optStr("description"), Property: sub.str("property"),
		Fixture: sub.fileRef("fixture"), Typed: typed, At: sub.loc()}
	names := uniqueNames{}
	taken := map[string]int{}
	readCaseList(sub, func(c *objReader) {
		gc := GateCase{Absent: c.optBool("absent", false), Expect: c.enum("expect", true, GateDecode, GateReject), At: c.loc()}
		gc.Value = readGateValue(c, gc.Absent, typed)
		if gc.Name = c.optStr("name"); gc.Name == "" {
			gc.Name = gateCaseName(gc, taken)
		}
		names.check(o.r, gc.Name, c.at)
		o.r.readByCase(c.at, o.r.fileSize(g.Fixture))
		g.Cases = append(g.Cases, gc)
	})
	sub.unknownMembers("description", "property", "fixture", "cases")
	return g
}

// readGateValue reads a case's value: absent, or present as a string (or a
// number where the broker's properties are typed), never both.
func readGateValue(c *objReader, absent, typed bool) Value {
	v, present := c.member("value", false)
	switch {
	case absent && present:
		c.r.fail(c.at.Child("value"), "a case with \"absent\": true carries no value")
	case absent:
		return NullValue()
	case !present:
		c.r.fail(c.at, "needs a \"value\" or \"absent\": true")
	case v.Kind == String, typed && v.Kind == Number:
		return v
	case typed:
		c.r.fail(c.at.Child("value"), "must be a string or a number, not %s", v.Kind)
	default:
		c.r.fail(c.at.Child("value"), "must be a string (this broker's properties are strings), not %s", v.Kind)
	}
	return NullValue()
}

// gateCaseName makes a stable, readable name for an unnamed gate case from
// its verdict and a visible rendering of its value, so invisible characters
// (U+00A0, U+3000, U+FEFF) still tell two cases apart. A name made twice
// gets " (2)", " (3)" in manifest order: appending cases never renames an
// earlier one. Every language names its test from this one string.
func gateCaseName(c GateCase, taken map[string]int) string {
	name := c.Expect + " " + visibleGateValue(c)
	taken[name]++
	if n := taken[name]; n > 1 {
		return fmt.Sprintf("%s (%d)", name, n)
	}
	return name
}

// visibleGateValue renders a value with nothing invisible: ASCII letters and
// digits stay, every other character is its code point.
func visibleGateValue(c GateCase) string {
	switch {
	case c.Absent:
		return "absent"
	case c.Value.Kind == Number:
		return "number " + c.Value.Text
	case c.Value.Text == "":
		return "empty string"
	}
	// One pass, each run of letters and digits sliced out of the text:
	// a word grown a character at a time was copied whole for each one.
	var parts []string
	text := c.Value.Text
	start := -1 // where the current run of letters and digits began
	for i, r := range text {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			parts, start = append(parts, text[start:i]), -1
		}
		parts = append(parts, fmt.Sprintf("U+%04X", r))
	}
	if start >= 0 {
		parts = append(parts, text[start:])
	}
	return "string " + strings.Join(parts, " ")
}

// AMQPTypes are the AMQP types the case's value is delivered as where the
// broker's properties are typed: a JSON number stands for a native number,
// and an integral one must be exercised at both int32 and int64 width
// ("int", "long"); any other number is a "double". A string or absent value
// has no AMQP type: [""].
func (c GateCase) AMQPTypes() []string {
	if c.Absent || c.Value.Kind != Number {
		return []string{""}
	}
	if _, integral := c.Value.Int64(); integral {
		return []string{"int", "long"}
	}
	return []string{"double"}
}
