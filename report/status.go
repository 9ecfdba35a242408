package report

// Statuses lists every status in the order reports show them: columns of
// the per-block tables, the JSON's counts.
var Statuses = []Status{Passed, Failed, KnownFailure, NotProvided, Exempted, Skipped, NotRun, NotGenerated}

// Word is how a report spells the status for a reader.
func (s Status) Word() string {
	switch s {
	case KnownFailure:
		return "known failure"
	case NotProvided:
		return "not provided"
	case NotRun:
		return "not run"
	case NotGenerated:
		return "not generated"
	}
	return string(s)
}

// Symbol goes with the word, never instead of it: a status is never told by
// a symbol or a colour alone.
func (s Status) Symbol() string {
	switch s {
	case Passed:
		return "✓"
	case Failed:
		return "✗"
	case KnownFailure:
		return "⚠"
	case NotProvided:
		return "∅"
	case Exempted:
		return "⊘"
	case Skipped:
		return "↷"
	case NotRun:
		return "?"
	}
	return "—"
}

// Label is the symbol and the word, as a matrix cell shows a status.
func (s Status) Label() string { return s.Symbol() + " " + s.Word() }
