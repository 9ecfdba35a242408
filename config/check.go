package config

import (
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/internal/gitrev"
	"github.com/babelqueue/bqgen/internal/portable"
	"github.com/babelqueue/bqgen/internal/suggest"
	"gopkg.in/yaml.v3"
)

// check lists every problem of c, each starting "line N: " where the
// problem has a place.
func (c *Config) check(knownLangs, knownBlocks []string) []string {
	var out []string
	add := func(line int, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if line > 0 {
			msg = fmt.Sprintf("line %d: %s", line, msg)
		}
		out = append(out, msg)
	}
	if c.Version != Version {
		add(0, "version is %d; this bqgen reads version %d (write \"version: %d\")", c.Version, Version, Version)
	}
	if len(c.Targets) == 0 {
		add(0, "no targets: list at least one under \"targets:\"")
	}
	seen := map[string]int{}
	for i, t := range c.Targets {
		where := fmt.Sprintf("target %d", i+1)
		if !slices.Contains(knownLangs, t.Lang) {
			add(t.line, "%s: lang %q is not one of %s%s", where, t.Lang, strings.Join(knownLangs, ", "), suggest.Phrase(t.Lang, knownLangs))
		}
		if t.Out == "" {
			add(t.line, "%s: out is missing (the package's directory, relative to %s)", where, FileName)
		} else if path.IsAbs(t.Out) || strings.HasPrefix(t.Out, "/") {
			add(t.line, "%s: out %q is absolute; write it relative to %s so the file works in every checkout", where, t.Out, FileName)
		} else if climbsOut(t.Out) {
			add(t.line, "%s: out %q leaves the directory holding %s: a repository's config writes only below itself", where, t.Out, FileName)
		} else if part := portable.VCSDirIn(path.Clean(t.Out)); part != "" {
			add(t.line, "%s: out %q lies in %q, a version control system's directory: bqgen never writes there", where, t.Out, part)
		}
		key := t.Lang + " " + path.Clean(t.Out)
		if first, dup := seen[key]; dup {
			add(t.line, "%s: the same lang and out as target %d", where, first)
		}
		seen[key] = i + 1
		if msg := checkVendor(t.Vendor, t.vendorSet); msg != "" {
			add(t.line, "%s: %s", where, msg)
		}
		if msg := checkRepository(t.Repository, t.Commit); msg != "" {
			add(t.line, "%s: %s", where, msg)
		}
		for _, b := range t.Blocks {
			if !slices.Contains(knownBlocks, b) {
				add(t.line, "%s: block %q is not a block bqgen knows (%s)%s", where, b, strings.Join(knownBlocks, ", "), suggest.Phrase(b, knownBlocks))
			}
		}
		if len(t.Exemptions) > MaxExemptions {
			add(t.Exemptions[MaxExemptions].line, "%s: more than %d exemptions; an SDK that fails this many cases exempts whole blocks (\"<block>/*\") or leaves the block out", where, MaxExemptions)
		}
		for j, e := range t.Exemptions {
			ewhere := fmt.Sprintf("%s, exemption %d", where, j+1)
			if len(e.Case) > MaxPattern {
				add(e.line, "%s: case pattern of %d bytes, over %d: a case id is a block and a name", ewhere, len(e.Case), MaxPattern)
			} else if _, err := path.Match(e.Case, ""); err != nil || e.Case == "" {
				add(e.line, "%s: case %q is not a pattern of \"<block>/<case name>\" (path.Match syntax)", ewhere, e.Case)
			}
			if e.Action != ActionSkip && e.Action != ActionFail {
				add(e.line, "%s: action %q must be %q or %q", ewhere, e.Action, ActionSkip, ActionFail)
			}
			if strings.TrimSpace(e.Reason) == "" {
				add(e.line, "%s: no reason: say why the SDK is exempt, it is printed with the test", ewhere)
			}
		}
	}
	return out
}

// MaxVendor is the longest vendor: path, in bytes.
const MaxVendor = 256

