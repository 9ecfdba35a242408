package verify

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

func TestBuildsBuildEachKeyOnce(t *testing.T) {
	b, err := NewBuilds()
	if err != nil {
		t.Fatal(err)
	}
	var built atomic.Int32
	build := func(dir string) error {
		built.Add(1)
		return os.WriteFile(filepath.Join(dir, "out"), []byte("built"), 0o644)
	}
	var wg sync.WaitGroup
	dirs := make([]string, 8)
	for i := range dirs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dir, err := b.dirFor("harness", t.TempDir(), build)
			if err != nil {
				t.Error(err)
			}
			dirs[i] = dir
		}()
	}
	wg.Wait()
	if built.Load() != 1 {
		t.Errorf("built %d times for one key, want once", built.Load())
	}
	for _, dir := range dirs[1:] {
		if dir != dirs[0] {
			t.Errorf("one key gave two directories: %s and %s", dirs[0], dir)
		}
	}
	other, err := b.dirFor("other harness", t.TempDir(), build)
	if err != nil || other == dirs[0] || built.Load() != 2 {
		t.Errorf("another key: %s (%v), %d builds; want a directory of its own, built once more", other, err, built.Load())
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dirs[0]); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Close left %s: %v", dirs[0], err)
	}
}

func TestBuildsKeepAFailure(t *testing.T) {
	b, err := NewBuilds()
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	broken := errors.New("does not compile")
	calls := 0
	for range 2 {
		_, err := b.dirFor("harness", t.TempDir(), func(string) error { calls++; return broken })
		if !errors.Is(err, broken) {
			t.Errorf("got %v, want the build's error", err)
		}
	}
	if calls != 1 {
		t.Errorf("a failed build ran %d times, want once", calls)
	}
}

func TestNoBuildsBuildInTheProject(t *testing.T) {
	var b *Builds
	own := t.TempDir()
	for range 2 {
		dir, err := b.dirFor("harness", own, func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "out"), nil, 0o644)
		})
		if err != nil || dir != own {
			t.Errorf("got %s, %v; want the project's own directory", dir, err)
		}
	}
	if err := b.Close(); err != nil {
		t.Errorf("closing no store: %v", err)
	}
}

func TestShareBuildsSetsTheStore(t *testing.T) {
	b := &Builds{}
	for _, tc := range []Toolchain{NewJavaToolchain(), NewDotnetToolchain(), NewNodeToolchain()} {
		var got *Builds
		switch shared := ShareBuilds(tc, b).(type) {
		case JavaToolchain:
			got = shared.Builds
		case DotnetToolchain:
			got = shared.Builds
		case NodeToolchain:
			got = shared.Builds
		}
		if got != b {
			t.Errorf("%s: the store was not set", tc.Lang())
		}
	}
	if tc := ShareBuilds(GoToolchain{}, b); tc != (GoToolchain{}) {
		t.Errorf("go: got %#v, want it unchanged", tc)
	}
}
