//go:build !unix

package config

import (
	"os"
	"testing"
)

// refusedForItsOwner is false: without Unix owners, no config is refused
// for who may write it (trust_other.go).
func refusedForItsOwner(*testing.T, string, os.FileMode) bool { return false }
