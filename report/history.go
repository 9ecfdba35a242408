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
}

// HistorySDK is one SDK target's statuses in an entry, by case id.
type HistorySDK struct {
	Repository         string            `json:"repository"`
	Target             string            `json:"target"`
	ConformanceVersion string            `json:"conformance_version"`
	Statuses           map[string]Status `json:"statuses"`
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

// Append is h with r's statuses as its newest entry.
func (h History) Append(r Report) History {
	e := HistoryEntry{SDKs: []HistorySDK{}}
	for _, s := range r.SDKs {
		hs := HistorySDK{Repository: s.Repository, Target: s.Target, ConformanceVersion: s.ConformanceVersion, Statuses: map[string]Status{}}
		for id, res := range s.Results {
			hs.Statuses[id] = res.Status
		}
		e.SDKs = append(e.SDKs, hs)
	}
	return History{Format: historyFormat, Entries: append(append([]HistoryEntry{}, h.Entries...), e)}
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
