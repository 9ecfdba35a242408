package buildinfo

import "testing"

func TestCompare(t *testing.T) {
	// Each is lower than the next (semver.org's example order, then Go's
	// pseudo-versions around a tag).
	ordered := []string{
		"v0.0.0-20261201000000-aaaaaaaaaaaa",
		"v0.0.0-20261202024810-313c128abcde",
		"v1.0.0-alpha", "v1.0.0-alpha.1", "v1.0.0-alpha.beta", "v1.0.0-beta", "v1.0.0-beta.2", "v1.0.0-beta.11", "v1.0.0-rc.1",
		"v1.0.0",
		"v1.0.1-0.20261202024810-313c128abcde",
		"v1.0.1", "v1.2.0", "v1.10.0", "v2.0.0",
	}
	for i := range ordered {
		for j := range ordered {
			got, ok := Compare(ordered[i], ordered[j])
			want := cmpInt(uint64(i), uint64(j))
			if !ok || got != want {
				t.Errorf("Compare(%s, %s) = %d, %v; want %d", ordered[i], ordered[j], got, ok, want)
			}
		}
	}
}

func TestCompareIgnoresBuildMetadata(t *testing.T) {
	if c, ok := Compare("v1.0.1-0.20261202024810-313c128abcde+dirty", "v1.0.1-0.20261202024810-313c128abcde"); !ok || c != 0 {
		t.Errorf("+dirty counted: %d %v", c, ok)
	}
}

func TestNotSemver(t *testing.T) {
	for _, v := range []string{Devel, "", "1.2.3", "v1.2", "v1.2.3.4", "v01.2.3", "v1.2.3-", "v1.2.3-01", "v1.2.3+", "v1.2.3-a..b", "v1.2.3-a b", "(devel)", "v1.2.3\n"} {
		if IsSemver(v) {
			t.Errorf("IsSemver(%q) = true", v)
		}
		if Newer(v, "v0.0.1") || Newer("v9.9.9", v) {
			t.Errorf("%q compared as a version", v)
		}
	}
}

func TestNewer(t *testing.T) {
	for _, tt := range []struct {
		recorded, running string
		want              bool
	}{
		{"v1.3.0", "v1.2.0", true},
		{"v1.2.0", "v1.2.0", false},
		{"v1.2.0", "v1.3.0", false},
		{"v1.3.0", "v1.3.0-rc.1", true},
		{"v1.2.1-0.20261202024810-313c128abcde+dirty", "v1.2.0", true}, // a source build after v1.2.0
		{"v1.2.0", Devel, false},                                       // a dev build is never called older
		{Devel, "v1.2.0", false},
	} {
		if got := Newer(tt.recorded, tt.running); got != tt.want {
			t.Errorf("Newer(%s, %s) = %v, want %v", tt.recorded, tt.running, got, tt.want)
		}
	}
}
