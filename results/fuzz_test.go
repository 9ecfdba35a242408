package results

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: whatever the bytes, Read returns a run or an error, never
// panics, and a run holds only the three outcomes.
func FuzzRead(f *testing.F) {
	samples, _ := filepath.Glob(filepath.Join("testdata", "*"))
	for _, s := range samples {
		if data, err := os.ReadFile(s); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		run, err := Read("fuzz", data)
		if err != nil {
			return
		}
		for _, test := range run.Tests {
			if test.Outcome != Pass && test.Outcome != Fail && test.Outcome != Skip {
				t.Fatalf("test %+q: outcome %q", test, test.Outcome)
			}
		}
	})
}
