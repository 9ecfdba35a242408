//go:build !unix

package verify_test

import "time"

// childCPU is not measured here: the benchmark reports wall time alone.
func childCPU() time.Duration { return 0 }
