package portable

import "testing"

// VCSDirIn names the first part of a path that leads into a version
// control system's state, in any spelling, and nothing for a path without.
func TestVCSDirIn(t *testing.T) {
	for p, want := range map[string]string{
		"tests/a.py": "", "a/.git/hooks": ".git", ".GIT./x": ".GIT.", "x/GIT~1": "GIT~1",
		"/home/me/repo/.hg": ".hg", "gitlab/.github/x": "",
	} {
		if got := VCSDirIn(p); got != want {
			t.Errorf("VCSDirIn(%q) = %q, want %q", p, got, want)
		}
	}
}
