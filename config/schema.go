package config

import _ "embed"

// SchemaURL is where editors find the JSON Schema of bqgen.yaml: the
// `# yaml-language-server: $schema=` line of init's starter names it.
const SchemaURL = "https://raw.githubusercontent.com/babelqueue/bqgen/main/config/bqgen.schema.json"

// Schema is the JSON Schema (draft-07) of bqgen.yaml, for editor completion
// and validation. A test holds it to the keys the loader takes, the languages
// and the blocks.
//
//go:embed bqgen.schema.json
var Schema []byte
