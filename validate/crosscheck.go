package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/babelqueue/bqgen/internal/parallel"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/babelqueue/bqgen/protocol"
)

// expectation is one question to the oracle and the judgement of its
// answer: judge returns "" when the oracle agrees with the manifest.
type expectation struct {
	block, name string
	at          model.Location
	op          string
	args        map[string]any
	judge       func(result model.Value) string
}

// crossCheck asks the correct oracle every question the generated tests
// will ask, with the operations and arguments of their protocol (in-process,
// without the JSON-lines framing), and reports each
// expectation it disagrees with by block and case.
func crossCheck(s *model.Suite) model.Problems {
	o, err := oracle.New(oracle.None)
	if err == nil {
		var ds []Disagreement
		if ds, err = Disagreements(s, o); err == nil {
			var out model.Problems
			for _, d := range ds {
				out = append(out, problemAt(d.At, nil, "%s case %q: the oracle disagrees: %s", d.Block, d.Case, d.Message))
			}
			return out
		}
	}
	return model.Problems{{Severity: model.Error, File: model.ManifestFile, Message: "oracle cross-check could not run: " + err.Error()}}
}

// Disagreement is one case whose expectation an oracle does not meet.
type Disagreement struct {
	Block, Case string
	At          model.Location
	Message     string
}

// Disagreements runs every expectation of the suite against o. Against the
// correct oracle it finds manifest mistakes; against a mutant it tells which
// cases a faithful generated test must fail, which `bqgen verify` compares
// with what each language's tests actually did. To ask many oracles, ask
// one Questions of them (QuestionsOf).
func Disagreements(s *model.Suite, o *oracle.Oracle) ([]Disagreement, error) {
	q, err := QuestionsOf(s)
	if err != nil {
		return nil, err
	}
	return q.disagreements(o, nil)
}

// FailingCases counts the distinct cases among disagreements: one case can
// ask the oracle more than one question, but it is one generated test.
func FailingCases(ds []Disagreement) int {
	seen := map[string]bool{}
	for _, d := range ds {
		seen[d.caseKey()] = true
	}
	return len(seen)
}

