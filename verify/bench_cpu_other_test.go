//go:build !unix

package verify_test

import "time"

// verifyCPU is not measured here: the benchmark reports wall time alone.
func verifyCPU() time.Duration { return 0 }
