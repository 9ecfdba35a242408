//go:build unix

package report

import (
	"os/exec"
	"syscall"
)

// killGroupOnCancel runs cmd in a process group of its own and kills the
// whole group when cmd is cancelled: Chromium's helpers with it.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
