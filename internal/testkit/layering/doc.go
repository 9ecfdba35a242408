// Package layering holds bqgen's packages to the layers docs/development.md
// draws: its test reads that table and checks every import go list reports.
package layering
