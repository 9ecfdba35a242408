package verify_test

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/app"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/verify"
)

// BenchmarkVerify is `bqgen verify --lang L` on the canonical suite (the
// oracle and every mutant), per language, with warm runners ("warm") and
// with a runner process per run ("process-per-run", the way before). It
// reports the wall time of a verification and the CPU time its runner
// processes took (cpu-s/op), the figure a loaded machine distorts least.
// One verification takes tens of seconds: run it with -benchtime 1x, one
// language at a time, e.g.
//
//	go test ./verify -run '^$' -bench 'Verify/java' -benchtime 1x -timeout 60m
func BenchmarkVerify(b *testing.B) {
	s := suitetest.Canonical(b)
	mutants, err := verify.MutantsOf(s)
	if err != nil {
		b.Fatal(err)
	}
	toolchains := app.Toolchains()
	for _, be := range app.Backends() {
		tc := toolchains[be.Lang()]
		for _, mode := range []string{"warm", "process-per-run"} {
			b.Run(be.Lang()+"/"+mode, func(b *testing.B) {
				if err := tc.Available(); err != nil {
					b.Skip(err)
				}
				bin := prooftest.OracleBin(b)
				var cpu time.Duration
				b.ResetTimer()
				for range b.N {
					before := childCPU()
					rep, err := verify.Run(context.Background(), verify.Config{Backend: be, Toolchain: tc, Suite: s,
						OracleBin: bin, Mutants: mutants, Log: io.Discard, ProcessPerRun: mode != "warm"})
					cpu += childCPU() - before
					if err != nil || !rep.OK() {
						b.Fatalf("verify %s: %v (ok %v)", be.Lang(), err, rep.OK())
					}
				}
				if cpu > 0 {
					b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
				}
			})
		}
	}
}
