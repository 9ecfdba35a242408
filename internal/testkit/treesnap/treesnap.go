// Package treesnap describes a directory tree, for the property tests that
// prove a run left (parts of) it as it was: the canary tree beside a
// hostile checkout (app), the repository around an out dir (writer).
package treesnap

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Take describes every entry below root except those below skip, by its
// slash path from root: its kind and mode, and its content's SHA-256 or
// its link's target. Links are not followed; a FIFO or a device is not
// read (that would block the test), its kind and mode stand for it.
func Take(t testing.TB, root, skip string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == skip {
			return fs.SkipDir
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case info.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link " + target
		case info.IsDir():
			out[rel] = "dir " + info.Mode().String()
		case !info.Mode().IsRegular():
			out[rel] = "special " + info.Mode().String()
		default:
			content, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(content)
			out[rel] = info.Mode().String() + " " + hex.EncodeToString(sum[:])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Changed lists the paths whose description differs between two
// snapshots, created and removed ones included, sorted.
func Changed(before, after map[string]string) []string {
	var out []string
	for p, was := range before {
		if now, ok := after[p]; !ok || now != was {
			out = append(out, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// Diff says what changed between two snapshots, a line a path: "created
// p", "removed p", "changed p: was -> now"; "" when nothing did.
func Diff(before, after map[string]string) string {
	var lines []string
	for _, p := range Changed(before, after) {
		was, existed := before[p]
		now, exists := after[p]
		switch {
		case !existed:
			lines = append(lines, "created "+p)
		case !exists:
			lines = append(lines, "removed "+p)
		default:
			lines = append(lines, "changed "+p+": "+was+" -> "+now)
		}
	}
	return strings.Join(lines, "\n")
}
