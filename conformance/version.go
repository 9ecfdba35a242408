package conformance

import (
	"io/fs"
	"strings"
)

// Version is the embedded suite's CONFORMANCE_VERSION, "" when it cannot
// be read (it always can: it is embedded).
func Version() string {
	raw, err := fs.ReadFile(FS, "CONFORMANCE_VERSION")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(raw))
}
