// Package complexitytest is the harness of the complexity tests (issue 27):
// every parser and reader of input bqgen does not control is run on an
// adversarial input at sizes n and 16n, and fails when its time or its
// allocated memory grows faster than n log n, or when an input at the
// kind's size limit takes longer than a fixed ceiling.
//
// Timings on a shared machine are noisy, so each size is timed in CPU time
// (cpuTime), best of three, and the bound has a generous slack: a quadratic reader grows 256-fold from
// n to 16n, an n log n one about 20-fold, and the test fails above
// 16 · log2(16n)/log2(n) · Slack. Allocated bytes are the steadier measure:
// they are counted the same way and bounded by the same ratio. Only the two
// ends are timed: the verdict is their ratio, and the sizes between (2n, 4n,
// 8n) cost twice as much again as both ends together. At 16n the timing
// stops at the first run within the bound: a best of three can only be
// lower, so the runs after it could not change the verdict, and they were
// two thirds of the harness's time.
package complexitytest

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// Slack is the factor over n log n growth a reader may show before the test
// fails: well under the 16× a quadratic one adds from n to 16n.
const Slack = 4

// Ceiling is the longest a reader may take on an input at its kind's size
// limit (the acceptance: no run over 10 s).
const Ceiling = 10 * time.Second

// minTime is the least time the smallest size must take for its timing to
// mean something: the harness doubles n until it does.
const minTime = 20 * time.Millisecond

// maxDoublings bounds the doubling of n towards minTime.
const maxDoublings = 12

// Growth is what one complexity test measured, from n to 16n.
type Growth struct {
	Kind          string
	N             int              // the base size, in the generator's units
	Times         [2]time.Duration // best of three at n; at 16n, the first within the bound, else best of three
	Allocs        [2]uint64        // bytes allocated at n and at 16n
	TimeRatio     float64          // Times[1]/Times[0]
	AllocRatio    float64          // Allocs[1]/Allocs[0]
	Bound         float64          // the largest ratio allowed
	NLogNExpected float64          // 16 · log2(16n)/log2(n)
}

// Skip skips t in the -short tier: complexity tests belong to the full
// tier, though each takes seconds.
func Skip(t testing.TB) {
	t.Helper()
	tier.FullOnly(t, "a complexity test")
}

// Linear measures run on gen(n) and gen(16n), starting from base (doubled
// while the smallest input runs too fast to time), and fails t when time or
// allocated bytes grow faster than n log n (times Slack). gen builds the
// input outside the timing; run must do the whole read, and fail t itself on
// an error it does not expect.
func Linear[T any](t *testing.T, kind string, base int, gen func(n int) T, run func(T)) Growth {
	t.Helper()
	return LinearUpTo(t, kind, base, math.MaxInt, gen, run)
}

// LinearUpTo is Linear for a kind whose input has a limit of its own: the
// doubling of n stops before 16n would pass largest. How far n doubles
// depends on the machine's speed, so without the cap a fast run could
// measure an input the reader refuses, not one it reads.
func LinearUpTo[T any](t *testing.T, kind string, base, largest int, gen func(n int) T, run func(T)) Growth {
	t.Helper()
	n := base
	g := Growth{Kind: kind}
	for doublings := 0; ; doublings++ {
		g.Times[0], g.Allocs[0] = measure(gen(n), run)
		if g.Times[0] >= minTime || doublings == maxDoublings || 32*n > largest {
			break
		}
		n *= 2
	}
	g.N = n
	g.NLogNExpected = 16 * math.Log2(float64(16*n)) / math.Log2(float64(max(n, 2)))
	g.Bound = g.NLogNExpected * Slack
	g.Times[1], g.Allocs[1] = measureUntil(gen(16*n), run, time.Duration(float64(g.Times[0])*g.Bound))
	g.TimeRatio = float64(g.Times[1]) / math.Max(1, float64(g.Times[0]))
	g.AllocRatio = float64(g.Allocs[1]) / math.Max(1, float64(g.Allocs[0]))
	t.Logf("%s", g)
	record(g)
	if g.TimeRatio > g.Bound {
		t.Errorf("%s: time grows %.1f× from n=%d to 16n, over n log n's %.1f× (× slack %d = %.1f): %v",
			kind, g.TimeRatio, n, g.NLogNExpected, Slack, g.Bound, g.Times)
	}
	if g.AllocRatio > g.Bound {
		t.Errorf("%s: allocated bytes grow %.1f× from n=%d to 16n, over n log n's %.1f× (× slack %d = %.1f): %v",
			kind, g.AllocRatio, n, g.NLogNExpected, Slack, g.Bound, g.Allocs)
	}
	return g
}

