package verify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/internal/jvm"

	javabackend "github.com/babelqueue/bqgen/templates/java"
)

// The JUnit 5 console launcher the Java toolchain runs the tests with.
const (
	// junitLauncherEnv names a launcher jar to use instead of the usual places.
	junitLauncherEnv = "BQGEN_JUNIT_LAUNCHER"
	// debianJUnitLauncher is where Debian's junit5 package puts the launcher.
	debianJUnitLauncher = "/usr/share/java/junit-platform-console-standalone.jar"
	// mavenJUnitLauncherVersion is the launcher fetched from Maven Central
	// with `mvn dependency:get` when the Debian package is not installed.
	mavenJUnitLauncherVersion = "1.10.3"
	// javaRelease is the Java version the generated tests are written for.
	javaRelease = 17
)

// javaTestClasses is where Prepare puts the compiled tests (Maven layout);
// where the generated sources and resources are is the backend's layout.
const javaTestClasses = "target/test-classes"

// JavaToolchain compiles the generated JUnit 5 tests with javac and runs
// them with the JUnit platform console launcher, which bundles JUnit
// Jupiter; the generated tests need nothing else.
type JavaToolchain struct {
	// Builds, when set, keeps the warm runner's harness for every
	// verification of the process (it depends on no suite).
	Builds *Builds
}

// NewJavaToolchain returns the Java toolchain.
func NewJavaToolchain() Toolchain { return JavaToolchain{} }

// Lang is "java".
func (JavaToolchain) Lang() string { return "java" }

// Available checks for javac and java of release 17 or later and for the
// JUnit console launcher, and says how to install what is missing.
func (JavaToolchain) Available() error {
	var missing []string
	for _, tool := range []string{"javac", "java"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, fmt.Sprintf("%s (install a JDK %d or later, e.g. apt-get install -y openjdk-17-jdk-headless)", tool, javaRelease))
		}
	}
	if len(missing) == 0 {
		if err := checkJavacRelease(); err != nil {
			missing = append(missing, err.Error())
		}
	}
	if _, err := JUnitLauncher(); err != nil {
		missing = append(missing, err.Error())
	}
	if len(missing) > 0 {
		return errors.New("java: missing " + strings.Join(missing, "; "))
	}
	return nil
}

// checkJavacRelease makes sure javac can compile records, sealed
// interfaces and pattern matching, which the generated tests use.
func checkJavacRelease() error {
	out, err := exec.Command("javac", "-version").CombinedOutput()
	if err != nil {
		return fmt.Errorf("a working javac (javac -version: %v)", err)
	}
	m := regexp.MustCompile(`javac (\d+)`).FindSubmatch(out)
	if m == nil {
		return fmt.Errorf("a javac that reports its version (got %q)", strings.TrimSpace(string(out)))
	}
	if major, _ := strconv.Atoi(string(m[1])); major < javaRelease {
		return fmt.Errorf("javac %d or later (found %s)", javaRelease, m[1])
	}
	return nil
}

// JUnitLauncher finds the JUnit console launcher jar the Java toolchain
// uses: $BQGEN_JUNIT_LAUNCHER, Debian's junit5 package, or the pinned
// version in the local Maven repository. The jar bundles JUnit Jupiter, so
// it is also the class path to compile JUnit 5 tests against.
func JUnitLauncher() (string, error) {
	candidates := []string{os.Getenv(junitLauncherEnv), debianJUnitLauncher}
	if home, err := os.UserHomeDir(); err == nil {
		candidates = append(candidates, filepath.Join(home, ".m2", "repository", "org", "junit", "platform",
			"junit-platform-console-standalone", mavenJUnitLauncherVersion,
			"junit-platform-console-standalone-"+mavenJUnitLauncherVersion+".jar"))
	}
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if info, err := os.Stat(c); err == nil && !info.IsDir() {
			return c, nil
		}
	}
	return "", fmt.Errorf("the JUnit 5 console launcher (apt-get install -y junit5, or mvn dependency:get "+
		"-Dartifact=org.junit.platform:junit-platform-console-standalone:%s, or set %s to the jar)",
		mavenJUnitLauncherVersion, junitLauncherEnv)
}

