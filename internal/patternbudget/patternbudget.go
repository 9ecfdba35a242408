// Package patternbudget bounds the regular expressions a suite supplies
// (JSON Schema "pattern" and "patternProperties" in payload and envelope
// schemas). Go's regexp is linear in the text, but its cost is the
// compiled program's size times the text's length, and a short pattern can
// compile to a large program: `\w{1,1000}` is 13 bytes and about 2,000
// instructions, so a 726-byte pattern over a 20 KB string took minutes
// (issue 27). validate refuses a pattern over MaxProgram, naming it; the
// oracle and validate stop a validation whose matching would pass MaxSteps.
package patternbudget

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"unicode/utf8"
)

const (
	// MaxProgram is the most instructions a pattern may compile to. The
	// embedded suite's and the upstream suites' largest compiles to 3; a
	// hand-written pattern of a few hundred characters to a few hundred.
	MaxProgram = 10_000
	// MaxSteps bounds one validation's matching: the sum, over the strings
	// it matches, of the text's length times the pattern's program size
	// (the steps of Go's regexp in the worst case). Under a second of
	// matching; the embedded suite needs a few thousand. A 20 KB string
	// may meet a pattern of 1,600 instructions.
	MaxSteps = 1 << 25
)

// Size is the number of instructions expr compiles to, as regexp compiles
// it (Perl syntax, simplified).
func Size(expr string) (int, error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return 0, err
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		return 0, err
	}
	return len(prog.Inst), nil
}

// Pattern is a compiled pattern with its program size.
type Pattern struct {
	*regexp.Regexp
	Size int
}

// Compile compiles expr and refuses one whose program is over MaxProgram,
// saying so (TooLarge).
func Compile(expr string) (Pattern, error) {
	size, err := Size(expr)
	if err != nil {
		return Pattern{}, err
	}
	if size > MaxProgram {
		return Pattern{}, TooLarge(expr, size)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return Pattern{}, err
	}
	return Pattern{Regexp: re, Size: size}, nil
}

// TooLarge is the error of a pattern over MaxProgram, naming it.
func TooLarge(expr string, size int) error {
	return fmt.Errorf("pattern %s compiles to %d regular-expression instructions, over the limit of %d: "+
		"matching costs its size times the text's length", Shown(expr), size, MaxProgram)
}

// Steps counts the matching a validation does and refuses the match that
// would take it over MaxSteps. The zero value is an empty count.
type Steps struct{ spent int64 }

// Spend adds matching p over text to the count, or returns an error naming
// the pattern when the count would pass MaxSteps (the match is not run).
func (s *Steps) Spend(p Pattern, text string) error {
	cost := int64(len(text)+1) * int64(p.Size)
	if s.spent+cost > MaxSteps {
		return fmt.Errorf("matching pattern %s (%d instructions) over a %d-byte string would take the validation "+
			"past %d regular-expression steps, the limit: make the pattern or the strings smaller",
			Shown(p.String()), p.Size, len(text), MaxSteps)
	}
	s.spent += cost
	return nil
}

// maxShown is how much of a pattern a message shows.
const maxShown = 80

// Shown is expr quoted for a message, cut after maxShown bytes (at a rune
// boundary) with the number of bytes left out.
func Shown(expr string) string {
	if len(expr) <= maxShown {
		return fmt.Sprintf("%q", expr)
	}
	cut := maxShown
	for cut > 0 && !utf8.RuneStart(expr[cut]) {
		cut--
	}
	return fmt.Sprintf("%q… (%d bytes more)", expr[:cut], len(expr)-cut)
}
