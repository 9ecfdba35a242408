package model

import "slices"

// argSpec is one argument of a messaging case: its manifest key, the kinds
// it may take, and whether it may be left out (it is then passed as null).
type argSpec struct {
	key      string
	kinds    []Kind
	optional bool
	enum     []string // for a String, the values it may take
}

// expectSpec is one member of a messaging case's expect.
type expectSpec struct {
	key   string
	kinds []Kind
	// mentions: the member may be {"mentions": [strings]} (suites before
	// 1.7.0 named a read error by the words its message holds).
	mentions bool
	// oneOf: the member may be {"one_of": [values]}, each of kinds.
	oneOf bool
	// optional: suites before the member's revision leave it out.
	optional bool
}

// messagingSpec is the shape of a messaging block's cases.
type messagingSpec struct {
	blockArgs []argSpec // read from the block, passed with every case
	args      []argSpec
	expect    []expectSpec
}

var messagingSpecs = map[string]messagingSpec{
	BlockSettlement: {
		args: []argSpec{
			{key: "broker", kinds: []Kind{String}, enum: MessagingBrokers},
			{key: "dead_letter_queue", kinds: []Kind{Bool}},
			{key: "calls", kinds: []Kind{Array}},
		},
		expect: []expectSpec{
			{key: "results", kinds: []Kind{Array}},
			{key: "broker_actions", kinds: []Kind{Array}},
			{key: "redelivered_by", kinds: []Kind{String, Null}},
			{key: "messages_settled", kinds: []Kind{Object}, oneOf: true},
		},
	},
	BlockRowErrors: {
		blockArgs: []argSpec{{key: "type", kinds: []Kind{Object}}},
		args: []argSpec{
			{key: "broker", kinds: []Kind{String}, enum: MessagingBrokers},
			{key: "source", kinds: []Kind{String}},
			{key: "position", kinds: []Kind{String}},
			{key: "message_id", kinds: []Kind{String}},
			{key: "metadata", kinds: []Kind{Object}},
			{key: "body", kinds: []Kind{String}},
			{key: "action", kinds: []Kind{String, Null}, optional: true, enum: []string{"fail", "skip", "dead_letter"}},
			{key: "dead_letter_queue", kinds: []Kind{Bool}},
			{key: "raw_excerpt_length", kinds: []Kind{Number, Null}, optional: true},
		},
		expect: []expectSpec{
			{key: "handed_on", kinds: []Kind{Bool}},
			{key: "read_error", kinds: []Kind{Object, Null}, mentions: true},
			{key: "excerpt", kinds: []Kind{String, Null}, oneOf: true},
			{key: "settlement", kinds: []Kind{String}, oneOf: true},
			{key: "dead_letters", kinds: []Kind{Array}},
			{key: "row_errors", kinds: []Kind{Object}},
			{key: "messages_settled", kinds: []Kind{Object}, oneOf: true, optional: true},
		},
	},
	BlockFailedWrites: {
		args: []argSpec{
			{key: "sink", kinds: []Kind{String}, enum: []string{"message_queue", "sql", "sql_whole_run", "http", "other"}},
			{key: "action", kinds: []Kind{String}, enum: []string{"fail", "requeue", "dead_letter", "skip"}},
			{key: "batches", kinds: []Kind{Array}},
			{key: "refused", kinds: []Kind{Array}},
		},
		expect: []expectSpec{
			{key: "write_fails", kinds: []Kind{Bool}},
			{key: "settlements", kinds: []Kind{Object}},
			{key: "dead_letters", kinds: []Kind{Array}},
			{key: "acknowledged_after", kinds: []Kind{Object}},
		},
	},
}

func readSettlement(r *reader, v Value, at Pointer) {
	r.suite.Settlement = readMessaging(r, v, at, messagingSpecs[BlockSettlement])
}

func readRowErrors(r *reader, v Value, at Pointer) {
	r.suite.RowErrors = readMessaging(r, v, at, messagingSpecs[BlockRowErrors])
}

func readFailedWrites(r *reader, v Value, at Pointer) {
	r.suite.FailedWrites = readMessaging(r, v, at, messagingSpecs[BlockFailedWrites])
}

