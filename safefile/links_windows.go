//go:build windows

package safefile

import (
	"os"
	"syscall"
)

// Links is how many names (hard links) the open file f has: NTFS keeps the
// count, which GetFileInformationByHandle reports.
func Links(f *os.File) (uint64, error) {
	var info syscall.ByHandleFileInformation
	if err := syscall.GetFileInformationByHandle(syscall.Handle(f.Fd()), &info); err != nil {
		return 0, err
	}
	return uint64(info.NumberOfLinks), nil
}
