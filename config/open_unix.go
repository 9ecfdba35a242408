//go:build unix

package config

import (
	"os"
	"syscall"
)

// openNonBlocking opens for reading without waiting for a FIFO's writer.
const openNonBlocking = os.O_RDONLY | syscall.O_NONBLOCK
