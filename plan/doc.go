// Package plan is what a generate, check, diff or report run does: its
// targets, from the flags or from bqgen.yaml, checked against the suite in
// use and generated in memory; and, once written, what a target lost and
// what --adopt took over. The command line decides what to print and with
// which exit code; plan's errors carry theirs (package exitcode).
package plan
