package report

import (
	"strings"
	"testing"
)

// Prune drops the fewest oldest entries that bring the history within its
// room, counting exactly what Encode writes, and what it keeps reads back.
func TestPruneKeepsTheNewestEntriesThatFit(t *testing.T) {
	data := history(30, 2, 20)
	h, err := ReadHistory("h", data)
	if err != nil {
		t.Fatal(err)
	}
	// The sizes Prune counts are exact, so it encodes the history once.
	sizes, _ := entrySizes(h.Entries)
	empty, _ := History{}.Encode()
	total := len(empty) + len("\n  ")
	for _, n := range sizes {
		total += n
	}
	if total != len(data) {
		t.Errorf("the entries' sizes add up to %d bytes, the history is %d", total, len(data))
	}
	if _, got, pruned, err := h.Prune(len(data)); err != nil || pruned != 0 || string(got) != string(data) {
		t.Fatalf("a history within its room: pruned %d, %v; written as Encode writes it: %v", pruned, err, string(got) == string(data))
	}
	for _, room := range []int{len(data) - 1, len(data) / 2, len(data) / 29} {
		kept, got, pruned, err := h.Prune(room)
		if err != nil || len(got) > room || pruned == 0 {
			t.Fatalf("room %d: %d bytes written, %d pruned, %v", room, len(got), pruned, err)
		}
		back, err := ReadHistory("h", got)
		if err != nil || len(back.Entries) != len(h.Entries)-pruned || len(kept.Entries) != len(back.Entries) {
			t.Fatalf("room %d: read back %d entries, %v; want the newest %d", room, len(back.Entries), err, len(h.Entries)-pruned)
		}
		// One entry fewer pruned would not have fit: the fewest went.
		more, _ := History{Format: historyFormat, Entries: h.Entries[pruned-1:]}.Encode()
		if len(more) <= room {
			t.Errorf("room %d: pruned %d, but %d entries fit (%d bytes)", room, pruned, len(h.Entries)-pruned+1, len(more))
		}
	}
	if _, _, _, err := h.Prune(100); err == nil || !strings.Contains(err.Error(), "this report's own entry takes") {
		t.Errorf("an entry larger than the room: %v, want it refused", err)
	}
}
