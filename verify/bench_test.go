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
// oracle and every mutant), per language, as verify runs it ("default":
// warm runners where the language has one, warm-runner 1; each mutant's
// run limited to the test files whose answers it changes, selected-files
// 1), with every test in every run ("every-test", the way before the
// selection) and with a runner process and an oracle server per run
// ("process-per-run"; skipped where the default is that already). It reports the wall
// time of a verification and the CPU time it took (cpu-s/op: the runner
// processes', the oracle servers' and verify's own, which serves the
// oracle by default), the figure a loaded machine distorts least. One verification takes tens of seconds:
// run it with -benchtime 1x, one language at a time, e.g.
//
//	go test ./verify -run '^$' -bench 'Verify/java' -benchtime 1x -timeout 60m
//
// scripts/verify-bench.sh runs the default mode of every language and
// writes the table in docs/development.md from what this reports.
func BenchmarkVerify(b *testing.B) {
	s := suitetest.Canonical(b)
	mutants, err := verify.MutantsOf(s)
	if err != nil {
		b.Fatal(err)
	}
	toolchains := app.Toolchains()
	for _, be := range app.Backends() {
		tc := toolchains[be.Lang()]
		_, warm := tc.(verify.WarmToolchain)
		for _, mode := range []string{"default", "every-test", "process-per-run"} {
			b.Run(be.Lang()+"/"+mode, func(b *testing.B) {
				if err := tc.Available(); err != nil {
					b.Skip(err)
				}
				if mode == "process-per-run" && !warm {
					b.Skip("the default already runs a process per run")
				}
				bin := prooftest.OracleBin(b)
				var cpu time.Duration
				warmRunner := 1.0 // 0 once a verification says its runs went a process each
				selected := 1.0   // 0 once a verification says its runs ran every test
				var mutantRuns, mutantsRun int
				b.ResetTimer()
				for range b.N {
					before := verifyCPU()
					rep, err := verify.Run(context.Background(), verify.Config{Backend: be, Toolchain: tc, Suite: s,
						OracleBin: bin, Mutants: mutants, Log: io.Discard, ProcessPerRun: mode == "process-per-run",
						EveryTest: mode == "every-test"})
					cpu += verifyCPU() - before
					if err != nil || !rep.OK() {
						b.Fatalf("verify %s: %v (ok %v)", be.Lang(), err, rep.OK())
					}
					if rep.ProcessPerRun != "" {
						warmRunner = 0
					}
					if rep.EveryTest != "" {
						selected = 0
					}
					mutantRuns, mutantsRun = rep.MutantRuns, len(rep.Mutants)
				}
				if cpu > 0 {
					b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
				}
				if mode == "default" {
					b.ReportMetric(warmRunner, "warm-runner")
					b.ReportMetric(selected, "selected-files")
					b.ReportMetric(float64(mutantRuns), "mutant-runs")
					b.ReportMetric(float64(mutantsRun), "mutants")
				}
			})
		}
	}
}
