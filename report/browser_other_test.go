//go:build !unix

package report

import "os/exec"

// killGroupOnCancel leaves exec's own cancel (killing cmd) where there are
// no Unix process groups.
func killGroupOnCancel(*exec.Cmd) {}
