package babelqueue_test

import (
	"errors"
	"testing"
)

// TestConformanceProbeEcho calls the operation a later bqgen adds (probe_echo)
// through the generated accessor, as an SDK's own test would: a scaffold
// written before it has no ProbeEcho, so the generated default answers.
func TestConformanceProbeEcho(t *testing.T) {
	echoed, err := conformanceSubjectFor(t).ProbeEcho("ping")
	if !errors.Is(err, ErrConformanceNotProvided) {
		t.Fatalf("ProbeEcho = %q, %v; want not provided", echoed, err)
	}
	t.Skip(err)
}
