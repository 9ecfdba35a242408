package buildinfo

// PinnedRelease is the bqgen release the documentation tells a maintainer to
// pin: the README's and docs/ci.md's snippets, the Action's description of
// its version input, docs/release.md's example and the `$schema` line of the
// bqgen.yaml that init writes all name it, and a test fails when one names
// another. A release moves it with its tag (docs/release.md).
const PinnedRelease = "v0.1.0"
