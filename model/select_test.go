package model_test

import (
	"slices"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

func TestSelectKeepsOnlyTheNamedBlocks(t *testing.T) {
	s := suitetest.Canonical(t)
	before := s.Blocks()
	sel, err := s.Select([]string{model.BlockSQS, model.BlockKafka})
	if err != nil {
		t.Fatal(err)
	}
	if got := sel.Blocks(); !slices.Equal(got, []string{model.BlockSQS, model.BlockKafka}) {
		t.Errorf("blocks %v", got)
	}
	if len(sel.Files) != len(s.Files) {
		t.Error("the suite's files changed")
	}
	if !slices.Equal(s.Blocks(), before) {
		t.Error("Select changed the original suite")
	}
	if all, _ := s.Select(nil); all != s {
		t.Error("an empty selection is not the whole suite")
	}
	if _, err := s.Select([]string{"nats"}); err == nil {
		t.Error("an unknown block was accepted")
	}
}
