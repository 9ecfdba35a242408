// Command bqgen generates native BabelQueue conformance tests for every SDK
// language from one conformance suite, and proves them against an oracle.
package main

import (
	"context"
	"os"

	"github.com/babelqueue/bqgen/app"
)

func main() {
	os.Exit(app.Run(context.Background(), os.Args, os.Stdin, os.Stdout, os.Stderr))
}
