// Package conformance holds bqgen's canonical copy of the BabelQueue
// conformance suite: manifest.json (the case list), fixtures/ (one canonical
// envelope per case), schema/message-envelope.schema.json (the draft-07
// producer schema) and CONFORMANCE_VERSION (the suite's SemVer).
//
// The files are embedded so the bqgen binary carries the suite with it; a
// command given no suite directory reads this one.
package conformance

import "embed"

// FS is the canonical suite, the default of every bqgen command.
//
// Paths are relative to this directory: "manifest.json",
// "CONFORMANCE_VERSION", "fixtures/<name>.json" and
// "schema/message-envelope.schema.json". The file and envelope_file values in
// manifest.json are paths in FS as they are written.
//
//go:embed manifest.json CONFORMANCE_VERSION fixtures schema
var FS embed.FS
