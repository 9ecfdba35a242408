package app

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// fromWorkspace maps a finding's path, relative to where bqgen runs or
// absolute, to its path from the root of the repository GitHub Actions
// checked out (GITHUB_WORKSPACE): GitHub places an annotation by that path
// only, so a step with working-directory: sqs must say sqs/tests/…, not
// tests/…. Outside Actions, or for a path outside the workspace, the path
// is kept as it is.
func fromWorkspace() func(file string) string {
	root := os.Getenv("GITHUB_WORKSPACE")
	here, err := os.Getwd()
	if root == "" || err != nil {
		return func(file string) string { return file }
	}
	root = resolved(root)
	return func(file string) string {
		abs := file
		if !filepath.IsAbs(file) {
			abs = filepath.Join(here, filepath.FromSlash(file))
		}
		rel, err := filepath.Rel(root, resolved(abs))
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return file
		}
		return path.Clean(filepath.ToSlash(rel))
	}
}

// resolved is p with its links resolved where it can be (a runner's
// workspace may be reached through one), else p cleaned.
func resolved(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}
