//go:build unix

package safefile

import "syscall"

// openFlags open a file for reading without waiting: opening a FIFO with
// no writer returns at once, and the fstat after the open refuses it
// before anything is read.
const openFlags = syscall.O_RDONLY | syscall.O_NONBLOCK
