package validate

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/babelqueue/bqgen/internal/parallel"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
)

// Questions are a suite's expectations with their arguments encoded once,
// to put to many oracles: verify asks each of the oracle's faults every one
// of them (verify.MutantsOf).
type Questions struct {
	exps []expectation
	args []json.RawMessage

	// The correct oracle's answers and their judgements, taken the first
	// time an oracle is asked: a mutant answers most questions as it does,
	// and the same answer to the same question gets the same judgement.
	correctOnce sync.Once
	correct     []judged
	correctErr  error
}

// judged is one answer of the correct oracle, what judgeAnswer said of
// it, and the faults the oracle asked about to answer it.
type judged struct {
	answer    answer
	verdict   string
	consulted oracle.Consulted
}

// QuestionsOf is every expectation of s, ready to ask.
func QuestionsOf(s *model.Suite) (*Questions, error) { return questionsOf(expectations(s)) }

// QuestionsFor is every expectation of s as the generated tests of the
// language tagged lang ask them (expectationsFor): the mutants that stamp
// an SDK's own tag fail a different set of cases in each language.
func QuestionsFor(s *model.Suite, lang string) (*Questions, error) {
	return questionsOf(expectationsFor(s, lang))
}

func questionsOf(exps []expectation) (*Questions, error) {
	q := &Questions{exps: exps, args: make([]json.RawMessage, len(exps))}
	for i, e := range exps {
		args, err := json.Marshal(e.args)
		if err != nil {
			return nil, err
		}
		q.args[i] = args
	}
	return q, nil
}

// Disagreements is Disagreements(s, o) for the suite q was made of. The
// first call also asks the correct oracle, whose judged answers every call
// reuses where o answers alike: o is not asked the questions whose correct
// answer never asked about its fault (oracle.Consulted), and an answer the
// same as the correct one keeps its verdict.
func (q *Questions) Disagreements(o *oracle.Oracle) ([]Disagreement, error) {
	if len(q.exps) == 0 {
		return nil, nil
	}
	correct, err := q.correctAnswers()
	if err != nil {
		return nil, err
	}
	return q.disagreements(o, correct)
}

// disagreements asks o the questions and judges its answers, taking the
// verdict of known's answer to the same question where o's is the same,
// and known's answer where its run never asked about o's fault.
func (q *Questions) disagreements(o *oracle.Oracle, known []judged) ([]Disagreement, error) {
	var unasked func(i int) (answer, bool)
	if known != nil {
		unasked = func(i int) (answer, bool) {
			return known[i].answer, !known[i].consulted.Has(o.Fault())
		}
	}
	answers, err := q.ask(o, unasked)
	if err != nil {
		return nil, err
	}
	var out []Disagreement
	for i, e := range q.exps {
		var verdict string
		if known != nil && sameAnswer(answers[i], known[i].answer) {
			verdict = known[i].verdict
		} else {
			verdict = judgeAnswer(e, answers[i])
		}
		if verdict != "" {
			out = append(out, Disagreement{Block: e.block, Case: e.name, At: e.at, Message: verdict})
		}
	}
	return out, nil
}

// correctAnswers asks the correct oracle every question, once.
func (q *Questions) correctAnswers() ([]judged, error) {
	q.correctOnce.Do(func() {
		o, err := oracle.New(oracle.None)
		if err != nil {
			q.correctErr = err
			return
		}
		q.correct = make([]judged, len(q.exps))
		q.correctErr = parallel.Each(len(q.exps), func(i int) error {
			a, consulted, err := askConsulting(o, q.exps[i].op, q.args[i])
			q.correct[i] = judged{answer: a, verdict: judgeAnswer(q.exps[i], a), consulted: consulted}
			return err
		})
	})
	return q.correct, q.correctErr
}

// sameAnswer reports whether a and b are the same answer, byte for byte.
func sameAnswer(a, b answer) bool {
	switch {
	case a.OK != b.OK || (a.Error == nil) != (b.Error == nil):
		return false
	case a.Error != nil && *a.Error != *b.Error:
		return false
	}
	return bytes.Equal(a.Result, b.Result)
}
