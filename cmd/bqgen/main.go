// Command bqgen generates native BabelQueue conformance tests for every SDK
// language from one conformance suite, and proves them against an oracle.
package main

import (
	"os"
	"runtime"

	"github.com/babelqueue/bqgen/app"
)

func main() {
	if servesTheOracle(os.Args) {
		// The oracle server answers one request at a time, each while the
		// test that sent it waits, and a verification starts one per run:
		// with a single P the runtime keeps no second thread spinning
		// between requests. Over the canonical suite's requests, one run's
		// server took 0.099 s of CPU with two Ps and 0.076 s with one.
		runtime.GOMAXPROCS(1)
	}
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// servesTheOracle reports whether args start the oracle server as the
// generated tests do: `bqgen oracle serve [--fault F]`.
func servesTheOracle(args []string) bool {
	return len(args) >= 3 && args[1] == "oracle" && args[2] == "serve"
}
