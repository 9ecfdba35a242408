package jsonpos

import "testing"

const doc = `{
  "version": "1.0",
  "cases": [
    {"name": "a"},
    {
      "name": "ü/~x",
      "a/b": {"m~n": [1, 2,
        3]}
    }
  ]
}`

func TestFind(t *testing.T) {
	for _, c := range []struct {
		pointer   string
		line, col int
		ok        bool
	}{
		{"", 1, 1, true},
		{"/version", 2, 14, true},
		{"/cases", 3, 12, true},
		{"/cases/0", 4, 5, true},
		{"/cases/0/name", 4, 14, true},
		{"/cases/1", 5, 5, true},
		{"/cases/1/name", 6, 15, true},
		{"/cases/1/a~1b/m~0n/2", 8, 9, true},
		{"/cases/2", 0, 0, false},
		{"/cases/01", 0, 0, false},
		{"/nope", 0, 0, false},
		{"/version/x", 0, 0, false},
		{"no-slash", 0, 0, false},
	} {
		line, col, ok := Find([]byte(doc), c.pointer)
		if line != c.line || col != c.col || ok != c.ok {
			t.Errorf("Find(%q) = %d:%d %v, want %d:%d %v", c.pointer, line, col, ok, c.line, c.col, c.ok)
		}
	}
	if _, _, ok := Find([]byte(`{"a": [`), "/a/0"); ok {
		t.Error("found a value in truncated JSON")
	}
}
