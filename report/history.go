package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// History is the file --history keeps: one entry per report, oldest first.
// It holds statuses only (no messages, no times), so it grows by little
// and stays byte-identical for identical reports.
type History struct {
	Format  int            `json:"bqgen_history"` // historyFormat
	Entries []HistoryEntry `json:"entries"`
}

const historyFormat = 1

// HistoryEntry is one report's statuses.
type HistoryEntry struct {
	SDKs []HistorySDK `json:"sdks"`
	// Changes records what changed from the entry before it that a status
	// does not show: cases removed, expectations changed, targets added and
	// dropped, and the suite versions on both sides. Absent in the first
	// entry and in entries an older bqgen wrote.
	Changes *EntryChanges `json:"changes,omitempty"`
}

// EntryChanges is the part of Changes a history entry keeps.
type EntryChanges struct {
	FromSuite           string       `json:"from_suite"`
	ToSuite             string       `json:"to_suite"`
	RemovedCases        []CaseChange `json:"removed_cases"`
	ChangedExpectations []CaseChange `json:"changed_expectations"`
	AddedSDKs           []string     `json:"added_sdks"`
	RemovedSDKs         []string     `json:"removed_sdks"`
}

// HistorySDK is one SDK target's statuses in an entry, by case id.
type HistorySDK struct {
	Repository         string            `json:"repository"`
	Target             string            `json:"target"`
	ConformanceVersion string            `json:"conformance_version"`
	Statuses           map[string]Status `json:"statuses"`
	// Expectations are the expectation digests of its cases, by case id
	// (absent in entries an older bqgen wrote: nothing is then said about
	// their expectations).
	Expectations map[string]string `json:"expectations,omitempty"`
}

// ReadHistory reads a history file; a file that is not one is an error
// naming it and the place.
func ReadHistory(name string, data []byte) (History, error) {
	var h History
	if err := json.Unmarshal(data, &h); err != nil {
		return History{}, fmt.Errorf("%s: %s", name, jsonError(data, err))
	}
	if h.Format != historyFormat {
		return History{}, fmt.Errorf("%s: not a bqgen report history (bqgen_history is %d, want %d)", name, h.Format, historyFormat)
	}
	if err := h.checkStatuses(); err != nil {
		return History{}, fmt.Errorf("%s: %w", name, err)
	}
	return h, nil
}

// checkStatuses refuses a status that is none of bqgen's: a history is
// input (a pull request can edit it), and its statuses reach the reports.
func (h History) checkStatuses() error {
	for i, e := range h.Entries {
		for j, s := range e.SDKs {
			for _, id := range sortedKeys(s.Statuses) {
				if st := s.Statuses[id]; !st.known() {
					return fmt.Errorf("entries[%d].sdks[%d] (%s): case %q has status %q, which is none of bqgen's (%s)",
						i, j, SDKName(s.Repository, s.Target), id, st, statusList())
				}
			}
		}
	}
	return nil
}

// Append is h with r's statuses as its newest entry, which records what
// changed since the entry before it.
func (h History) Append(r Report) History {
	e := HistoryEntry{SDKs: []HistorySDK{}}
	if ch := Diff(h, r); ch != nil {
		e.Changes = &EntryChanges{FromSuite: ch.FromSuite, ToSuite: ch.ToSuite, RemovedCases: ch.RemovedCases,
			ChangedExpectations: ch.ChangedExpectations, AddedSDKs: ch.AddedSDKs, RemovedSDKs: ch.RemovedSDKs}
	}
	for _, s := range r.SDKs {
		hs := HistorySDK{Repository: s.Repository, Target: s.Target, ConformanceVersion: s.ConformanceVersion, Statuses: map[string]Status{}, Expectations: s.Expectations}
		for id, res := range s.Results {
			hs.Statuses[id] = res.Status
		}
		e.SDKs = append(e.SDKs, hs)
	}
	return History{Format: historyFormat, Entries: append(append([]HistoryEntry{}, h.Entries...), e)}
}

// Recorded is one entry's recorded changes, with its place in the history.
type Recorded struct {
	Entry   int          `json:"entry"` // 1 for the oldest entry
	Changes EntryChanges `json:"changes"`
}

// earlierKept is how many entries' changes a report lists besides its
// own: a history grows by one entry a run, a job summary should not.
const earlierKept = 10

// earlier is what Log lists that changed a suite or the targets (status
// changes are each report's own), the newest earlierKept.
func (h History) earlier() []Recorded {
	var out []Recorded
	for _, r := range h.Log() {
		c := r.Changes
		if len(c.RemovedCases)+len(c.ChangedExpectations)+len(c.AddedSDKs)+len(c.RemovedSDKs) == 0 {
			continue
		}
		if out = append(out, r); len(out) == earlierKept {
			break
		}
	}
	return out
}

// Log is every change the entries record, newest first: what a reader
// of the history asks first is what changed last.
func (h History) Log() []Recorded {
	var out []Recorded
	for i := len(h.Entries) - 1; i >= 0; i-- {
		if c := h.Entries[i].Changes; c != nil {
			out = append(out, Recorded{Entry: i + 1, Changes: *c})
		}
	}
	return out
}

// Last is the newest entry, or nil for an empty history.
func (h History) Last() *HistoryEntry {
	if len(h.Entries) == 0 {
		return nil
	}
	return &h.Entries[len(h.Entries)-1]
}

// Encode is the history file's content: deterministic, indented JSON.
func (h History) Encode() ([]byte, error) {
	h.Format = historyFormat
	if h.Entries == nil {
		h.Entries = []HistoryEntry{}
	}
	return encodeJSON(h)
}

// encodeJSON writes v indented, "<" and "&" in names left readable.
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// known says whether s is one of Statuses.
func (s Status) known() bool {
	for _, st := range Statuses {
		if s == st {
			return true
		}
	}
	return false
}

// statusList is every status, as a message lists them.
func statusList() string {
	words := make([]string, len(Statuses))
	for i, st := range Statuses {
		words[i] = string(st)
	}
	return strings.Join(words, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
