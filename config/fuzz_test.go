package config

import "testing"

// FuzzParse: any bytes give a config or an error naming the file; nothing
// panics, and a config that loads has the version this bqgen reads and at
// least one target.
func FuzzParse(f *testing.F) {
	f.Add([]byte(good))
	f.Add([]byte("version: 1\ntargets: [{lang: go, out: ., exemptions: [{case: '[', action: fail}]}]\n"))
	f.Add([]byte("&a [*a, *a]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Parse("bqgen.yaml", data, langs, blocks)
		if err != nil {
			return
		}
		if c.Version != Version || len(c.Targets) == 0 {
			t.Fatalf("loaded a config with version %d and %d targets", c.Version, len(c.Targets))
		}
	})
}
