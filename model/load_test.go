package model_test

import (
	"testing"

	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
)

func TestLoadEmbedded(t *testing.T) {
	s, problems := model.Load(conformance.FS)
	for _, p := range problems {
		t.Log(p)
	}
	if len(problems.Errors()) > 0 {
		t.Fatal("embedded suite has errors")
	}
	t.Log(s.Blocks(), s.Version, len(s.Files))
}
