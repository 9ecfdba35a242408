package verify

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
)

// fakeToolchain counts its process-per-run runs; its warm runners (when
// startWarm is set) count theirs.
type fakeToolchain struct {
	startWarm func() (WarmRunner, error)
	mu        sync.Mutex
	coldRuns  int
}

func (*fakeToolchain) Lang() string                                     { return "fake" }
func (*fakeToolchain) Available() error                                 { return nil }
func (*fakeToolchain) Prepare(context.Context, string, io.Writer) error { return nil }
func (f *fakeToolchain) Run(context.Context, string, []string) (Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.coldRuns++
	return Result{Passed: 1}, nil
}

// fakeWarm's runs fail with err once they reach breakAt (0: never).
type fakeWarm struct {
	runs, breakAt int
	closed        bool
}

func (w *fakeWarm) Run(context.Context, []string) (Result, error) {
	w.runs++
	if w.breakAt > 0 && w.runs >= w.breakAt {
		return Result{}, errors.New("the runner exited")
	}
	return Result{Passed: 2}, nil
}

func (w *fakeWarm) Close() error { w.closed = true; return nil }

type fakeWarmToolchain struct{ *fakeToolchain }

func (f fakeWarmToolchain) StartWarm(context.Context, string) (WarmRunner, error) {
	return f.startWarm()
}

func TestRunnersUseTheWarmRunnerAndReuseIt(t *testing.T) {
	warm := &fakeWarm{}
	tc := fakeWarmToolchain{&fakeToolchain{startWarm: func() (WarmRunner, error) { return warm, nil }}}
	var log strings.Builder
	pool := &runners{tc: tc, log: &log}
	for range 3 {
		r := pool.take(context.Background())
		if res, err := r.run(context.Background(), nil); err != nil || res.Passed != 2 {
			t.Fatalf("run: %+v, %v", res, err)
		}
		pool.give(r)
	}
	pool.close()
	if why := pool.processPerRun(); why != "" {
		t.Errorf("processPerRun %q after warm runs only", why)
	}
	if warm.runs != 3 || tc.coldRuns != 0 || !warm.closed || log.Len() != 0 {
		t.Errorf("warm runs %d, process-per-run runs %d, closed %v, log %q; want 3 runs on one warm runner, closed, nothing said",
			warm.runs, tc.coldRuns, warm.closed, log.String())
	}
}

func TestRunnersFallBackToAProcessPerRunAndSaySoOnce(t *testing.T) {
	cases := map[string]struct {
		tc   Toolchain
		cold bool
		want string // in the one line said; "" for silence
		why  string // what the Report records (processPerRun)
	}{
		"no warm runner": {tc: &fakeToolchain{}, want: "fake: running one process per run: fake has no warm runner", why: "fake has no warm runner"},
		"cannot start": {tc: fakeWarmToolchain{&fakeToolchain{startWarm: func() (WarmRunner, error) {
			return nil, errors.New("no JVM")
		}}}, want: "fake: running one process per run: no JVM", why: "no JVM"},
		"breaks": {tc: fakeWarmToolchain{&fakeToolchain{startWarm: func() (WarmRunner, error) {
			return &fakeWarm{breakAt: 2}, nil
		}}}, want: "fake: running one process per run: the runner exited", why: "the runner exited"},
		"asked for": {tc: fakeWarmToolchain{&fakeToolchain{startWarm: func() (WarmRunner, error) {
			t.Error("a warm runner started with ProcessPerRun")
			return nil, errors.New("no")
		}}}, cold: true, why: "asked for"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var log strings.Builder
			pool := &runners{tc: c.tc, log: &log, cold: c.cold}
			for range 2 { // two workers, two runs each
				r := pool.take(context.Background())
				for range 2 {
					if res, err := r.run(context.Background(), nil); err != nil || res.Total() == 0 {
						t.Fatalf("run: %+v, %v", res, err)
					}
				}
			}
			said := strings.TrimSuffix(log.String(), "\n")
			if said != c.want {
				t.Errorf("said %q, want %q (one line, once)", said, c.want)
			}
			if why := pool.processPerRun(); why != c.why {
				t.Errorf("processPerRun %q, want %q", why, c.why)
			}
		})
	}
}

func TestWarmRequestEncodesEveryValueOnOneLine(t *testing.T) {
	got := encodeWarmRequest(warmFields("/tmp/out put", map[string]string{"args": "--a\x00b c"},
		[]string{"BQGEN_ORACLE_FAULT=a b\nc", "BQGEN_ORACLE_BIN=/x=y"}))
	want := "args=2d2d6100622063 env.BQGEN_ORACLE_BIN=2f783d79 env.BQGEN_ORACLE_FAULT=6120620a63 output=2f746d702f6f757420707574\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
