package config

import (
	_ "embed"

	"github.com/babelqueue/bqgen/buildinfo"
)

// SchemaURL is where editors find the JSON Schema of bqgen.yaml: the
// `# yaml-language-server: $schema=` line of init's starter names it. It is
// the pinned release's copy, not main's, so an editor checks a bqgen.yaml
// against the keys of the bqgen that CI runs.
const SchemaURL = "https://raw.githubusercontent.com/babelqueue/bqgen/" + buildinfo.PinnedRelease + "/config/bqgen.schema.json"

// Schema is the JSON Schema (draft-07) of bqgen.yaml, for editor completion
// and validation. A test holds it to the keys the loader takes, the languages
// and the blocks.
//
//go:embed bqgen.schema.json
var Schema []byte
