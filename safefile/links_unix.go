//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// Links is how many names (hard links) the open file f has.
func Links(f *os.File) (uint64, error) {
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 1, nil
	}
	return uint64(st.Nlink), nil
}
