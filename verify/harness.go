package verify

import (
	"embed"
	"os"
	"path/filepath"
)

// harness holds the warm runners' harnesses, one per language, which
// Prepare writes into the generated project for verify's own use: none is
// part of what an SDK runs.
//
//go:embed harness/*
var harness embed.FS

// writeHarness copies the harness file name into dir, returning its path.
func writeHarness(name, dir string) (string, error) {
	data, err := harness.ReadFile("harness/" + name)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	return path, os.WriteFile(path, data, 0o644)
}