// FailingCaseKeys names the distinct cases among disagreements, sorted,
// as CaseKeys names them.
func FailingCaseKeys(ds []Disagreement) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range ds {
		if k := d.caseKey(); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// CaseKeys names every case of s that carries an expectation ("block
// pointer name"), sorted: one per generated test.
func CaseKeys(s *model.Suite) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range expectations(s) {
		if k := e.caseKey(); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Cases counts the cases of s that carry an expectation: the number of tests
// every backend generates for s, each of which must pass against the oracle.
func Cases(s *model.Suite) int {
	seen := map[string]bool{}
	for _, e := range expectations(s) {
		seen[e.caseKey()] = true
	}
	return len(seen)
}

// caseKey names one generated test: a case of a block, at its manifest place.
func (d Disagreement) caseKey() string {
	return d.Block + " " + d.At.Pointer.String() + " " + d.Case
}

func (e expectation) caseKey() string {
	return Disagreement{Block: e.block, Case: e.name, At: e.at}.caseKey()
}

func expectations(s *model.Suite) []expectation { return expectationsFor(s, "") }

// expectationsFor is every expectation of s as the generated tests of the
// language tagged lang ask them: its tag goes to the operations whose
// answer carries an SDK's own tag (protocol.Operation.OwnLang), as its
// oracle subject sends it, and is the own tag a producer case expects. An
// empty lang asks as the oracle answers by default (Go's tag).
func expectationsFor(s *model.Suite, lang string) []expectation {
	var out []expectation
	for _, gather := range []func(*model.Suite) []expectation{
		envelopeExpectations, idempotencyExpectations, bindingExpectations,
		payloadExpectations, behaviourExpectations, messagingExpectations,
		func(s *model.Suite) []expectation { return producerExpectations(s, ownTag(lang)) },
	} {
		out = append(out, gather(s)...)
	}
	if lang != "" {
		for i, e := range out {
			if op, ok := protocol.Lookup(e.op); ok && op.OwnLang {
				out[i].args = withArg(e.args, protocol.OwnLangArg, lang)
			}
		}
	}
	return out
}

// ownTag is the tag an oracle asked as lang stamps.
func ownTag(lang string) string {
	if lang == "" {
		return crossCheckLang
	}
	return lang
}

// withArg is a copy of args with key set to value.
func withArg(args map[string]any, key string, value any) map[string]any {
	out := make(map[string]any, len(args)+1)
	for k, v := range args {
		out[k] = v
	}
	out[key] = value
	return out
}

// answer is one response line of the oracle server.
type answer struct {
	OK     bool            `json:"ok"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code, Message string
	} `json:"error"`
}

// ask puts every question to o in-process, with the same operations,
// arguments and answers as the generated tests' protocol, but those that
// unasked (when set) answers for o. The oracle holds no state between
// calls, so the questions are shared out over the machine's cores; answers
// keep the questions' order.
func (q *Questions) ask(o *oracle.Oracle, unasked func(i int) (answer, bool)) ([]answer, error) {
	answers := make([]answer, len(q.exps))
	err := parallel.Each(len(q.exps), func(i int) (err error) {
		if unasked != nil {
			if a, ok := unasked(i); ok {
				answers[i] = a
				return nil
			}
		}
		answers[i], err = askOne(o, q.exps[i].op, q.args[i])
		return err
	})
	if err != nil {
		return nil, err
	}
	return answers, nil
}

// askOne puts one question to o.
func askOne(o *oracle.Oracle, op string, args json.RawMessage) (answer, error) {
	result, err := o.Call(op, args)
	return answerOf(op, result, err)
}

// askConsulting is askOne with the faults o asked about to answer.
func askConsulting(o *oracle.Oracle, op string, args json.RawMessage) (answer, oracle.Consulted, error) {
	result, consulted, err := o.CallConsulting(op, args)
	a, err := answerOf(op, result, err)
	return a, consulted, err
}

// answerOf is the answer of a call that returned result and err.
func answerOf(op string, result json.RawMessage, err error) (answer, error) {
	var opErr *oracle.OpError
	switch {
	case errors.As(err, &opErr):
		return answer{Error: &struct{ Code, Message string }{opErr.Code, opErr.Message}}, nil
	case err != nil:
		return answer{}, fmt.Errorf("%s: %w", op, err)
	}
	return answer{OK: true, Result: result}, nil
}

func judgeAnswer(e expectation, a answer) string {
	if !a.OK {
		if a.Error != nil {
			return fmt.Sprintf("%s failed: %s", e.op, a.Error.Message)
		}
		return e.op + " failed"
	}
	result, err := model.ParseDerived(a.Result)
	if err != nil {
		return fmt.Sprintf("%s answered unreadable JSON: %v", e.op, err)
	}
	return e.judge(result)
}

// raw turns a model value into a value encoding/json writes back verbatim.
func raw(v model.Value) json.RawMessage { return json.RawMessage(v.Compact()) }

// field reads a member of a result, null when absent.
func field(v model.Value, path ...string) model.Value {
	cur := v
	for _, k := range path {
		next, ok := cur.Get(k)
		if !ok {
			return model.NullValue()
		}
		cur = next
	}
	return cur
}

// mismatch describes a value that differs from the expected one.
func mismatch(what string, got, want model.Value) string {
	if got.Equal(want) {
		return ""
	}
	return fmt.Sprintf("%s is %s, the manifest expects %s", what, got.Compact(), want.Compact())
}

func intValue(n int64) model.Value { return model.NumberValue(fmt.Sprint(n)) }

func firstProblem(msgs ...string) string {
	for _, m := range msgs {
		if m != "" {
			return m
		}
	}
	return ""
}
