// Package action holds the tests of bqgen's GitHub Action (action.yml at the
// repository root) and of the CI recipes of docs/ci.md: the action's shell
// steps (install.sh, run.sh, in this directory) run for real with the
// environment a runner sets, against fake release assets and stand-in SDK
// checkouts. It has no code of its own.
package action
