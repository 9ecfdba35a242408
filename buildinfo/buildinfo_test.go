package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func settings(kv ...string) []debug.BuildSetting {
	var out []debug.BuildSetting
	for i := 0; i < len(kv); i += 2 {
		out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return out
}

func TestFrom(t *testing.T) {
	const rev = "313c128abcdef0123456789abcdef0123456789a"
	tests := map[string]struct {
		stamped string
		bi      *debug.BuildInfo
		want    Info
	}{
		"no build info": {want: Info{Version: Devel, Source: SourceUnknown}},
		"go test": {bi: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "", Version: ""}},
			want: Info{Version: Devel, Source: SourceUnknown, Go: "go1.26.8"}},
		"go install": {bi: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/babelqueue/bqgen", Version: "v1.2.3"}},
			want: Info{Version: "v1.2.3", Source: SourceModule, Go: "go1.26.8"}},
		"source build, dirty": {bi: &debug.BuildInfo{GoVersion: "go1.26.8",
			Main:     debug.Module{Version: "v0.0.0-20261202024810-313c128abcde+dirty"},
			Settings: settings("vcs", "git", "vcs.revision", rev, "vcs.modified", "true")},
			want: Info{Version: "v0.0.0-20261202024810-313c128abcde+dirty", Source: SourceVCS, Revision: rev, Modified: true, Go: "go1.26.8"}},
		"source build, no version stamped": {bi: &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: settings("vcs.revision", rev, "vcs.modified", "false")},
			want: Info{Version: Devel, Source: SourceVCS, Revision: rev}},
		"release wins": {stamped: "v1.3.0", bi: &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261202024810-313c128abcde"}, Settings: settings("vcs.revision", rev)},
			want: Info{Version: "v1.3.0", Source: SourceRelease, Revision: rev}},
	}
	for name, tt := range tests {
		got := from(tt.stamped, tt.bi)
		if tt.want.Go == "" {
			tt.want.Go = got.Go // the running Go, when the build info has none
		}
		tt.want.OS, tt.want.Arch = got.OS, got.Arch
		if got != tt.want {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, tt.want)
		}
		if got.OS == "" || got.Arch == "" || got.Go == "" {
			t.Errorf("%s: platform missing: %+v", name, got)
		}
	}
}

func TestText(t *testing.T) {
	info := Info{Version: "v0.0.0-20261202024810-313c128abcde+dirty", Source: SourceVCS, Revision: "313c128", Modified: true, Suite: "1.4.0", Go: "go1.26.8", OS: "windows", Arch: "arm64"}
	want := "bqgen v0.0.0-20261202024810-313c128abcde+dirty (vcs)\nrevision: 313c128 (modified)\nsuite: 1.4.0 (embedded CONFORMANCE_VERSION)\ngo: go1.26.8 windows/arm64\n"
	if got := info.Text(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := (Info{Version: "v1.0.0", Source: SourceRelease}).Text(); strings.Contains(got, "revision") || !strings.HasPrefix(got, "bqgen v1.0.0 (release)\n") {
		t.Errorf("release text: %q", got)
	}
}

func TestReadIsThisTestBinary(t *testing.T) {
	info := Read()
	if info.Version != Devel && !IsSemver(info.Version) {
		t.Errorf("a test binary's version is %q, want %q or a semantic version", info.Version, Devel)
	}
	if Version() != info.Version {
		t.Errorf("Version() = %q, Read().Version = %q", Version(), info.Version)
	}
}
