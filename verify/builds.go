package verify

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sync"
)

// Builds keeps what verify builds the same way whatever the suite: the warm
// runners' harnesses and node's installed devDependencies, each under a key
// naming everything it is built from. A process that verifies several
// suites (the full tier proves three per language) gives its toolchains one
// Builds and builds each of those once; a toolchain without one builds them
// in every project, as `bqgen verify` does for its one suite.
type Builds struct {
	dir     string
	mu      sync.Mutex
	entries map[string]*buildEntry
}

// buildEntry is one key's build, made once.
type buildEntry struct {
	once sync.Once
	dir  string
	err  error
}

// NewBuilds makes an empty store in a temporary directory of its own, which
// Close removes.
func NewBuilds() (*Builds, error) {
	dir, err := os.MkdirTemp("", "bqgen-verify-builds-")
	if err != nil {
		return nil, err
	}
	return &Builds{dir: dir, entries: map[string]*buildEntry{}}, nil
}

// Close removes everything built.
func (b *Builds) Close() error {
	if b == nil {
		return nil
	}
	return os.RemoveAll(b.dir)
}

// dirFor returns the directory holding key's build, running build into a
// directory of the store's the first time key is asked for; a build that
// failed fails every later ask too. Without a store (b nil) it builds into
// own, a project's directory, every time.
func (b *Builds) dirFor(key, own string, build func(dir string) error) (string, error) {
	if b == nil {
		return own, build(own)
	}
	b.mu.Lock()
	e, ok := b.entries[key]
	if !ok {
		e = &buildEntry{}
		b.entries[key] = e
	}
	b.mu.Unlock()
	e.once.Do(func() {
		sum := sha256.Sum256([]byte(key))
		e.dir = filepath.Join(b.dir, hex.EncodeToString(sum[:8]))
		if e.err = os.MkdirAll(e.dir, 0o755); e.err == nil {
			e.err = build(e.dir)
		}
	})
	return e.dir, e.err
}

// ShareBuilds returns tc keeping its suite-independent builds in b, where it
// has any (Java, .NET and Node); any other toolchain as it is.
func ShareBuilds(tc Toolchain, b *Builds) Toolchain {
	switch tc := tc.(type) {
	case JavaToolchain:
		tc.Builds = b
		return tc
	case DotnetToolchain:
		tc.Builds = b
		return tc
	case NodeToolchain:
		tc.Builds = b
		return tc
	}
	return tc
}