// Prepare compiles every generated source under the test source root, where any
// javac warning is an error (generated code must compile clean), into
// target/test-classes and copies the resources (the vendored suite) next
// to the classes, where the tests find them on the class path.
func (j JavaToolchain) Prepare(ctx context.Context, dir string, log io.Writer) error {
	launcher, err := JUnitLauncher()
	if err != nil {
		return err
	}
	sources, err := sourcesWithExt(filepath.Join(dir, javabackend.TestSourceRoot), javabackend.SourceExt)
	if err != nil {
		return err
	}
	classes := filepath.Join(dir, javaTestClasses)
	if err := os.RemoveAll(classes); err != nil {
		return err
	}
	harnessBuilt := alongside(func(log io.Writer) { j.prepareWarm(ctx, dir, launcher, log) })
	defer harnessBuilt(log)
	// US-ASCII: generated Java must compile under any locale's encoding.
	args := slices.Concat(jvm.Javac(), []string{"--release", strconv.Itoa(javaRelease), "-encoding", "US-ASCII",
		"-Xlint:all", "-Werror", "-d", classes, "-cp", launcher}, sources)
	cmd := exec.CommandContext(ctx, "javac", args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, log, log
	fmt.Fprintf(log, "$ javac --release %d ... (%d sources)\n", javaRelease, len(sources))
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("javac: %w", err)
	}
	return copyTree(filepath.Join(dir, javabackend.TestResourceRoot), classes)
}

// Run runs every test class in target/test-classes with the console
// launcher and reads its summary table; the launcher's XML report is
// written under the project's bqgen-results directory (Result.Files). The launcher exits non-zero when a
// test fails, which is a result, not an error; an error is a run whose
// summary cannot be read.
func (j JavaToolchain) Run(ctx context.Context, dir string, env []string) (Result, error) {
	return j.RunOnly(ctx, dir, env, nil)
}

// RunOnly is Run limited to the test classes only names (every one when
// nil).
func (JavaToolchain) RunOnly(ctx context.Context, dir string, env, only []string) (Result, error) {
	launcher, err := JUnitLauncher()
	if err != nil {
		return Result{}, err
	}
	// The options predate the launcher's "execute" subcommand (1.10), so the
	// same line runs Debian's 1.9 and the pinned 1.10.
	// Each run is short, so start-up dominates: jvm.ShortLived take a third
	// off each run.
	// --reports-dir makes the launcher write its legacy JUnit XML report
	// (TEST-junit-jupiter.xml), the file bqgen report reads.
	reports, err := newRunResultsDir(dir)
	if err != nil {
		return Result{}, err
	}
	args := slices.Concat(jvm.ShortLived, []string{"-jar", launcher,
		"--disable-banner", "--disable-ansi-colors", "--details=tree", "--class-path", javaTestClasses},
		junitSelection(only), []string{"--reports-dir", reports})
	cmd := exec.CommandContext(ctx, "java", args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	out, runErr := cmd.CombinedOutput()
	res, err := parseJUnitSummary(string(out))
	res.Files = writtenFiles(filepath.Join(reports, "*.xml"))
	if err != nil {
		return res, fmt.Errorf("junit console launcher: %w (run: %v)", err, runErr)
	}
	return res, nil
}

// junitSummaryLine matches one line of the launcher's closing table,
// e.g. "[        74 tests successful      ]".
var junitSummaryLine = regexp.MustCompile(`(?m)^\[\s*(\d+) (tests|containers) (found|skipped|started|aborted|successful|failed)\s*\]$`)

// parseJUnitSummary reads the launcher's summary table. Aborted tests
// (a NotProvidedException turned into an assumption failure) and skipped
// tests count as skipped. Tests found but never started, because their
// class failed to initialise, count as failed: they did not pass.
func parseJUnitSummary(out string) (Result, error) {
	counts := map[string]int{}
	var lines []string
	for _, m := range junitSummaryLine.FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		counts[m[2]+" "+m[3]] = n
		if m[2] == "tests" {
			lines = append(lines, m[1]+" tests "+m[3])
		}
	}
	if _, ok := counts["tests found"]; !ok {
		return Result{Output: out}, errors.New("no test summary in the output")
	}
	res := Result{
		Passed:  counts["tests successful"],
		Failed:  counts["tests failed"],
		Skipped: counts["tests aborted"] + counts["tests skipped"],
		Summary: strings.Join(lines, ", "),
		Output:  out,
	}
	if blocked := counts["tests found"] - counts["tests started"] - counts["tests skipped"]; blocked > 0 {
		res.Failed += blocked
	}
	return res, nil
}

// junitSelection is the console launcher's selection of the classes only
// names: every class on the class path when nil.
func junitSelection(only []string) []string {
	if only == nil {
		return []string{"--scan-class-path"}
	}
	var args []string
	for _, class := range only {
		args = append(args, "--select-class", class)
	}
	return args
}

// Selectors are the classes of f's tests, as the launcher's XML report
// names them (package and class): the name written with "()".
func (JavaToolchain) Selectors(f testFile) ([]string, error) {
	return selectorsByTest(f, func(t indexedTest) (string, error) {
		for _, n := range t.Names {
			if strings.HasSuffix(n.Name, "()") {
				return n.Suite, nil
			}
		}
		return "", fmt.Errorf("case %s has no method name", t.Case)
	})
}
