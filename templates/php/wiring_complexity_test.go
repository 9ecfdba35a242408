package php

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// adversarialPHPUnit is a phpunit.xml of n test suites, each with
// directories, files and excludes, some nested deep in paths.
func adversarialPHPUnit(n int) []byte {
	var b strings.Builder
	b.WriteString(`<phpunit defaultTestSuite="s1"><testsuites>`)
	for i := range n {
		fmt.Fprintf(&b, `<testsuite name="s%d"><directory suffix="Test.php">%s/tests%d</directory><file>t%d.php</file><exclude>%s</exclude></testsuite>`,
			i, strings.Repeat("./a/..", i%30), i, i, strings.Repeat("x/", i%40))
	}
	b.WriteString(`</testsuites></phpunit>`)
	return []byte(b.String())
}

func TestComplexityWiring(t *testing.T) {
	complexitytest.Skip(t)
	generated := wiringOutput(false)
	run := func(data []byte) { Backend{}.CheckWiring(map[string][]byte{"phpunit.xml": data}, generated) }
	complexitytest.Linear(t, "runner config: phpunit.xml (test suites)", 64, adversarialPHPUnit, run)
	complexitytest.Within(t, "runner config: phpunit.xml at 1 MiB", adversarialPHPUnit(1<<20/150), run)
}
