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
	// mentions: the member is {"mentions": [strings]} or null.
	mentions bool
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
			{key: "messages_settled", kinds: []Kind{Object}},
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
			{key: "excerpt", kinds: []Kind{String, Null}},
			{key: "settlement", kinds: []Kind{String}},
			{key: "dead_letters", kinds: []Kind{Array}},
			{key: "row_errors", kinds: []Kind{Object}},
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
		v, ok := e.member(s.key, true)
		if !ok {
			continue
		}
		if !kindIn(v.Kind, s.kinds) {
			e.r.fail(e.at.Child(s.key), "must be %s, not %s", kindList(s.kinds), v.Kind)
			continue
		}
		exp := Expectation{Member: s.key, Value: v}
		if s.mentions && v.Kind == Object {
			exp.Mentions = readMentions(e.r, v, e.at.Child(s.key))
			exp.Value = Value{}
		}
		out = append(out, exp)
	}
	return out
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