// Within fails t when run on input takes longer than Ceiling (in CPU time,
// as Linear measures): the input at the kind's size limit.
func Within[T any](t *testing.T, kind string, input T, run func(T)) time.Duration {
	t.Helper()
	runtime.GC()
	start := cpuTime()
	run(input)
	d := cpuTime() - start
	t.Logf("%s: %v at the size limit", kind, d.Round(time.Millisecond))
	if d > Ceiling {
		t.Errorf("%s: an input at the size limit takes %v, over the ceiling of %v", kind, d, Ceiling)
	}
	return d
}

// measure is the best of three timings of run(input) and the bytes the
// first run allocated.
func measure[T any](input T, run func(T)) (time.Duration, uint64) {
	return measureUntil(input, run, 0)
}

// measureUntil is measure that stops at the first timing within enough:
// the best of three is then within it too.
func measureUntil[T any](input T, run func(T), enough time.Duration) (time.Duration, uint64) {
	best := time.Duration(math.MaxInt64)
	var allocated uint64
	for i := range 3 {
		if best <= enough {
			break
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := cpuTime()
		run(input)
		d := cpuTime() - start
		runtime.ReadMemStats(&after)
		best = min(best, d)
		if i == 0 {
			allocated = after.TotalAlloc - before.TotalAlloc
		}
	}
	return best, allocated
}

// String is one table row: the kind, n, the times and the ratios.
func (g Growth) String() string {
	return fmt.Sprintf("%s: n=%d, %v at n, %v at 16n; time ×%.1f, bytes ×%.1f from n to 16n (n log n: ×%.1f, bound ×%.1f)",
		g.Kind, g.N, g.Times[0].Round(time.Microsecond), g.Times[1].Round(time.Microsecond),
		g.TimeRatio, g.AllocRatio, g.NLogNExpected, g.Bound)
}

// record appends g, as a Markdown table row, to the file the environment
// variable BQGEN_COMPLEXITY_LOG names (none: nothing): how the growth table
// of a full run is collected.
func record(g Growth) {
	path := os.Getenv("BQGEN_COMPLEXITY_LOG")
	if path == "" {
		return
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintf(f, "| %s | %d | %v | %v | %.1f | %.1f | %.1f |\n", g.Kind, g.N,
		g.Times[0].Round(time.Microsecond), g.Times[1].Round(time.Microsecond), g.TimeRatio, g.AllocRatio, g.Bound)
}

// Mix is n pieces drawn from pieces by a fixed-seed generator, joined: an
// input of many small items in an order no one wrote by hand, the same on
// every run.
func Mix(seed uint64, n int, pieces ...string) string {
	var b strings.Builder
	x := seed | 1
	for range n {
		x ^= x << 13 // xorshift64: deterministic, and no import of math/rand state
		x ^= x >> 7
		x ^= x << 17
		b.WriteString(pieces[x%uint64(len(pieces))])
	}
	return b.String()
}

// Nest is open n times, then middle, then close n times: a nesting bomb.
func Nest(open, middle, close string, n int) string {
	return strings.Repeat(open, n) + middle + strings.Repeat(close, n)
}
