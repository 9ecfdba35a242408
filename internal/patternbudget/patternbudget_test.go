package patternbudget

import (
	"strings"
	"testing"
	"time"
)

// bomb is a 726-byte pattern whose program is far over MaxProgram: the
// issue's attack, rebuilt.
var bomb = strings.Repeat(`\w{1,1000}`, 72) + "xxxxxx"

func TestBombRefused(t *testing.T) {
	if len(bomb) != 726 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	start := time.Now()
	_, err := Compile(bomb)
	if err == nil || !strings.Contains(err.Error(), "over the limit of 10000") || !strings.Contains(err.Error(), `"\\w{1,1000}`) {
		t.Fatalf("Compile(bomb) = %v, want the limit named with the pattern", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("refusing the bomb took %v", d)
	}
}

func TestSizeCountsInstructions(t *testing.T) {
	small, err := Size(`[0-9]`)
	if err != nil || small > 10 {
		t.Fatalf("Size([0-9]) = %d, %v", small, err)
	}
	big, err := Size(`\w{1,1000}`)
	if err != nil || big < 1000 {
		t.Fatalf(`Size(\w{1,1000}) = %d, %v: the repetition is not counted`, big, err)
	}
	if _, err := Size(`(`); err == nil {
		t.Fatal("Size accepted a malformed pattern")
	}
}

func TestStepsStopAtTheLimit(t *testing.T) {
	p, err := Compile(`\w{1,500}x`)
	if err != nil {
		t.Fatal(err)
	}
	var s Steps
	text := strings.Repeat("a", 20<<10)
	spent := 0
	for ; spent < 1000; spent++ {
		if err := s.Spend(p, text); err != nil {
			if !strings.Contains(err.Error(), "limit") || !strings.Contains(err.Error(), `\\w{1,500}x`) {
				t.Fatalf("Spend's error names neither the limit nor the pattern: %v", err)
			}
			break
		}
	}
	if want := MaxSteps / ((20<<10 + 1) * p.Size); spent != want {
		t.Fatalf("Spend allowed %d matches, want %d", spent, want)
	}
}

func TestShownCutsLongPatterns(t *testing.T) {
	if got := Shown(bomb); len(got) > 2*maxShown || !strings.Contains(got, "bytes more") {
		t.Fatalf("Shown(bomb) = %s", got)
	}
	if got := Shown("a+"); got != `"a+"` {
		t.Fatalf(`Shown("a+") = %s`, got)
	}
}
