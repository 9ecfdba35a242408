//go:build !(linux || darwin)

package app

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs on this system") }
