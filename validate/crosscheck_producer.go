package validate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// crossCheckLang is the language tag the oracle stamps when a question
// sends no protocol.OwnLangArg: the Go SDK's.
const crossCheckLang = "go"

// producerExpectations asks new_message or dead_letter for each producer case
// and judges what the oracle wrote by the case's expect, as a generated
// test does (one envelope: the distinctness across two makes is the
// generated tests' to see).
func producerExpectations(s *model.Suite, lang string) []expectation {
	if s.Producer == nil {
		return nil
	}
	var out []expectation
	for _, c := range s.Producer.Cases {
		c := c
		e := expectation{block: model.BlockProducer, name: c.Name, at: c.At,
			judge: func(r model.Value) string { return judgeProduced(c.Expect, lang, r) }}
		if c.Mode == model.ProducerMake {
			e.op, e.args = protocol.NewMessage.Name, map[string]any{"urn": c.URN, "queue": c.Queue, "data": raw(c.Data), "trace_id": c.TraceID}
		} else {
			e.op, e.args = protocol.DeadLetter.Name, map[string]any{"envelope": string(s.Fixture(c.File)), "reason": c.Reason,
				"original_queue": c.OriginQueue, "error": c.Error}
		}
		out = append(out, e)
	}
	return out
}

// judgeProduced checks one written envelope against every clause of x.
func judgeProduced(x model.ProducerExpect, lang string, r model.Value) string {
	doc, msg := encodedDoc(r)
	if msg != "" {
		return msg
	}
	res := model.NewResolver(doc)
	var msgs []string
	for _, t := range x.Types {
		msgs = append(msgs, judgeType(res, t))
	}
	for _, e := range x.Equal {
		got, _ := res.Resolve(e.Pointer)
		if !got.Equal(e.Value) {
			msgs = append(msgs, fmt.Sprintf("%s is %s, the manifest expects %s", e.Pointer, described(got), e.Value.Compact()))
		}
	}
	for _, p := range x.OwnLang {
		got, _ := res.Resolve(p)
		msgs = append(msgs, mismatch(p.String(), got, model.StringValue(lang)))
	}
	for _, p := range x.NowMillis {
		msgs = append(msgs, judgeMillis(res, p))
	}
	msgs = append(msgs, judgeFreshIDs(res, x.FreshIDs, givenStrings(x.Equal)))
	for _, p := range x.Absent {
		if got, ok := res.Resolve(p); ok {
			msgs = append(msgs, fmt.Sprintf("%s is %s, the manifest expects it absent", p, got.Compact()))
		}
	}
	return firstProblem(msgs...)
}

// judgeType checks the JSON type at a pointer; integer is an integral
// number and number admits one (draft-07).
func judgeType(res *model.Resolver, t model.PointerType) string {
	got, ok := res.Resolve(t.Pointer)
	if !ok {
		return fmt.Sprintf("%s is absent, the manifest expects a %s", t.Pointer, t.Type)
	}
	if jsonTypeIs(got, t.Type) {
		return ""
	}
	return fmt.Sprintf("%s is %s, the manifest expects a %s", t.Pointer, got.Compact(), t.Type)
}

// jsonTypeIs reports whether v is of the JSON Schema type name.
func jsonTypeIs(v model.Value, name string) bool {
	switch name {
	case "integer":
		return v.Kind == model.Number && v.IsInteger()
	case "number":
		return v.Kind == model.Number
	case "string":
		return v.Kind == model.String
	case "object":
		return v.Kind == model.Object
	case "array":
		return v.Kind == model.Array
	case "boolean":
		return v.Kind == model.Bool
	}
	return v.Kind == model.Null
}

// earliestMillis is 2001-09-09 in Unix milliseconds: any time in seconds
// today is far below it. validate's oracle may replay a stopped clock, so
// "now" is checked as milliseconds no later than a day from now.
const earliestMillis = 1_000_000_000_000

func judgeMillis(res *model.Resolver, p model.Pointer) string {
	got, _ := res.Resolve(p)
	n, ok := got.Int64()
	latest := time.Now().Add(24 * time.Hour).UnixMilli()
	if got.Kind != model.Number || !ok || n < earliestMillis || n > latest {
		return fmt.Sprintf("%s is %s, the manifest expects the time now in Unix milliseconds", p, got.Compact())
	}
	return ""
}

var uuidText = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// givenStrings are the string values the case gives (a kept trace id): a
// fresh id is one the producer made, so it is none of them. The generated
// tests make two envelopes and see a reused value twice; one answer shows
// it here.
func givenStrings(equal []model.PreservedValue) map[string]model.Pointer {
	out := map[string]model.Pointer{}
	for _, e := range equal {
		if e.Value.Kind == model.String {
			out[e.Value.Text] = e.Pointer
		}
	}
	return out
}

// judgeFreshIDs checks each pointer holds a UUID and no two are alike, nor
// any of the given values.
func judgeFreshIDs(res *model.Resolver, ps []model.Pointer, seen map[string]model.Pointer) string {
	for _, p := range ps {
		got, _ := res.Resolve(p)
		if got.Kind != model.String || !uuidText.MatchString(got.Text) {
			return fmt.Sprintf("%s is %s, the manifest expects a fresh UUID", p, described(got))
		}
		if other, dup := seen[got.Text]; dup {
			return fmt.Sprintf("%s and %s are the same id, the manifest expects fresh ids", other, p)
		}
		seen[got.Text] = p
	}
	return ""
}

// described is a written value for a message. A fresh id is new on every
// call, so its hex digits are shown as x: the same fault gives the same
// message on every run (validate compares runs' findings).
func described(v model.Value) string {
	if v.Kind != model.String || len(v.Text) < 16 || strings.Trim(v.Text, "0123456789abcdefABCDEF-") != "" {
		return v.Compact()
	}
	return strconv.Quote(hexDigit.ReplaceAllString(v.Text, "x"))
}

var hexDigit = regexp.MustCompile(`[0-9a-fA-F]`)
