package verify

import (
	"context"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// lackingBackend writes one file and lacks the integral-float spelling.
type lackingBackend struct{}

func (lackingBackend) Lang() string { return "fake" }
func (lackingBackend) Generate(*model.Suite, backend.Options) ([]backend.File, error) {
	return []backend.File{{Path: "t.txt", Content: []byte("test\n")}}, nil
}
func (lackingBackend) Lacks() map[protocol.Trait]string {
	return map[protocol.Trait]string{protocol.IntegralFloatSpelling: "numbers keep no spelling"}
}

// faultRecorder passes every run and records the fault each ran against.
type faultRecorder struct {
	fakeToolchain
	mu     sync.Mutex
	faults []string
}

func (f *faultRecorder) Run(_ context.Context, _ string, env []string) (Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, kv := range env {
		if fault, ok := strings.CutPrefix(kv, EnvOracleFault+"="); ok {
			f.faults = append(f.faults, fault)
		}
	}
	return Result{Passed: 1}, nil
}

func (*faultRecorder) Prepare(context.Context, string, io.Writer) error { return nil }

// A mutant needing a trait the backend's language lacks is reported as not
// expressible there, with the reason, and never run; the others still run.
func TestMutantsNeedingALackedTraitAreNotRun(t *testing.T) {
	s := suitetest.Canonical(t)
	mutants := []Mutant{
		{Name: "needs-spelling", Block: model.BlockPayloadSchema, ExpectedFailures: 1, Needs: protocol.IntegralFloatSpelling},
		{Name: "any-language", Block: model.BlockPayloadSchema, ExpectedFailures: 1},
	}
	tc := &faultRecorder{}
	rep, err := Run(context.Background(), Config{Backend: lackingBackend{}, Toolchain: tc, Suite: s,
		OracleBin: "bqgen", Mutants: mutants, ProcessPerRun: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Inexpressible) != 1 || rep.Inexpressible[0].Mutant.Name != "needs-spelling" || rep.Inexpressible[0].Why != "numbers keep no spelling" {
		t.Errorf("inexpressible: %+v, want needs-spelling with the backend's reason", rep.Inexpressible)
	}
	if slices.Contains(tc.faults, "needs-spelling") || !slices.Contains(tc.faults, "any-language") {
		t.Errorf("ran against %q; want any-language run and needs-spelling not", tc.faults)
	}
	var out strings.Builder
	rep.Write(&out)
	if want := "fake: not expressible in fake: needs-spelling (payload_schema): numbers keep no spelling"; !strings.Contains(out.String(), want) {
		t.Errorf("report lacks %q:\n%s", want, out.String())
	}
}
