package model

// The messaging blocks lock what a consumer does with a message, over the
// shared messaging layer of the broker connectors: settle-once
// acknowledgement (settlement), messages whose body is not a valid T
// (row_errors) and how a sink settles what it wrote (failed_writes).
// Their cases have one shape: the operation's arguments, by wire name, and
// the expected members of its result.

// Block names of the messaging blocks.
const (
	BlockSettlement   = "settlement"
	BlockRowErrors    = "row_errors"
	BlockFailedWrites = "failed_writes"
)

// MessagingBlock is one of the messaging blocks.
type MessagingBlock struct {
	Description string
	Cases       []MessagingCase
	At          Location
}

// MessagingCase is one case: Args are the operation's arguments in the
// order the manifest gives them (block-level arguments, such as row_errors'
// type, included); Expect are the result members it must return.
type MessagingCase struct {
	Name, Description string
	Args              []Member
	Expect            []Expectation
	At                Location
}

// Expectation is one member of an operation's result: equal to Value; or,
// where OneOf is set, equal to one of those values (where the specification
// leaves the choice to each broker or SDK, the case lists every reading it
// allows); or, where Mentions is set, a text that contains each of them (an
// error message, in suites before 1.7.0).
type Expectation struct {
	Member   string
	Value    Value    // when OneOf and Mentions are nil; may be null
	OneOf    []Value  // the values the member may equal, two or more
	Mentions []string // the strings the member must contain
}

// Arg returns the argument named name.
func (c MessagingCase) Arg(name string) (Value, bool) {
	for _, m := range c.Args {
		if m.Key == name {
			return m.Value, true
		}
	}
	return Value{}, false
}
