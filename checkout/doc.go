// Package checkout is what bqgen does to an SDK checkout: generate writes
// each target into it (Write), check compares it with what generate would
// write (Check); both say what the SDK's own files (its test runner's
// configuration, its scaffold, its .gitattributes) lack for the generated
// tests.
package checkout
