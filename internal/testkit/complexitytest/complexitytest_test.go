package complexitytest

import (
	"testing"
	"time"
)

// A timing within what is enough ends the measurement: the best of three
// could only be lower. One that is not gets the other two runs.
func TestMeasureStopsAtTheFirstTimingWithinEnough(t *testing.T) {
	for _, c := range []struct {
		name   string
		enough time.Duration
		runs   int
	}{
		{"within", time.Hour, 1},
		{"never within", 0, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			runs := 0
			measureUntil(struct{}{}, func(struct{}) { runs++; spin(time.Millisecond) }, c.enough)
			if runs != c.runs {
				t.Errorf("%d runs, want %d", runs, c.runs)
			}
		})
	}
}

// spin uses CPU for about d, so that cpuTime sees it.
func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}
