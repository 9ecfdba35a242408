// Package protocol is the one definition of the subject protocol: every
// operation a generated test may ask of the implementation under test, with
// its parameters, its result and the records they carry. The oracle server,
// validate's cross-check and every language backend derive from it, so an
// operation is added here once (plus a type mapping in a backend where a new
// Kind appears) and nowhere else.
//
// Names here are wire names (snake_case, as on the JSON-lines protocol of
// docs/subject-protocol.md); each backend computes its own identifiers from
// them with Words.
package protocol

// Kind is the shape of a value crossing the subject interface, the same in
// every language; a backend maps each Kind onto its native type.
type Kind int

// The kinds of the protocol.
const (
	// Envelope is the exact text of an envelope (a suite file's bytes, or
	// what an encoder produced); it is never re-serialised.
	Envelope Kind = iota + 1
	Text
	Integer
	Boolean
	// OptionalText and OptionalInteger may be absent (null on the wire).
	OptionalText
	OptionalInteger
	// JSONObject is a JSON object, compared as JSON.
	JSONObject
	// JSONValue is any JSON value, null included, compared as JSON.
	JSONValue
	TextList
	BooleanList
	// TextMap maps names to strings.
	TextMap
	// Record is one Record of the protocol, named by Type.Record.
	Record
	// OptionalRecord is a Record or absent.
	OptionalRecord
	// RecordList and RecordMap hold Records named by Type.Record.
	RecordList
	RecordMap
)

// Type is the type of a field: a Kind, and the record it carries for the
// record kinds.
type Type struct {
	Kind   Kind
	Record string // for Record, OptionalRecord, RecordList, RecordMap
}

// Field is a named value: an operation's parameter or a record's member.
type Field struct {
	Name string // wire name
	Type Type
	Doc  string // what it holds; empty when the name says it all
}

// RecordType is a structured value the protocol exchanges.
type RecordType struct {
	Name   string // wire-neutral name, CamelCase words ("SQSAttribute")
	Doc    string // a noun phrase: "the outcome of decode"
	Fields []Field
}

// Result is where an operation's answer sits in the wire result object:
// either one member of it (Member, e.g. "attempts") holding a value of Type,
// or the whole object, when Member is empty and Type is a Record.
type Result struct {
	Member string
	Type   Type
}

// Operation is one subject operation.
type Operation struct {
	Name string // wire name, e.g. "sqs_reconcile"
	// Transport is the broker block whose transport package provides the
	// operation, or empty for an operation of the core SDK.
	Transport string
	// Since is the suite revision (CONFORMANCE_VERSION) with which bqgen
	// added the operation. A scaffold written before it has no mapping for
	// the operation, and the generated default says so with this revision.
	Since string
	// Blocks are the core blocks whose generated tests call the operation;
	// a transport operation is called by its Transport block alone (see
	// CalledBy).
	Blocks []string
	// Doc says what the operation does as a verb phrase in the third
	// person ("decodes envelope with the consumer API ..."), so each
	// language can start it with its own method name or capitalise it.
	Doc    string
	Params []Field
	Result Result
	// OwnLang marks an operation whose result carries the SDK's own
	// language tag (meta.lang of what it writes). An SDK knows its tag; the
	// oracle answers for every language, so an oracle subject adds its
	// target's tag to the request as "lang" (see OwnLangArg) and the oracle
	// stamps that one.
	OwnLang bool
}

// OwnLangArg is the request member an oracle subject adds to an OwnLang
// operation: the language tag its generated tests expect.
const OwnLangArg = "lang"

// Lookup returns the operation named name, among Capabilities and
// Operations.
func Lookup(name string) (Operation, bool) {
	for _, op := range All() {
		if op.Name == name {
			return op, true
		}
	}
	return Operation{}, false
}

// All is Capabilities followed by Operations: every operation the oracle
// server answers, in protocol order.
func All() []Operation {
	return append([]Operation{Capabilities}, Operations...)
}

// LookupRecord returns the record type named name.
func LookupRecord(name string) (RecordType, bool) {
	for _, r := range Records {
		if r.Name == name {
			return r, true
		}
	}
	return RecordType{}, false
}

// CalledBy is the blocks whose generated tests call op.
func (op Operation) CalledBy() []string {
	if op.Transport != "" {
		return []string{op.Transport}
	}
	return op.Blocks
}

// Param returns the parameter named name.
func (op Operation) Param(name string) (Field, bool) {
	for _, p := range op.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Field{}, false
}

// A Trait is a property of how a language's own values hold JSON, which some
// bugs need in order to exist: a mutant that plants a bug a language's values
// cannot carry is no bug that language's tests can be asked to catch.
type Trait string

// IntegralFloatSpelling: the language keeps a number written 1.0 apart from
// one written 1 (Java's Double and Long, Python's float and int). JavaScript
// cannot: JSON.parse("1.0") === 1, so no Node SDK can tell them apart.
const IntegralFloatSpelling Trait = "integral-float-spelling"
