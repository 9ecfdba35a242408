// Command bqgen generates native BabelQueue conformance tests for every SDK
// language from one conformance suite, and proves them against an oracle.
package main

import (
	"os"

	"github.com/babelqueue/bqgen/app"
)

func main() {
	os.Exit(app.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
