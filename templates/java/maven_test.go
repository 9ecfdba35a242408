package java_test

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/jvm"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/verify"
)

// Maven as the Java SDKs build with it: Debian's maven and its Surefire,
// compiler and resources plugins and JUnit 5, offline against Debian's
// repository (no Maven Central here). The stand-in poms (testdata/maven)
// pin the versions that repository holds.
const (
	// requireMavenEnv, when set (.ci/run sets it where it installed
	// Maven), turns a missing Maven into a failure, so CI cannot pass by
	// skipping.
	requireMavenEnv = "BQGEN_REQUIRE_MAVEN"
	// debianMavenRepo is Debian's Maven repository, the local repository
	// of every run: read only, nothing is downloaded.
	debianMavenRepo = "/usr/share/maven-repo"
	// surefireReports is where Surefire writes its TEST-*.xml.
	surefireReports = "target/surefire-reports"
)

// debianArtifacts are what the stand-in poms ask of Debian's repository,
// each with the package that installs it.
var debianArtifacts = map[string]string{
	"org/apache/maven/plugins/maven-surefire-plugin/2.22.3": "libsurefire-java",
	"org/apache/maven/plugins/maven-compiler-plugin/3.10.1": "libmaven-compiler-plugin-java",
	"org/apache/maven/plugins/maven-resources-plugin/3.3.0": "libmaven-resources-plugin-java",
	"org/junit/jupiter/junit-jupiter/5.9.2":                 "junit5",
	"org/codehaus/mojo/build-helper-maven-plugin/3.3.0":     "libbuild-helper-maven-plugin-java",
}

// requireMaven skips t in the -short tier and where Maven, the plugins or
// a JDK are absent (fails instead under requireMavenEnv).
func requireMaven(t *testing.T) {
	t.Helper()
	tier.Toolchain(t, "maven")
	var missing []string
	if _, err := exec.LookPath("mvn"); err != nil {
		missing = append(missing, "mvn (apt-get install -y maven)")
	}
	for dir, pkg := range debianArtifacts {
		if _, err := os.Stat(filepath.Join(debianMavenRepo, dir)); err != nil {
			missing = append(missing, dir+" in "+debianMavenRepo+" (apt-get install -y "+pkg+")")
		}
	}
	if err := verify.NewJavaToolchain().Available(); err != nil {
		missing = append(missing, err.Error())
	}
	if len(missing) == 0 {
		return
	}
	msg := "Maven cannot run here: missing " + strings.Join(missing, "; ")
	if os.Getenv(requireMavenEnv) != "" {
		t.Fatal(msg + "; " + requireMavenEnv + " is set")
	}
	t.Skip(msg)
}

// mvnTest runs `mvn -o test` in dir, offline against Debian's repository,
// with env added to the environment (the forked test JVM inherits it), and
// returns its output and how long it took. A test that fails is an error
// unless args ignore it (-Dmaven.test.failure.ignore=true).
func mvnTest(t *testing.T, dir string, env []string, args ...string) (string, time.Duration, error) {
	t.Helper()
	short := strings.Join(jvm.ShortLived, " ")
	argv := append([]string{"-o", "-q", "-B", "-Dmaven.repo.local=" + debianMavenRepo,
		// Surefire's fork starts short-lived too, as verify's JVMs do.
		"-DargLine=" + short}, args...)
	cmd := exec.Command("mvn", append(argv, "test")...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "MAVEN_OPTS="+short), env...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	return string(out), time.Since(start), err
}

// surefireSuite is one TEST-*.xml of Surefire: its own counts of one class.
type surefireSuite struct {
	Name     string `xml:"name,attr"`
	Tests    int    `xml:"tests,attr"`
	Failures int    `xml:"failures,attr"`
	Errors   int    `xml:"errors,attr"`
	Skipped  int    `xml:"skipped,attr"`
}

// surefireTotals are Surefire's counts summed over classes.
type surefireTotals struct{ tests, failed, skipped, classes int }

func (s surefireTotals) passed() int { return s.tests - s.failed - s.skipped }

// readSurefire sums the counts of Surefire's reports in dir, per Java
// package (the suite's name up to its last dot); no report is an error.
func readSurefire(t *testing.T, dir string) map[string]surefireTotals {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, surefireReports, "TEST-*.xml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Surefire report in %s", filepath.Join(dir, surefireReports))
	}
	out := map[string]surefireTotals{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var s surefireSuite
		if err := xml.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		pkg := s.Name[:max(strings.LastIndex(s.Name, "."), 0)]
		tot := out[pkg]
		tot.tests, tot.failed, tot.skipped, tot.classes = tot.tests+s.Tests, tot.failed+s.Failures+s.Errors, tot.skipped+s.Skipped, tot.classes+1
		out[pkg] = tot
	}
	return out
}