func readMessaging(r *reader, v Value, at Pointer, spec messagingSpec) *MessagingBlock {
	o := r.object(v, at)
	if o == nil {
		return nil
	}
	b := &MessagingBlock{Description: o.optStr("description"), At: o.loc()}
	var shared []Member
	known := []string{"cases"}
	for _, a := range spec.blockArgs {
		shared = append(shared, Member{Key: a.key, Value: readArg(o, a)})
		known = append(known, a.key)
	}
	sharedBytes := sharedSize(ObjectValue(shared...))
	names := uniqueNames{}
	readCaseList(o, func(c *objReader) {
		r.readByCase(c.at, sharedBytes)
		mc := MessagingCase{Name: c.str("name"), Description: c.optStr("description"), At: c.loc()}
		mc.Args = append(append([]Member{}, shared...), readArgs(c, spec.args)...)
		mc.Expect = readExpectations(c, spec.expect)
		names.check(r, mc.Name, c.at)
		b.Cases = append(b.Cases, mc)
	})
	o.unknownMembers(known...)
	return b
}

func readArgs(c *objReader, specs []argSpec) []Member {
	out := make([]Member, 0, len(specs))
	for _, a := range specs {
		out = append(out, Member{Key: a.key, Value: readArg(c, a)})
	}
	return out
}

// readArg reads one argument, checking its kind and, for a string, its
// allowed values; a missing optional argument is null.
func readArg(c *objReader, a argSpec) Value {
	v, ok := c.member(a.key, !a.optional)
	if !ok {
		return NullValue()
	}
	if !kindIn(v.Kind, a.kinds) {
		c.r.fail(c.at.Child(a.key), "must be %s, not %s", kindList(a.kinds), v.Kind)
		return NullValue()
	}
	if v.Kind == String && len(a.enum) > 0 && !slices.Contains(a.enum, v.Text) {
		c.r.fail(c.at.Child(a.key), "unknown value %q (want one of %s)", v.Text, quoteAll(a.enum))
	}
	return v
}

func readExpectations(c *objReader, specs []expectSpec) []Expectation {
	e := c.child("expect", true)
	if e == nil {
		return nil
	}
	var out []Expectation
	for _, s := range specs {
		v, ok := e.member(s.key, !s.optional)
		if !ok {
			continue
		}
		if exp, ok := readExpectation(e.r, s, v, e.at.Child(s.key)); ok {
			out = append(out, exp)
		}
	}
	return out
}

// readExpectation reads one expected member in whichever of its forms it
// is written: a value, {"one_of": [...]} or {"mentions": [...]}.
func readExpectation(r *reader, s expectSpec, v Value, at Pointer) (Expectation, bool) {
	exp := Expectation{Member: s.key, Value: v}
	switch form := soleKey(v); {
	case s.oneOf && form == "one_of":
		exp.OneOf, exp.Value = readOneOf(r, v, at, s.kinds), Value{}
		return exp, true
	case s.mentions && form == "mentions":
		exp.Mentions, exp.Value = readMentions(r, v, at), Value{}
		return exp, true
	}
	if !kindIn(v.Kind, s.kinds) {
		r.fail(at, "must be %s, not %s", kindList(s.kinds), v.Kind)
		return exp, false
	}
	return exp, true
}

// soleKey is the key of an object with one member, else "".
func soleKey(v Value) string {
	if v.Kind != Object || len(v.Members) != 1 {
		return ""
	}
	return v.Members[0].Key
}

// maxOneOf bounds a one_of list, so that telling its values apart (each
// against the earlier ones) stays small work.
const maxOneOf = 16

// readOneOf reads {"one_of": [values]}: two to maxOneOf values, no two
// equal, each of one of the member's kinds.
func readOneOf(r *reader, v Value, at Pointer, kinds []Kind) []Value {
	list := v.Members[0].Value
	at = at.Child("one_of")
	if list.Kind != Array || len(list.Items) < 2 || len(list.Items) > maxOneOf {
		r.fail(at, "must be a list of 2 to %d values", maxOneOf)
		return []Value{}
	}
	for i, item := range list.Items {
		if !kindIn(item.Kind, kinds) {
			r.fail(at.Index(i), "must be %s, not %s", kindList(kinds), item.Kind)
		}
		for _, earlier := range list.Items[:i] {
			if earlier.Equal(item) {
				r.fail(at.Index(i), "repeats an earlier value")
			}
		}
	}
	return list.Items
}

// readMentions reads {"mentions": ["...", ...]}.
func readMentions(r *reader, v Value, at Pointer) []string {
	o := r.object(v, at)
	mentions := []string{}
	if o == nil {
		return mentions
	}
	o.list("mentions", true, func(item Value, p Pointer) {
		if item.Kind != String || item.Text == "" {
			r.fail(p, "must be a non-empty string")
			return
		}
		mentions = append(mentions, item.Text)
	})
	return mentions
}

func kindIn(k Kind, kinds []Kind) bool { return slices.Contains(kinds, k) }
