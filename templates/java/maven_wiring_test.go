package java_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/java"
)

// The wiring check, held to Maven: for every Surefire configuration the
// check reads, one reactor build (one `mvn test`, every configuration a
// module) shows the generated tests run exactly where the check finds no
// problem, and that each fix it prints, applied, makes them run.

// wiringCase is one Surefire configuration: the module's <build> section,
// or for a parent's, the parent's (the module then declares none).
type wiringCase struct {
	name, build, parentBuild string
}

// surefirePlugin is Surefire's plugin element with configuration inside.
func surefirePlugin(configuration string) string {
	return `<plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId>` +
		configuration + `</plugin></plugins>`
}

var wiringCases = []wiringCase{
	{name: "defaults", build: surefirePlugin("")},
	{name: "includes", build: surefirePlugin(`<configuration><includes><include>**/*Spec.java</include></includes></configuration>`)},
	{name: "includes-that-match", build: surefirePlugin(`<configuration><includes><include>**/*Test.java</include></includes></configuration>`)},
	{name: "execution", build: surefirePlugin(`<executions><execution><id>default-test</id><configuration><includes>` +
		`<include>**/*IT.java</include></includes></configuration></execution></executions>`)},
	{name: "excludes", build: surefirePlugin(`<configuration><excludes><exclude>**/Conformance*</exclude></excludes></configuration>`)},
	{name: "test", build: surefirePlugin(`<configuration><test>OwnTest</test></configuration>`)},
	{name: "managed", build: `<pluginManagement>` + surefirePlugin(`<configuration><includes><include>**/*IT.java</include></includes></configuration>`) + `</pluginManagement>`},
	{name: "parent-managed", parentBuild: `<pluginManagement>` + surefirePlugin(`<configuration><includes><include>**/*IT.java</include></includes></configuration>`) + `</pluginManagement>`},
	{name: "parent-over-managed", build: `<pluginManagement>` + surefirePlugin(`<configuration><includes><include>**/*IT.java</include></includes></configuration>`) + `</pluginManagement>`,
		parentBuild: surefirePlugin(`<configuration><includes><include>**/*Test.java</include></includes></configuration>`)},
	{name: "execution-of-its-own", build: surefirePlugin(`<executions><execution><id>unit</id><goals><goal>test</goal></goals>` +
		`<configuration><includes><include>**/*IT.java</include></includes></configuration></execution></executions>`)},
	{name: "default-test-skipped", build: surefirePlugin(`<executions><execution><id>default-test</id><configuration><skip>true</skip></configuration></execution>` +
		`<execution><id>unit</id><goals><goal>test</goal></goals><configuration><includes><include>**/Own*.java</include></includes></configuration></execution></executions>`)},
	{name: "an-execution-runs-them", build: surefirePlugin(`<executions><execution><id>default-test</id><configuration><skip>true</skip></configuration></execution>` +
		`<execution><id>unit</id><goals><goal>test</goal></goals></execution></executions>`)},
	{name: "skip-tests", build: surefirePlugin(`<configuration><skipTests>true</skipTests></configuration>`)},
	{name: "later-phase", build: surefirePlugin(`<executions><execution><id>default-test</id><configuration><skip>true</skip></configuration></execution>` +
		`<execution><id>it</id><phase>integration-test</phase><goals><goal>test</goal></goals></execution></executions>`)},
	{name: "test-source-directory", build: `<testSourceDirectory>src/it/java</testSourceDirectory>`},
}

// ownTest is a test of the SDK's own in every module, so that a
// configuration that selects tests (<test>) has one to select.
const ownTest = `package com.babelqueue;

class OwnTest {
    @org.junit.jupiter.api.Test
    void runs() {
    }
}
`

// wiringModule is one module of the reactor: where it is, its pom and its
// parent's (the file the check reads as ../pom.xml).
type wiringModule struct {
	dir, pom, parentPom string
	c                   wiringCase
	fixed               bool
}

