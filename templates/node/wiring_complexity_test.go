package node

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// adversarialManifest is a package.json whose test script lists n files and
// globs (stars, question marks, recursive globs that match nothing), and n
// other scripts.
func adversarialManifest(n int) map[string][]byte {
	var args strings.Builder
	args.WriteString("node --import tsx --test")
	scripts := map[string]string{}
	for i := range n {
		fmt.Fprintf(&args, " test/**/*%d*?*.spec.ts ./test/file%d.test.ts", i, i)
		scripts[fmt.Sprintf("s%d", i)] = strings.Repeat("x", i%100)
	}
	scripts["test"] = args.String()
	data, err := json.Marshal(map[string]any{"name": "sdk", "scripts": scripts})
	if err != nil {
		panic(err)
	}
	return map[string][]byte{"package.json": data}
}

func TestComplexityWiring(t *testing.T) {
	complexitytest.Skip(t)
	generated := generate(t, canonical(t), backend.BindSDK)
	run := func(files map[string][]byte) { New().(backend.WiringChecker).CheckWiring(files, generated) }
	complexitytest.Linear(t, "runner config: package.json (test script)", 16, adversarialManifest, run)
	complexitytest.Within(t, "runner config: package.json at 1 MiB", adversarialManifest(1<<20/110), run)
}
