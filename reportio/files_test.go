package reportio

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/portable"
	"github.com/babelqueue/bqgen/report"
)

// A badge named after a Windows device (con.svg, nul.svg, com1.svg) is the
// console there, never a file: its name gets a "_".
func TestBadgeNamesAreNoWindowsDevices(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ repo, target, want string }{
		{"con", "", "con_.svg"},
		{"NUL", "", "nul_.svg"},
		{"com1", "-", "com1_.svg"},
		{"Con ", ".", "con_.svg"},
		{"aux.x", "", "aux_.x.svg"},
		{"sdk", "go core", "sdk-go-core.svg"},
		{"console", "", "console.svg"},
	} {
		got := badgeFileName(report.SDK{Repository: c.repo, Target: c.target})
		if got != c.want || portable.Problem(got) != "" {
			t.Errorf("badge of %q %q: %q (%s), want %q", c.repo, c.target, got, portable.Problem(got), c.want)
		}
	}
}
