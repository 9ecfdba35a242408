package model

// BlockProducer is the block of what an SDK writes: a new envelope checked
// whole, and the dead_letter block it adds (suite 1.6.0).
const BlockProducer = "producer"

// The producer modes: what the SDK is asked to write.
const (
	// ProducerMake builds a new envelope with the producer API, twice.
	ProducerMake = "make"
	// ProducerDeadLetter dead-letters a fixture with the dead-letter API.
	ProducerDeadLetter = "dead_letter"
)

// Producer is the "producer" block.
type Producer struct {
	Cases []ProducerCase
}

// ProducerCase is one producer case: a make case (URN, Queue, Data and,
// when given, TraceID) or a dead_letter case (File, Reason, OriginQueue,
// Error), and what the emitted envelope must hold.
type ProducerCase struct {
	Name        string
	Description string
	Mode        string
	URN         string
	Queue       string
	Data        Value
	TraceID     *string // trace_id given to the producer; nil: none given
	File        string
	Reason      string
	OriginQueue string  // original_queue
	Error       *string // error; nil: none given
	Expect      ProducerExpect
	At          Location
}

// ProducerExpect is what the emitted envelope must hold, each a list of
// RFC 6901 pointers into it.
type ProducerExpect struct {
	Types     []PointerType    // types: the JSON type at each pointer
	Equal     []PreservedValue // equal: a value deep-equal to the given one
	OwnLang   []Pointer        // own_lang: the SDK's own language tag
	NowMillis []Pointer        // now_millis: Unix ms inside the test's clock readings
	FreshIDs  []Pointer        // fresh_ids: UUIDs, no two alike across two makes
	Absent    []Pointer        // absent: no value
}

// PointerType is one member of expect.types.
type PointerType struct {
	Pointer Pointer
	Type    string // a JSON Schema type name: "integer" is an integral number
}

// JSONTypes are the type names expect.types may use.
var JSONTypes = []string{"object", "array", "string", "number", "integer", "boolean", "null"}
