package verify

import (
	"context"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"sync"
)

// nodeRunFlags are the V8 flags each run passes to node, where this node
// accepts them. A run is one short pass over the tests in a fresh process,
// and V8's optimising compiler and its parallel garbage collector cost
// more than they save in it: on the canonical suite a run took about 880
// ms of CPU with V8's defaults, 660 ms without TurboFan and 610 ms with the
// collector on one thread as well. A young generation of 1 MiB a
// semi-space, not 16, is less memory for each run's worker to map and
// touch: 20 runs of the payload schema tests took 2.61 s of CPU against
// 2.82 s. None changes what JavaScript does. (The project's own `npm test`
// keeps node's defaults.)
var nodeRunFlags = []string{"--no-turbofan", "--single-threaded-gc", "--max-semi-space-size=1"}

// nodeFlagProbes keeps, per node executable, which of nodeRunFlags it
// accepts: node refuses an option it does not know, and a V8 that renames
// a flag must not fail every run.
var nodeFlagProbes = struct {
	sync.Mutex
	accepted map[string][]string
}{accepted: map[string][]string{}}

// acceptedRunFlags returns those of nodeRunFlags that node accepts, asking
// it once per process for each flag (`node FLAG -e 0`).
func acceptedRunFlags(ctx context.Context, node string) []string {
	nodeFlagProbes.Lock()
	defer nodeFlagProbes.Unlock()
	if flags, ok := nodeFlagProbes.accepted[node]; ok {
		return flags
	}
	flags := []string{}
	for _, flag := range nodeRunFlags {
		if exec.CommandContext(ctx, node, flag, "-e", "0").Run() == nil {
			flags = append(flags, flag)
		}
	}
	if ctx.Err() == nil { // a probe cut short says nothing of the flag
		nodeFlagProbes.accepted[node] = flags
	}
	return flags
}

// sayRefusedRunFlags logs the run flags node refuses: its runs go
// without them, slower, and verify says so.
func sayRefusedRunFlags(ctx context.Context, node string, log io.Writer) {
	accepted := acceptedRunFlags(ctx, node)
	for _, flag := range nodeRunFlags {
		if !slices.Contains(accepted, flag) {
			fmt.Fprintf(log, "node: %s refuses %s: the runs go without it, slower\n", node, flag)
		}
	}
}
