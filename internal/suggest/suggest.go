// Package suggest finds the word a user most likely meant: "did you mean" for
// commands, flags, config keys, block names and languages, from one rule.
package suggest

import "unicode/utf8"

// maxWord is the longest input worth comparing. Names are short; a longer
// input (a hostile config key, say) gets no suggestion, so the work stays
// bounded by maxWord² per candidate whatever the input.
const maxWord = 64

// Closest returns the candidate nearest to word, or "" when none is near
// enough to be a likely typo. Near enough: an edit distance (insertions,
// deletions, substitutions and swaps of two neighbours, each counting one) of
// at most a third of the longer word, and at least 1; an exact match is not a
// suggestion. Ties go to the earlier candidate, so the caller's order decides.
func Closest(word string, candidates []string) string {
	if word == "" || utf8.RuneCountInString(word) > maxWord {
		return ""
	}
	best, bestDist := "", -1
	for _, c := range candidates {
		if c == word || utf8.RuneCountInString(c) > maxWord {
			continue
		}
		d := Distance(word, c)
		if d > allowed(word, c) {
			continue
		}
		if bestDist < 0 || d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// Phrase is Closest as the end of an error message: ` (did you mean "x"?)`,
// or "" when there is nothing to suggest.
func Phrase(word string, candidates []string) string {
	if s := Closest(word, candidates); s != "" {
		return ` (did you mean "` + s + `"?)`
	}
	return ""
}

func allowed(a, b string) int {
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	return max(1, n/3)
}

// Distance is the optimal string alignment distance between a and b, in
// code points: the Levenshtein distance where swapping two neighbouring code
// points also costs one ("lnag" is one edit from "lang").
func Distance(a, b string) int {
	x, y := []rune(a), []rune(b)
	// Three rows suffice: the swap looks two rows back.
	prev2 := make([]int, len(y)+1)
	prev := make([]int, len(y)+1)
	cur := make([]int, len(y)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(x); i++ {
		cur[0] = i
		for j := 1; j <= len(y); j++ {
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && x[i-1] == y[j-2] && x[i-2] == y[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(y)]
}
