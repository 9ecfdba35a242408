package textkit

import (
	"errors"
	"testing"
	"text/template"
)

// A template set parses once, on first use, and a parse error comes back
// from every Get instead of a panic at construction.
func TestLazyParsesOnceAndReturnsItsError(t *testing.T) {
	calls := 0
	broken := NewLazy(func() (*template.Template, error) {
		calls++
		return nil, errors.New("template: x:1: unexpected EOF")
	})
	if calls != 0 {
		t.Fatal("parsed before first use")
	}
	for range 2 {
		if _, err := broken.Get(); err == nil {
			t.Fatal("Get returned no error")
		}
	}
	if calls != 1 {
		t.Errorf("parsed %d times, want once", calls)
	}
}
