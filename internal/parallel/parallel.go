// Package parallel runs independent pieces of work on every core.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls do(i) for every i in [0, n), on as many goroutines as there
// are processors (a backend's files, validate's questions to the oracle). It
// returns
// the error of the lowest i that failed, so the error is the same on every
// run whatever the scheduling.
func Each(n int, do func(i int) error) error {
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				errs[i] = do(i)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
