package config

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

// closestShown is how many case ids an unmatched exemption suggests.
const closestShown = 3

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
	for j, e := range t.Exemptions {
		if matchesAny(e.Case, ids) {
			continue
		}
		msg := fmt.Sprintf("target %d (%s), exemption %d: case %q matches no case of the target's blocks", i+1, describe, j+1, e.Case)
		if closest := closestIDs(e.Case, ids, closestShown); len(closest) > 0 {
			msg += "; closest: " + quoteAll(closest)
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
	literal := strings.NewReplacer("*", "", "?", "").Replace(pattern)
	type scored struct {
		id   string
		dist int
	}
	all := make([]scored, len(ids))
	for i, id := range ids {
		// Compare with as much of the id as the pattern spells, so a short
		// prefix pattern is not far from every long name.
		cut := id
		if strings.HasSuffix(pattern, "*") && len([]rune(id)) > len([]rune(literal)) {
			cut = string([]rune(id)[:len([]rune(literal))])
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
