// Package initdetect is what bqgen init finds in an SDK repository, from its
// package manifests: the core SDK, a transport package and its broker's
// block, or a monorepo's transport packages; and the commented starter
// bqgen.yaml it writes for what it found.
package initdetect
