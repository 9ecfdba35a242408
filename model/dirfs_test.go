package model

import "testing"

// An unset suite path (a test helper that found nothing, an empty flag) must
// be an error, not the working directory read as a suite.
func TestDirFSRefusesAnEmptyPath(t *testing.T) {
	if _, err := DirFS(""); err == nil {
		t.Fatal(`DirFS("") = nil error, want "no suite directory given"`)
	}
}
