package app

import (
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
)

func TestMain(m *testing.M) { prooftest.Main(m) }