// checkVendor says what is wrong with a target's vendor: key ("" when
// nothing, or when the file has none).
func checkVendor(v string, set bool) string {
	if v == "" && !set {
		return ""
	}
	why := VendorProblem(v)
	switch {
	case why == "":
		return ""
	case len(v) > MaxVendor:
		return "vendor: a path that " + why // too long to show
	}
	return fmt.Sprintf("vendor: %q %s", v, why)
}

// VendorProblem says why v cannot be a target's vendor directory, "" when
// it can: it must be a local relative slash path below out, in bqgen's
// own .bqgen directory nowhere, and portable, since the directory is
// written into every checkout and named in the generated code.
func VendorProblem(v string) string {
	const want = "; want a relative slash path below out, such as tests/bqgen-conformance"
	switch {
	case strings.TrimSpace(v) == "":
		return "is empty" + want + " (or leave it out for the language's default)"
	case len(v) > MaxVendor:
		return fmt.Sprintf("is %d bytes, over %d", len(v), MaxVendor)
	case !utf8.ValidString(v) || strings.ContainsFunc(v, unicode.IsControl):
		return "holds a control character or is not UTF-8" + want
	case strings.Contains(v, `\`):
		return "holds a backslash" + want
	case strings.HasPrefix(v, "/"):
		return "is absolute" + want
	case len(v) > 1 && v[1] == ':':
		return "names a Windows drive" + want
	case slices.Contains(strings.Split(v, "/"), ".."):
		return `climbs by ".."` + want
	}
	clean := path.Clean(v)
	first, _, _ := strings.Cut(clean, "/")
	switch {
	case clean == ".":
		return "is out itself" + want
	case portable.Key(first) == portable.Key(stateDir):
		return "lies in " + stateDir + ", bqgen's own directory" + want
	}
	if why := portable.Problem(clean); why != "" {
		return "is not a portable path: " + why
	}
	return ""
}

// stateDir is bqgen's own directory in an out dir (writer's state).
const stateDir = ".bqgen"

// climbsOut reports whether the relative slash path p, cleaned, starts
// above the directory it is relative to ("../x", "a/../../x").
func climbsOut(p string) bool {
	p = path.Clean(p)
	return p == ".." || strings.HasPrefix(p, "../")
}

// recordLines notes where each target and exemption starts, for errors.
func recordLines(root *yaml.Node, c *Config) {
	doc := root
	if doc.Kind == yaml.DocumentNode && len(doc.Content) > 0 {
		doc = doc.Content[0]
	}
	targets := mapValue(doc, "targets")
	if targets == nil || targets.Kind != yaml.SequenceNode {
		return
	}
	for i, tn := range targets.Content {
		if i >= len(c.Targets) {
			return
		}
		c.Targets[i].line = tn.Line
		c.Targets[i].vendorSet = mapValue(tn, "vendor") != nil
		if ex := mapValue(tn, "exemptions"); ex != nil && ex.Kind == yaml.SequenceNode {
			for j, en := range ex.Content {
				if j < len(c.Targets[i].Exemptions) {
					c.Targets[i].Exemptions[j].line = en.Line
				}
			}
		}
	}
}

// mapValue is the value of key in the mapping node n, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// checkRepository says what is wrong with a target's repository: address
// and commit ("" when nothing): report links are built from them, so an
// address is a plain http(s) URL and a commit a Git revision name.
func checkRepository(repo, commit string) string {
	if repo != "" {
		u, err := url.Parse(repo)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
			u.RawQuery != "" || u.Fragment != "" || strings.ContainsAny(repo, " \t\n\"'<>\\`") {
			return fmt.Sprintf("repository %q: want the repository's https:// address (no user, query or fragment)", repo)
		}
	}
	if commit != "" && (!gitrev.Plausible(commit) || strings.Contains(commit, "..")) {
		return fmt.Sprintf("commit %q: want a Git revision (hash, tag or branch name)", commit)
	}
	return ""
}