func TestMavenRunsTheGeneratedTestsWhereTheWiringCheckSays(t *testing.T) {
	requireMaven(t)
	bin := prooftest.OracleBin(t)
	s, err := suitetest.Canonical(t).Select([]string{model.BlockRoundtrip})
	if err != nil {
		t.Fatal(err)
	}
	files := java.Generate(t, s, backend.Options{Binding: backend.BindOracle})
	wc := java.New().(backend.WiringChecker)
	root := t.TempDir()

	var modules []wiringModule
	for _, c := range wiringCases {
		m := wiringModule{dir: c.name, c: c}
		m.pom, m.parentPom = modulePoms(c, rootPom(nil))
		modules = append(modules, m)
		problems := wc.CheckWiring(map[string][]byte{"pom.xml": []byte(m.pom), "../pom.xml": []byte(m.parentPom)}, files)
		if len(problems) == 0 {
			continue
		}
		fixed := wiringModule{dir: c.name + "-fixed", c: c, fixed: true, pom: m.pom, parentPom: m.parentPom}
		for _, p := range problems {
			applyWiringFix(t, &fixed, p)
		}
		if after := wc.CheckWiring(map[string][]byte{"pom.xml": []byte(fixed.pom), "../pom.xml": []byte(fixed.parentPom)}, files); len(after) > 0 {
			t.Errorf("%s: after the fixes, the check still finds %+v", c.name, after)
		}
		modules = append(modules, fixed)
	}
	writeReactor(t, root, modules, files)

	// In Maven's own JVM (forkCount=0): which classes Surefire selects does
	// not depend on forking, and a forked JVM of Debian's Surefire 2.22.3
	// took 5-8 s to exit after its last test here, a module's whole run.
	out, took, err := mvnTest(t, root, []string{backend.EnvOracleBin + "=" + bin, backend.EnvOracleFault + "="},
		"-DforkCount=0", "-DfailIfNoTests=false", "-Dsurefire.failIfNoSpecifiedTests=false")
	if err != nil {
		t.Fatalf("mvn test: %v\n%s", err, out)
	}
	t.Logf("one mvn -o test of %d modules: %s", len(modules), took.Round(100_000_000))
	for _, m := range modules {
		problems := wc.CheckWiring(map[string][]byte{"pom.xml": []byte(m.pom), "../pom.xml": []byte(m.parentPom)}, files)
		ran := generatedRan(t, filepath.Join(root, m.moduleDir()), len(s.Roundtrip.Cases))
		if says := len(problems) == 0; ran != says {
			t.Errorf("%s: the check says the generated tests run: %v (%+v); under Maven they ran: %v", m.dir, says, problems, ran)
		}
	}
}

// moduleDir is the module's directory under the reactor's root: a module
// whose parent carries the configuration sits under a parent of its own.
func (m wiringModule) moduleDir() string {
	if m.c.parentBuild != "" {
		return filepath.Join(m.dir, "child")
	}
	return m.dir
}

// applyWiringFix applies the fix the check printed for p to the pom it
// names: the test knows the three fixes Surefire's configurations get.
func applyWiringFix(t *testing.T, m *wiringModule, p backend.WiringProblem) {
	t.Helper()
	pom := &m.pom
	if p.File == "../pom.xml" {
		pom = &m.parentPom
	}
	if f := regexp.MustCompile(`add (<include>[^<]+</include>) to those <includes>`).FindStringSubmatch(p.Fix); f != nil {
		*pom = strings.Replace(*pom, "</includes>", f[1]+"</includes>", 1)
	} else if f := regexp.MustCompile(`remove (<(exclude|skip|skipTests)>[^<]+</(exclude|skip|skipTests)>)`).FindStringSubmatch(p.Fix); f != nil {
		*pom = strings.Replace(*pom, f[1], "", 1)
	} else if f := regexp.MustCompile(`make it (<test>[^<]+</test>)`).FindStringSubmatch(p.Fix); f != nil {
		*pom = regexp.MustCompile(`<test>[^<]*</test>`).ReplaceAllLiteralString(*pom, f[1])
	} else if f := regexp.MustCompile(`(<plugin><groupId>org\.codehaus\.mojo</groupId>.*</plugin>)`).FindStringSubmatch(p.Fix); f != nil {
		*pom = strings.Replace(*pom, "</build>", "<plugins>"+f[1]+"</plugins></build>", 1)
	} else {
		t.Fatalf("%s: the test cannot apply the fix %q", m.dir, p.Fix)
	}
}

