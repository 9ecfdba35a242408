//go:build !unix

package safefile

import "os"

// openFlags open a file for reading. Systems other than Unix have no FIFO
// in the file system that an open would wait on; the checks before and
// after the open refuse anything but a regular file.
const openFlags = os.O_RDONLY
