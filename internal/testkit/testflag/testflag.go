// Package testflag defines the -update flag once for every test package, so
// `go test ./... -update` works: a package that did not define the flag would
// otherwise fail with "flag provided but not defined". Test packages import
// it for its side effect.
package testflag

import "flag"

// Update asks golden tests to rewrite their golden files instead of comparing.
var Update = flag.Bool("update", false, "rewrite golden files instead of comparing with them")
