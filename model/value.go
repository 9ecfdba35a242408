package model

import (
	"math/big"
	"strconv"
	"strings"
)

// Kind is the JSON type of a Value. The contract tells every kind apart:
// true is not 1, {} is not [], null is not absent.
type Kind int

// The JSON kinds, in the order RFC 8259 lists them.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// String names the kind as JSON Schema does ("object", "array", ...).
func (k Kind) String() string { return kindNames[k] }

// Value is a JSON value that keeps everything encoding/json into `any` loses:
// the exact text of a number, the order of an object's members, and the
// difference between integer and float spellings.
type Value struct {
	Kind    Kind
	Bool    bool     // for Bool
	Text    string   // for Number: the literal as written; for String: the decoded string
	Items   []Value  // for Array
	Members []Member // for Object, in document order
	Offset  int64    // byte offset of the value in its source, for error positions
}

// Member is one key/value pair of an object.
type Member struct {
	Key   string
	Value Value
}

// Get returns the member named key of an object.
func (v Value) Get(key string) (Value, bool) {
	if v.Kind != Object {
		return Value{}, false
	}
	for _, m := range v.Members {
		if m.Key == key {
			return m.Value, true
		}
	}
	return Value{}, false
}

// Has reports whether an object has a member named key.
func (v Value) Has(key string) bool {
	_, ok := v.Get(key)
	return ok
}

// IsInteger reports whether a number is written without fraction or exponent,
// the spelling the contract uses for counters and ids.
func (v Value) IsInteger() bool {
	return v.Kind == Number && !strings.ContainsAny(v.Text, ".eE")
}

// Int64 returns an integer number that fits in 64 bits.
func (v Value) Int64() (int64, bool) {
	if !v.IsInteger() {
		return 0, false
	}
	n, err := strconv.ParseInt(v.Text, 10, 64)
	return n, err == nil
}

// Rat returns the exact value of a number; JSON numbers are finite decimals.
func (v Value) Rat() *big.Rat {
	r, ok := new(big.Rat).SetString(v.Text)
	if !ok {
		return new(big.Rat)
	}
	return r
}

// Equal is the spec's "same value": JSON deep equality with type
// distinction. Numbers compare by exact value (1 equals 1.0, as in JSON
// Schema), object member order does not matter, everything else must match.
func (v Value) Equal(w Value) bool {
	if v.Kind != w.Kind {
		return false
	}
	switch v.Kind {
	case Null:
		return true
	case Bool:
		return v.Bool == w.Bool
	case Number:
		return v.Rat().Cmp(w.Rat()) == 0
	case String:
		return v.Text == w.Text
	case Array:
		return itemsEqual(v.Items, w.Items)
	default:
		return membersEqual(v, w)
	}
}

func itemsEqual(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

func membersEqual(v, w Value) bool {
	if len(v.Members) != len(w.Members) {
		return false
	}
	get := w.Lookup()
	for _, m := range v.Members {
		other, ok := get(m.Key)
		if !ok || !m.Value.Equal(other) {
			return false
		}
	}
	return true
}

// Lookup returns Get for an object, indexed when the object is large: one
// Get scans the members, so a loop of Gets over a large object would be
// quadratic in its size. A suite's keys are unique (Parse refuses
// duplicates); with duplicates, the first wins, as in Get.
func (v Value) Lookup() func(key string) (Value, bool) {
	if len(v.Members) <= 8 {
		return v.Get
	}
	index := make(map[string]Value, len(v.Members))
	for i := len(v.Members) - 1; i >= 0; i-- {
		index[v.Members[i].Key] = v.Members[i].Value
	}
	return func(key string) (Value, bool) {
		m, ok := index[key]
		return m, ok
	}
}

// Keys returns an object's keys in document order.
func (v Value) Keys() []string {
	keys := make([]string, len(v.Members))
	for i, m := range v.Members {
		keys[i] = m.Key
	}
	return keys
}

// StringValue makes a JSON string.
func StringValue(s string) Value { return Value{Kind: String, Text: s} }

// NumberValue makes a JSON number from its literal text.
func NumberValue(text string) Value { return Value{Kind: Number, Text: text} }

// BoolValue makes a JSON boolean.
func BoolValue(b bool) Value { return Value{Kind: Bool, Bool: b} }

// NullValue makes JSON null.
func NullValue() Value { return Value{Kind: Null} }

// ObjectValue makes a JSON object from members in order.
func ObjectValue(members ...Member) Value { return Value{Kind: Object, Members: members} }

// ArrayValue makes a JSON array.
func ArrayValue(items ...Value) Value { return Value{Kind: Array, Items: items} }
