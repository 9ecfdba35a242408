package config

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"unicode/utf8"
)

// closestShown is how many case ids an unmatched exemption suggests.
const closestShown = 3

// The bounds that keep matching exemptions linear in the suite: every
// exemption is matched against every case id of its target (here, in the
// generated tests' selection and in diff), so their count and length are
// bounded as any input is, and only the first few unmatched ones get the
// closest ids, compared over a bounded prefix.
const (
	// MaxExemptions is the most exemptions one target may list, far above
	// a real SDK's (a few dozen): a baseline of known failures is a file of
	// its own.
	MaxExemptions = 2000
	// MaxPattern is the longest case pattern, in bytes.
	MaxPattern = 512
	// suggestedUnmatched is how many unmatched exemptions of a target get
	// the closest ids; the others are still named, without them.
	suggestedUnmatched = 8
	// comparedRunes is how much of a pattern and an id the closest-id
	// search compares: a typo is near the start of what was meant.
	comparedRunes = 48
)

// CheckExemptions refuses every exemption of the target at index i that
// matches none of ids (the "<block>/<case name>" of each case the target's
// blocks carry): a typo ("cses/*") or a guess at a name
// ("asb/schema_version_gate/*") would otherwise exempt nothing in silence.
// Each problem names the line, the target, the pattern and the closest ids;
// describe names the target as the run's messages do ("go into sqs") and
// listCmd is the command that lists its ids.
func (c *Config) CheckExemptions(i int, describe string, ids []string, listCmd string) error {
	t := c.Targets[i]
	var problems []string
	known := make(map[string]bool, len(ids))
	for _, id := range ids {
		known[id] = true
	}
	for j, e := range t.Exemptions {
		if known[e.Case] || hasMeta(e.Case) && matchesAny(e.Case, ids) {
			continue
		}
		msg := fmt.Sprintf("target %d (%s), exemption %d: case %q matches no case of the target's blocks", i+1, describe, j+1, e.Case)
		if len(problems) < suggestedUnmatched {
			if closest := closestIDs(e.Case, ids, closestShown); len(closest) > 0 {
				msg += "; closest: " + quoteAll(closest)
			}
		}
		msg += " (" + listCmd + " lists every id)"
		if e.line > 0 {
			msg = fmt.Sprintf("line %d: %s", e.line, msg)
		}
		problems = append(problems, msg)
	}
	if len(problems) == 0 {
		return nil
	}
	return &Error{File: c.Path, Problems: problems}
}

// hasMeta reports whether pattern holds a character path.Match treats
// specially: one without is a case id, looked up, not matched.
func hasMeta(pattern string) bool { return strings.ContainsAny(pattern, `*?[\`) }

func matchesAny(pattern string, ids []string) bool {
	for _, id := range ids {
		if ok, _ := path.Match(pattern, id); ok {
			return true
		}
	}
	return false
}

// closestIDs returns up to n ids nearest to pattern by edit distance, ties
// in the ids' order. Wildcards count as nothing, so "cses/*" is near
// "cases/...": a pattern is mostly a prefix of what was meant.
func closestIDs(pattern string, ids []string, n int) []string {
	literal := runePrefix(strings.NewReplacer("*", "", "?", "").Replace(pattern), comparedRunes)
	type scored struct {
		id   string
		dist int
	}
	all := make([]scored, len(ids))
	for i, id := range ids {
		// Compare with as much of the id as the pattern spells, so a short
		// prefix pattern is not far from every long name.
		cut := runePrefix(id, comparedRunes)
		if strings.HasSuffix(pattern, "*") {
			cut = runePrefix(cut, utf8.RuneCountInString(literal))
		}
		all[i] = scored{id, editDistance(literal, cut)}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].dist < all[b].dist })
	var out []string
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.id)
	}
	return out
}

// runePrefix is s cut after n runes.
func runePrefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// editDistance is the Levenshtein distance between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func quoteAll(ids []string) string {
	q := make([]string, len(ids))
	for i, id := range ids {
		q[i] = fmt.Sprintf("%q", id)
	}
	return strings.Join(q, ", ")
}
