package model

import "fmt"

// The limits of a JSON number. Number literals keep their text, and
// comparing two of them exactly (Value.Equal, JSON Schema's minimum, the
// oracle's enum) goes through math/big, whose cost grows with the
// magnitude: 1e999999 took 60 ms, 1e99999999999 never finishes. Real
// numbers are far inside: an int64 has 19 digits, a float64's exponent
// stays within ±324, and the longest exact decimal a suite would want is
// a decimal128 (34 digits).
const (
	// MaxNumberDigits is how many digits a number may have, counting the
	// integer part, the fraction and the exponent.
	MaxNumberDigits = 100
	// MaxNumberExponent is the largest exponent, either sign, after the e.
	MaxNumberExponent = 400
)

// CheckNumber reports a number literal beyond MaxNumberDigits or
// MaxNumberExponent. text must be a JSON number (RFC 8259 §6); the check
// reads it once and converts nothing, so it is cheap whatever the text.
func CheckNumber(text string) error {
	digits, exponent, expDigits := 0, 0, 0
	inExponent := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == 'e' || c == 'E':
			inExponent = true
		case c < '0' || c > '9':
			continue
		case !inExponent:
			digits++
		default:
			expDigits++
			if exponent <= MaxNumberExponent { // stop growing once over: no overflow
				exponent = exponent*10 + int(c-'0')
			}
		}
	}
	if digits+expDigits > MaxNumberDigits {
		return fmt.Errorf("a number of %d digits; the limit is %d", digits+expDigits, MaxNumberDigits)
	}
	if exponent > MaxNumberExponent {
		return fmt.Errorf("the number %s is out of range: the limit is an exponent of ±%d", text, MaxNumberExponent)
	}
	return nil
}
