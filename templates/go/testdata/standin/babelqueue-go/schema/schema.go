// Package schema is a stand-in for babelqueue-go's payload schema validator
// (shared/sdk-api/go.md §7): it parses a schema and finds no violations.
package schema

import "encoding/json"

// Schema is a parsed payload schema.
type Schema struct{ raw map[string]any }

// Parse reads a JSON Schema.
func Parse(raw []byte) (*Schema, error) {
	s := &Schema{}
	if err := json.Unmarshal(raw, &s.raw); err != nil {
		return nil, err
	}
	return s, nil
}

// Validate lists value's violations, sorted; none means valid.
func (s *Schema) Validate(value any) []string {
	if _, ok := value.(map[string]any); !ok && s.raw["type"] == "object" {
		return []string{"not an object"}
	}
	return []string{}
}
