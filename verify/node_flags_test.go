package verify

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestAcceptedRunFlagsLeavesOutWhatNodeRefuses(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in node is a shell script")
	}
	// A node that knows the first flag only, as an older or newer V8 may.
	fake := filepath.Join(t.TempDir(), "node")
	script := "#!/bin/sh\n[ \"$1\" = " + nodeRunFlags[0] + " ] && exit 0\necho \"node: bad option: $1\" >&2\nexit 9\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := acceptedRunFlags(context.Background(), fake); !slices.Equal(got, nodeRunFlags[:1]) {
		t.Errorf("accepted %q, want %q", got, nodeRunFlags[:1])
	}
	var log bytes.Buffer
	sayRefusedRunFlags(context.Background(), fake, &log)
	for _, flag := range nodeRunFlags[1:] {
		if !strings.Contains(log.String(), "refuses "+flag) {
			t.Errorf("the log does not say node refuses %s:\n%s", flag, log.String())
		}
	}
	if strings.Contains(log.String(), nodeRunFlags[0]) {
		t.Errorf("the log names an accepted flag:\n%s", log.String())
	}
}

func TestAcceptedRunFlagsKeepsNoProbeCutShort(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in node is a shell script")
	}
	fake := filepath.Join(t.TempDir(), "node")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if got := acceptedRunFlags(cancelled, fake); len(got) != 0 {
		t.Errorf("a cancelled probe accepted %q", got)
	}
	if got := acceptedRunFlags(context.Background(), fake); !slices.Equal(got, nodeRunFlags) {
		t.Errorf("after a cancelled probe, accepted %q, want %q: the cut-short answer was kept", got, nodeRunFlags)
	}
}
