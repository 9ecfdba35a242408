package backend

import (
	"fmt"
	"hash/fnv"
	"strings"
	"unicode"
)

// Style is how words join into an identifier.
type Style int

const (
	// Snake joins words as lower_snake_case.
	Snake Style = iota
	// Camel joins words as lowerCamelCase.
	Camel
	// Pascal joins words as UpperCamelCase.
	Pascal
)

// Words splits a case name into lower-case ASCII words. Anything that is not
// an ASCII letter or digit separates words, except that other letters and
// digits become "u" plus their hex code point, so "café" and "cafe" stay
// distinct and every result is a safe identifier part in every language.
func Words(name string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	for _, r := range name {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			cur.WriteRune(unicode.ToLower(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			flush()
			words = append(words, fmt.Sprintf("u%04x", r))
		default:
			flush()
		}
	}
	flush()
	return words
}

// Join joins words in the given style. Camel and Pascal keep an underscore
// between a word ending in a digit and one starting with a digit, where
// case cannot mark the boundary: "U+0020 1" stays U0020_1, never U00201
// (which reads as U+00201).
func Join(words []string, style Style) string {
	if style == Snake {
		return strings.Join(words, "_")
	}
	var b strings.Builder
	for i, w := range words {
		if i > 0 && endsWithDigit(words[i-1]) && startsWithDigit(w) {
			b.WriteByte('_')
		}
		if i == 0 && style == Camel {
			b.WriteString(w)
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

func endsWithDigit(s string) bool { return s != "" && s[len(s)-1] >= '0' && s[len(s)-1] <= '9' }

func startsWithDigit(s string) bool { return s != "" && s[0] >= '0' && s[0] <= '9' }

// Identifiers turns case names into identifiers that are valid in every
// target language and unique within the list: prefix is put in front (a
// language's "test_" or "Test"), names with no usable characters become
// "case", and collisions after sanitising get a numeric suffix in order.
func Identifiers(names []string, prefix []string, style Style) []string {
	out := make([]string, len(names))
	used := map[string]bool{}
	for i, name := range names {
		words := Words(name)
		if len(words) == 0 {
			words = []string{"case"}
		}
		base := Join(append(append([]string{}, prefix...), words...), style)
		if len(prefix) == 0 && base[0] >= '0' && base[0] <= '9' {
			base = Join(append([]string{"case"}, words...), style)
		}
		base = capLength(base, name, style)
		id := base
		for n := 2; used[id]; n++ {
			suffix := fmt.Sprintf("%s%d", countSep(base, style), n)
			id = base[:min(len(base), MaxIdentifier-len(suffix))] + suffix
		}
		used[id] = true
		out[i] = id
	}
	return out
}

// countSep separates a collision's count from base: "_" where base ends
// in a digit even in Camel and Pascal, so "...U0020_1" and its second
// stay apart as "...U0020_1_2", not "...U0020_12".
func countSep(base string, style Style) string {
	if endsWithDigit(base) {
		return "_"
	}
	return sep(style)
}

func sep(style Style) string {
	if style == Snake {
		return "_"
	}
	return ""
}

// MaxIdentifier is the longest identifier Identifiers returns (C# refuses
// identifiers over 511 characters; 100 still reads as a name).
const MaxIdentifier = 100

// capLength shortens an identifier over MaxIdentifier, ending it with a hash
// of the full case name so two long names that share a beginning stay apart
// and the result is the same on every run.
func capLength(id, name string, style Style) string {
	if len(id) <= MaxIdentifier {
		return id
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	suffix := fmt.Sprintf("%s%08x", sep(style), h.Sum32())
	if style != Snake {
		suffix = fmt.Sprintf("H%08x", h.Sum32())
	}
	return id[:MaxIdentifier-len(suffix)] + suffix
}
