package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"
)

// resolve sets the real paths of the suite and of every out dir, and lists
// what they break: an out dir whose real path leaves the directory holding
// the file (through a link), and two targets of one language writing into
// one real directory (each would remove the other's files as stale). An out
// dir that does not exist keeps its written path: bqgen never creates one,
// and the command says it is missing.
func (c *Config) resolve() []string {
	c.suiteDir = c.SuiteDir()
	if c.suiteDir != "" {
		c.suiteDir = resolvedOrAsIs(c.suiteDir)
	}
	var problems []string
	first := map[string]int{} // lang and real out dir -> target number
	for i := range c.Targets {
		t := &c.Targets[i]
		where := fmt.Sprintf("line %d: target %d", t.line, i+1)
		real, problem := c.resolveOut(t.Out)
		if problem != "" {
			problems = append(problems, where+": "+problem)
			continue
		}
		t.outDir = real
		key := t.Lang + "\x00" + real
		if j, dup := first[key]; dup {
			problems = append(problems, fmt.Sprintf("%s: out %q is the directory of target %d (%s) for the same lang: each run would remove the other's files", where, t.Out, j, real))
			continue
		}
		first[key] = i + 1
	}
	return problems
}

// resolveOut is the real path of out, or why it cannot be used.
func (c *Config) resolveOut(out string) (string, string) {
	written := c.join(out)
	real, err := filepath.EvalSymlinks(written)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return written, ""
	case err != nil:
		return "", fmt.Sprintf("out %q cannot be used: %s", out, reason(err))
	case !within(c.Dir(), real):
		return "", fmt.Sprintf("out %q leads to %s, outside %s (the directory holding %s) through a link: a repository's config writes only below itself", out, real, c.Dir(), FileName)
	}
	return real, ""
}

// reason says why a path cannot be resolved, without the function's name.
func reason(err error) string {
	if errors.Is(err, syscall.ELOOP) || strings.Contains(err.Error(), "too many links") {
		return "a loop of symbolic links"
	}
	return unwrapPath(err).Error()
}

// resolvedOrAsIs is p with its links resolved, or p itself when it cannot
// be resolved: reading it then fails with the reason.
func resolvedOrAsIs(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	return p
}

// within reports whether p is dir or below it; both are clean and absolute.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
