package java

import (
	"fmt"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/complexitytest"
)

// adversarialPOM is a pom.xml whose Surefire configuration lists n includes
// and excludes (Ant globs, %regex patterns, some that never close), among
// executions and unknown elements.
func adversarialPOM(n int) []byte {
	var inc strings.Builder
	for i := range n {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&inc, "<include>**/Dir%d/**/*Test%d.java</include>", i, i)
		case 1:
			fmt.Fprintf(&inc, "<include>%%regex[.*Other%d.*(a|b)*c]</include>", i)
		case 2:
			fmt.Fprintf(&inc, "<exclude>**/X%d*, **/Y%d?.java</exclude>", i, i)
		case 3:
			fmt.Fprintf(&inc, "<unknown a='%d'><deep>%s</deep></unknown>", i, strings.Repeat("z", i%200))
		}
	}
	return pom(surefire("<configuration><includes>" + inc.String() + "</includes></configuration>"))
}

// executionsPOM is a pom.xml of n Surefire executions of the test goal,
// each with an id of its own and includes that miss, the default-test one
// skipped, spread over as many plugin elements: every run must be read.
func executionsPOM(n int) []byte {
	var b strings.Builder
	b.WriteString("<executions><execution><id>default-test</id><configuration><skip>true</skip></configuration></execution></executions>")
	for i := range n {
		if i%2 == 0 {
			b.WriteString("</plugin><plugin><artifactId>maven-surefire-plugin</artifactId>")
		}
		fmt.Fprintf(&b, "<executions><execution><id>e%d</id><goals><goal>test</goal></goals>"+
			"<configuration><includes><include>**/*It%d.java</include></includes></configuration></execution></executions>", i, i)
	}
	return pom(surefire(b.String()))
}

func TestComplexityWiring(t *testing.T) {
	complexitytest.Skip(t)
	generated := generate(t, canonical(t), backend.Options{Binding: backend.BindSDK})
	run := func(data []byte) { Backend{}.CheckWiring(map[string][]byte{"pom.xml": data}, generated) }
	complexitytest.Linear(t, "runner config: pom.xml (Surefire includes)", 16, adversarialPOM, run)
	complexitytest.Within(t, "runner config: pom.xml at 1 MiB", adversarialPOM(1<<20/50), run)
	complexitytest.Linear(t, "runner config: pom.xml (Surefire executions)", 16, executionsPOM, run)
	complexitytest.Within(t, "runner config: pom.xml of executions at 1 MiB", executionsPOM(1<<20/200), run)
}
