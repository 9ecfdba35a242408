package config

import (
	"reflect"
	"strings"
)

// Keys lists the YAML keys of each part of a bqgen.yaml, by the Go type that
// holds that part ("Config", "Target", "Exemption"): read from the types' own
// tags, so a key added to a type is known here, to suggestions and to the
// JSON Schema test, without another list to keep.
func Keys() map[string][]string {
	out := map[string][]string{}
	for _, v := range []any{Config{}, Target{}, Exemption{}} {
		t := reflect.TypeOf(v)
		out[t.Name()] = yamlKeys(t)
	}
	return out
}

// yamlKeys are the keys of struct type t in field order.
func yamlKeys(t reflect.Type) []string {
	var keys []string
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if !f.IsExported() || name == "-" || name == "" {
			continue
		}
		keys = append(keys, name)
	}
	return keys
}