// generatedRan reports whether Surefire ran the generated roundtrip tests
// in the module at dir; where it did, all n must have passed.
func generatedRan(t *testing.T, dir string, n int) bool {
	t.Helper()
	report := filepath.Join(dir, surefireReports, "TEST-"+java.DefaultPackage+"."+java.ClassName(model.BlockRoundtrip)+".xml")
	if _, err := os.Stat(report); err != nil {
		return false
	}
	if got := readSurefire(t, dir)[java.DefaultPackage]; got.classes == 0 || got.passed() < n || got.failed > 0 {
		t.Errorf("%s: Surefire counted %+v; want the %d generated tests passed", dir, got, n)
	}
	return true
}

const wiringGroup = "com.babelqueue.wiring"

// rootPom is the reactor's root: the versions Debian's repository has, the
// JUnit dependency, and the modules.
func rootPom(modules []string) string {
	var mods strings.Builder
	for _, m := range modules {
		fmt.Fprintf(&mods, "<module>%s</module>", m)
	}
	return `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>` + wiringGroup + `</groupId><artifactId>root</artifactId><version>0</version><packaging>pom</packaging>
<properties><maven.compiler.release>17</maven.compiler.release><project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
<modules>` + mods.String() + `</modules>
<dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><version>5.9.2</version><scope>test</scope></dependency></dependencies>
<build><pluginManagement><plugins>
<plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.10.1</version></plugin>
<plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>2.22.3</version></plugin>
<plugin><groupId>org.codehaus.mojo</groupId><artifactId>build-helper-maven-plugin</artifactId><version>3.3.0</version></plugin>
</plugins></pluginManagement></build>
</project>
`
}

// childPom is a module of parent, with build as its <build> section.
func childPom(parent, artifact, packaging, modules, build string) string {
	return `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<parent><groupId>` + wiringGroup + `</groupId><artifactId>` + parent + `</artifactId><version>0</version></parent>
<artifactId>` + artifact + `</artifactId><packaging>` + packaging + `</packaging>` + modules + `
<build>` + build + `</build>
</project>
`
}

// modulePoms are the poms of c's module and of its parent (the root, or
// the parent of its own that carries the configuration).
func modulePoms(c wiringCase, root string) (pom, parent string) {
	if c.parentBuild == "" {
		return childPom("root", c.name, "jar", "", c.build), root
	}
	return childPom(c.name, c.name+"-child", "jar", "", c.build),
		childPom("root", c.name, "pom", "<modules><module>child</module></modules>", c.parentBuild)
}

// writeReactor writes the root pom and every module, each with the
// generated files and a test of its own.
func writeReactor(t *testing.T, root string, modules []wiringModule, files []backend.File) {
	t.Helper()
	var names []string
	for _, m := range modules {
		names = append(names, m.dir)
		dir := filepath.Join(root, m.moduleDir())
		pom := m.pom
		if m.c.parentBuild != "" {
			// the module and its parent are named for the directory, so
			// that a fixed copy is a project of its own
			pom = strings.ReplaceAll(pom, "<artifactId>"+m.c.name, "<artifactId>"+m.dir)
			parent := strings.Replace(m.parentPom, "<artifactId>"+m.c.name+"</artifactId>", "<artifactId>"+m.dir+"</artifactId>", 1)
			writeFile(t, filepath.Join(root, m.dir, "pom.xml"), parent)
		} else {
			pom = strings.Replace(pom, "<artifactId>"+m.c.name+"</artifactId>", "<artifactId>"+m.dir+"</artifactId>", 1)
		}
		writeFile(t, filepath.Join(dir, "pom.xml"), pom)
		java.WriteFiles(t, dir, files)
		writeFile(t, filepath.Join(dir, filepath.FromSlash(java.TestSourceRoot), "com", "babelqueue", "OwnTest.java"), ownTest)
	}
	writeFile(t, filepath.Join(root, "pom.xml"), rootPom(names))
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
