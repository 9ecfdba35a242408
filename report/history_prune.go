package report

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Prune is h cut to fit room bytes as Encode writes it: its oldest entries
// dropped, as few as need to go, with its encoding and how many went. A
// history grows by an entry a report (some 43 KB for six targets of the
// canonical suite); written whole, it would pass the limit its own reader
// takes, and every later report would fail on it. An entry too large to
// fit alone is an error: the history would not be read back.
func (h History) Prune(room int) (kept History, data []byte, pruned int, err error) {
	if len(h.Entries) == 0 {
		data, err = h.Encode()
		return h, data, 0, err
	}
	sizes, err := entrySizes(h.Entries)
	if err != nil {
		return History{}, nil, 0, err
	}
	empty, err := History{}.Encode()
	if err != nil {
		return History{}, nil, 0, err
	}
	// The document is its frame (with "entries": [] in it) and each entry
	// on lines of its own: "[" and "]" get a line each, entries a comma.
	total := len(empty) + len("\n  ")
	for _, n := range sizes {
		total += n
	}
	for pruned < len(sizes) && total > room {
		total -= sizes[pruned]
		pruned++
	}
	for {
		kept = History{Format: historyFormat, Entries: h.Entries[pruned:]}
		if pruned == len(h.Entries) {
			return History{}, nil, 0, fmt.Errorf("this report's own entry takes %d bytes, over the %d a history holds (its reader takes more, but only so much): not written", sizes[len(sizes)-1], room)
		}
		if data, err = kept.Encode(); err != nil || len(data) <= room {
			return kept, data, pruned, err
		}
		pruned++ // the sizes are exact; this only guards them
	}
}

// entrySizes are the bytes each entry takes in the encoded history: its
// lines indented two levels, and a line break (and a comma) after it.
func entrySizes(entries []HistoryEntry) ([]int, error) {
	sizes := make([]int, len(entries))
	for i, e := range entries {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.SetIndent("    ", "  ")
		if err := enc.Encode(e); err != nil {
			return nil, err
		}
		// "    " before it, its own "\n" for the separator's, and a ",".
		sizes[i] = len("    ") + buf.Len() + len(",")
	}
	if len(sizes) > 0 {
		sizes[len(sizes)-1]-- // no comma after the last
	}
	return sizes, nil
}

// PrunedNote says that the history's pruned oldest entries were dropped,
// in every rendering that says it.
func PrunedNote(pruned int) string {
	return fmt.Sprintf("The history's %d oldest entries were pruned from the history written with this report, so that it stays within what bqgen reads back.", pruned)
}
