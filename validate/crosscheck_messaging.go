package validate

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// messagingExpectations asks the messaging blocks' operations about every
// case: the case's arguments as they are, each expected result member
// judged by deep equality (or by equality to one of the values a
// one_of allows), or, for an error message, by what it mentions.
func messagingExpectations(s *model.Suite) []expectation {
	var out []expectation
	for _, b := range []struct {
		name  string
		op    protocol.Operation
		block *model.MessagingBlock
	}{
		{model.BlockSettlement, protocol.Settle, s.Settlement},
		{model.BlockRowErrors, protocol.ReadMessage, s.RowErrors},
		{model.BlockFailedWrites, protocol.WriteMessages, s.FailedWrites},
	} {
		if b.block == nil {
			continue
		}
		for _, c := range b.block.Cases {
			args := map[string]any{}
			for _, a := range c.Args {
				args[a.Key] = raw(a.Value)
			}
			out = append(out, expectation{block: b.name, name: c.Name, at: c.At, op: b.op.Name, args: args,
				judge: func(r model.Value) string { return judgeMessaging(r, c.Expect) }})
		}
	}
	return out
}

func judgeMessaging(r model.Value, expect []model.Expectation) string {
	for _, e := range expect {
		got := field(r, e.Member)
		if e.OneOf != nil {
			if msg := notOneOf(e.Member, got, e.OneOf); msg != "" {
				return msg
			}
			continue
		}
		if e.Mentions == nil {
			if msg := mismatch(e.Member, got, e.Value); msg != "" {
				return msg
			}
			continue
		}
		message := field(got, "message")
		if message.Kind != model.String {
			return fmt.Sprintf("%s is %s, the manifest expects an error message", e.Member, got.Compact())
		}
		for _, m := range e.Mentions {
			if !strings.Contains(message.Text, m) {
				return fmt.Sprintf("%s message %q does not mention %q", e.Member, message.Text, m)
			}
		}
	}
	return ""
}

// notOneOf says how got differs from every value the manifest allows.
func notOneOf(member string, got model.Value, allowed []model.Value) string {
	for _, v := range allowed {
		if got.Equal(v) {
			return ""
		}
	}
	list := make([]string, len(allowed))
	for i, v := range allowed {
		list[i] = v.Compact()
	}
	return fmt.Sprintf("%s is %s, the manifest expects one of %s", member, got.Compact(), strings.Join(list, ", "))
}
