//go:build !unix

package rabbitmqtest

import "os/exec"

// Elsewhere there are no process groups to use; Debian's broker does not
// run there anyway, so only the child itself is ended.
func ownProcessGroup(*exec.Cmd) {}

func killProcessGroup(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
