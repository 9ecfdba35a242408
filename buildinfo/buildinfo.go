// Package buildinfo says which bqgen this is: the release version stamped
// into a release build, the module version `go install` recorded, or the
// revision a source build was made from, with the Go version and platform.
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// stamped is the release version, set at link time by a release build:
//
//	go build -ldflags "-X github.com/babelqueue/bqgen/buildinfo.stamped=v1.2.3"
//
// It wins over everything the build info says (scripts/release-build.sh
// builds with -buildvcs=false, so the build info has no revision then).
var stamped string

// Devel is the version of a build that says nothing about its origin: go
// test, go run, or a build outside a repository.
const Devel = "devel"

// How a version was learnt (Info.Source).
const (
	SourceRelease = "release" // stamped at link time
	SourceModule  = "module"  // go install MODULE@VERSION
	SourceVCS     = "vcs"     // a build in a git checkout
	SourceUnknown = "unknown"
)

// Info is what `bqgen version` prints.
type Info struct {
	Version  string `json:"version"`
	Source   string `json:"source"`
	Revision string `json:"revision,omitempty"` // the VCS revision of a source build
	Modified bool   `json:"modified,omitempty"` // the checkout had uncommitted changes
	Suite    string `json:"suite"`              // the embedded suite's CONFORMANCE_VERSION (set by the caller)
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

// Read returns this binary's Info, without Suite.
var Read = sync.OnceValue(func() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return from(stamped, bi)
})

// Version is this binary's version, as Read says.
func Version() string { return Read().Version }

// from derives an Info from a stamped version and build info (nil when the
// binary has none).
func from(stamped string, bi *debug.BuildInfo) Info {
	info := Info{Version: Devel, Source: SourceUnknown, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if bi != nil {
		if bi.GoVersion != "" {
			info.Go = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				info.Revision = s.Value
			case "vcs.modified":
				info.Modified = s.Value == "true"
			}
		}
	}
	switch {
	case stamped != "":
		info.Version, info.Source = stamped, SourceRelease
	case bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)":
		// go install records the module version; a build in a checkout
		// (Go 1.24 and later) records the tag, or a pseudo-version made of
		// the revision, with "+dirty" when the checkout was modified.
		info.Version, info.Source = bi.Main.Version, SourceModule
		if info.Revision != "" {
			info.Source = SourceVCS
		}
	case info.Revision != "":
		info.Source = SourceVCS
	}
	return info
}

// Text is info as `bqgen version` prints it.
func (info Info) Text() string {
	var b strings.Builder
	b.WriteString("bqgen " + info.Version + " (" + info.Source + ")\n")
	if info.Revision != "" {
		b.WriteString("revision: " + info.Revision)
		if info.Modified {
			b.WriteString(" (modified)")
		}
		b.WriteString("\n")
	}
	suite := info.Suite
	if suite == "" {
		suite = "none"
	}
	b.WriteString("suite: " + suite + " (embedded CONFORMANCE_VERSION)\n")
	b.WriteString("go: " + info.Go + " " + info.OS + "/" + info.Arch + "\n")
	return b.String()
}
