package derive

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/model"
)

// payloadSuite is a suite of one payload_schema block: a schema of props
// integer properties and valid cases, the first holding every property
// and a string of pad bytes, each other holding one property. Each
// property derives an integral-float case that copies the first case's
// data: props × pad bytes of manifest from a suite of props + pad.
func payloadSuite(t testing.TB, props, pad, cases int) *model.Suite {
	var schema, first, rest strings.Builder
	for i := range props {
		fmt.Fprintf(&schema, `,"p%d":{"type":"integer"}`, i)
		fmt.Fprintf(&first, `,"p%d":1`, i)
	}
	for i := range cases {
		fmt.Fprintf(&rest, `,{"name":"c%d","valid":true,"data":{"p%d":2}}`, i, i%max(props, 1))
	}
	manifest := `{"schema_version":1,"payload_schema":{"schema":{"type":"object","properties":{"pad":{"type":"string"}` + schema.String() +
		`}},"cases":[{"name":"base","valid":true,"data":{"pad":"` + strings.Repeat("x", pad) + `"` + first.String() + `}}` + rest.String() + `]}}`
	s, problems := model.Load(fstest.MapFS{model.ManifestFile: {Data: []byte(manifest)}, model.VersionFile: {Data: []byte("1.0.0")}})
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatalf("the generated suite: %v", errs[0])
	}
	return s
}

// allocatedBy is the bytes run allocates.
func allocatedBy(run func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	run()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A small suite can derive a huge one (each case copies its base's data):
// derive stops at the case that passes the suite's limit for a file, naming
// the rule and the schema that made it grow, before it builds the rest.
// The limit is lowered to 256 KiB here so the suite need not be large.
func TestDeriveStopsAtTheSuitesLimits(t *testing.T) {
	s := payloadSuite(t, 200, 8<<10, 0)
	var whole []Case
	all := allocatedBy(func() {
		var err error
		if whole, err = Derive(s); err != nil {
			t.Fatal(err)
		}
	})
	if len(whole) < 200 {
		t.Fatalf("derived %d cases, want one per property at least", len(whole))
	}
	defer func(old outputLimits) { suiteLimits = old }(suiteLimits)
	suiteLimits.file = 256 << 10
	var err error
	cut := allocatedBy(func() { _, err = Derive(s) })
	for _, want := range []string{"derive stopped at payload_schema case derived-p", "(rule integral-float): the derived suite would pass 262144 bytes, the limit for a suite file, in manifest.json",
		"rule integral-float, on payload_schema's schema (manifest.json), added the most", "each a copy of its base case's data"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Derive past the limit: %v\nwant it to say %q", err, want)
		}
	}
	// Some 16 of the 200 cases are built: far less than a quarter of the
	// bytes the whole derivation allocates.
	if cut > all/4 {
		t.Errorf("derive allocated %d KiB to stop at a 256 KiB manifest, %d KiB for the whole derivation: it built past the limit", cut>>10, all>>10)
	}
}

// Each of the suite's limits is held: the total, the files, and what the
// cases make the tests read (a payload case reads its block's schema).
func TestDeriveHoldsEveryLimit(t *testing.T) {
	s := payloadSuite(t, 50, 1<<10, 0)
	var size int64
	for _, f := range s.Files {
		size += int64(len(f.Raw))
	}
	for _, c := range []struct {
		name  string
		lower func(*outputLimits)
		want  string
	}{
		{"total", func(l *outputLimits) { l.total = size + 10<<10 }, "the limit for a whole suite"},
		{"tests read", func(l *outputLimits) { l.testInput = s.TestInputBytes + 4<<10 }, "of what its cases make the tests read"},
	} {
		limits := suiteLimits
		c.lower(&suiteLimits)
		_, err := Derive(s)
		suiteLimits = limits
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s lowered: %v, want %q", c.name, err, c.want)
		}
	}
}
