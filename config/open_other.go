//go:build !unix

package config

import "os"

// openNonBlocking is a plain read: Windows has no FIFOs in the file
// system, so an open never waits for a writer.
const openNonBlocking = os.O_RDONLY
