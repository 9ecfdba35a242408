package oracle

import (
	"encoding/json"
	"sync"
)

// decodedSchemas keeps the schemas validate_payload decoded last, by their
// bytes. A suite's payload cases share a handful of schemas, each sent
// whole with every case: decoding one is most of a validation, and verify
// asks each schema's cases again of every mutant (the reference run, the
// replays). A decoded schema is only read (the validator's caches are its
// own), so the oracles of every goroutine share it.
var decodedSchemas = schemaCache{entries: map[string]any{}}

// Bounds of the cache: a schema past maxCachedSchemaBytes is decoded each
// time, and the cache empties when it would hold more than
// maxCachedSchemas, so what it keeps stays below a few megabytes whatever
// the requests.
const (
	maxCachedSchemas     = 32
	maxCachedSchemaBytes = 64 << 10
)

type schemaCache struct {
	mu      sync.Mutex
	entries map[string]any
}

// decodeSchema is decodeValue for a schema, from the cache when the same
// bytes were decoded before.
func decodeSchema(raw json.RawMessage) (any, error) {
	if len(raw) > maxCachedSchemaBytes {
		return decodeValue(raw)
	}
	c := &decodedSchemas
	c.mu.Lock()
	v, ok := c.entries[string(raw)]
	c.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := decodeValue(raw)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	if len(c.entries) >= maxCachedSchemas {
		clear(c.entries)
	}
	c.entries[string(raw)] = v
	c.mu.Unlock()
	return v, nil
}
