package java

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
)

// ownLang is the language tag a Java SDK stamps (the schema's meta.lang
// enum).
const ownLang = "java"

// producerClass is the test class of the "producer" block (suite 1.6.0).
type producerClass struct {
	classHead
	Tests []producerTest
}

// producerTest makes an envelope twice (Make) or dead-letters a fixture,
// then checks every clause of the case.
type producerTest struct {
	Method   method
	Make     bool
	Call     string   // the subject call that writes, a Java expression
	Checks   []string // the clauses but fresh_ids, one assertion each on "written"
	FreshIDs string   // make: the assertFreshIds statement
}

func buildProducerClass(s *model.Suite, c *common) (testFile, error) {
	cases := s.Producer.Cases
	if len(cases) == 0 {
		return testFile{}, nil
	}
	names, docs := make([]string, len(cases)), make([]string, len(cases))
	for i, pc := range cases {
		names[i], docs[i] = pc.Name, pc.Description
	}
	methods := newMethods(c, model.BlockProducer, names, docs...)
	cls := producerClass{classHead: newClassHead(s, c, model.BlockProducer)}
	jb := newJSONBuilder()
	for i, pc := range cases {
		t, err := newProducerTest(methods[i], pc, jb)
		if err != nil {
			return testFile{}, fmt.Errorf("case %q: %w", pc.Name, err)
		}
		cls.Tests = append(cls.Tests, t)
	}
	cls.JSONImports = jb.imports()
	return cls.file(cls), nil
}

// writtenDecl begins the statement that parses what a call wrote.
const writtenDecl = "ConformanceJson written = parseJson("

// loopStart is the column of a statement in the loop over the two makes:
// a block indent further than a statement of the method.
const loopStart = bodyStart + 4

func newProducerTest(m method, pc model.ProducerCase, jb *jsonBuilder) (producerTest, error) {
	t := producerTest{Method: m, Make: pc.Mode == model.ProducerMake}
	col := bodyStart
	if t.Make {
		col = loopStart
		t.Call = jb.jsonCall(col+len(writtenDecl), len("));"), "subject.newMessage",
			[]string{javaString(pc.URN), javaString(pc.Queue)}, pc.Data, []string{optionalString(pc.TraceID)})
		ids := make([]string, len(pc.Expect.FreshIDs))
		for i, p := range pc.Expect.FreshIDs {
			ids[i] = javaString(p.String())
		}
		t.FreshIDs = statement("assertFreshIds", append([]string{"made"}, ids...)...)
	} else {
		t.Call = fill(col+len(writtenDecl), "subject.deadLetter(", []string{"fixture(" + javaString(pc.File) + ")",
			javaString(pc.Reason), javaString(pc.OriginQueue), optionalString(pc.Error)}, ")", len("));"), bodyIndent)
	}
	t.Checks = writtenChecks(pc.Expect, jb, col)
	return t, nil
}

// optionalString is a Java string literal, or null.
func optionalString(s *string) string {
	if s == nil {
		return "null"
	}
	return javaString(*s)
}

// writtenChecks are the assertions of every clause but the fresh ids on
// the parsed envelope "written" (between the clock readings before and
// after), statements starting at column col.
func writtenChecks(x model.ProducerExpect, jb *jsonBuilder, col int) []string {
	var out []string
	for _, t := range x.Types {
		out = append(out, statementAt(col, "assertJsonType", javaString(t.Type), "written", javaString(t.Pointer.String())))
	}
	for _, e := range x.Equal {
		out = append(out, jb.statementAt(col, "assertPointerHolds", nil, e.Value, "written", javaString(e.Pointer.String())))
	}
	for _, p := range x.OwnLang {
		out = append(out, statementAt(col, "assertOwnLang", "written", javaString(p.String())))
	}
	for _, p := range x.NowMillis {
		out = append(out, statementAt(col, "assertNowMillis", "written", javaString(p.String()), "before", "after"))
	}
	for _, p := range x.Absent {
		out = append(out, statementAt(col, "assertPointerAbsent", "written", javaString(p.String())))
	}
	return out
}

// produceIdentitySub is the redis block's produce-side sub-block (1.6.0).
const produceIdentitySub = "produce_identity"

// produceIdentityTest is redis.produce_identity: the publisher's stored
// element for a new message.
type produceIdentityTest struct {
	Method method
	Call   string   // the subject.redisProduce call
	Checks []string // the assertions on "element"
}

func newProduceIdentityTest(p *model.ProduceIdentity, m method) (*produceIdentityTest, []string, error) {
	jb := newJSONBuilder()
	t := &produceIdentityTest{Method: m,
		Call: jb.jsonCall(bodyStart+len("RedisProduced produced = "), len(";"), "subject.redisProduce",
			[]string{javaString(p.URN), javaString(p.Queue)}, p.Data, []string{javaString(p.TraceID)})}
	for _, e := range []model.PreservedValue{
		{Pointer: model.Pointer{"job"}, Value: model.StringValue(p.URN)},
		{Pointer: model.Pointer{"trace_id"}, Value: model.StringValue(p.TraceID)},
		{Pointer: model.Pointer{"data"}, Value: p.Data},
		{Pointer: model.Pointer{"meta", "queue"}, Value: model.StringValue(p.Queue)},
	} {
		t.Checks = append(t.Checks, jb.statement("assertPointerHolds", nil, e.Value, "element", javaString(e.Pointer.String())))
	}
	return t, jb.imports(), nil
}
