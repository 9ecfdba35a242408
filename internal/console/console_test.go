package console

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Colour is for terminals: a buffer or a file never gets an escape
// sequence, and NO_COLOR turns it off even on one.
func TestColourOnlyOnATerminal(t *testing.T) {
	if ColorOn(&strings.Builder{}) {
		t.Error("a buffer is coloured")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if ColorOn(f) {
		t.Error("a file is coloured")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		t.Setenv("NO_COLOR", "1")
		if ColorOn(tty) {
			t.Error("a terminal is coloured with NO_COLOR set")
		}
	}
	var b strings.Builder
	if Label(&b, false, Red, "x"); b.String() != "x" {
		t.Errorf("label off: %q", b.String())
	}
}
