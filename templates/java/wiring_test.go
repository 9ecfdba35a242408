package java

import (
	"cmp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// pom is a pom.xml whose build section is build.
func pom(build string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
    <modelVersion>4.0.0</modelVersion>
    <artifactId>babelqueue-kafka</artifactId>
    <build>` + build + `</build>
</project>
`)
}

func surefire(configuration string) string {
	return `
        <plugins>
            <plugin>
                <groupId>org.apache.maven.plugins</groupId>
                <artifactId>maven-surefire-plugin</artifactId>
                <version>3.2.5</version>` + configuration + `
            </plugin>
        </plugins>`
}

// childOf is a module's pom.xml whose parent is artifact, at ../pom.xml,
// with build as its build section.
func childOf(artifact, build string) []byte {
	return []byte(`<project><modelVersion>4.0.0</modelVersion>
    <parent><groupId>com.babelqueue</groupId><artifactId>` + artifact + `</artifactId><version>1</version></parent>
    <artifactId>babelqueue-kafka</artifactId>
    <build>` + build + `</build>
</project>
`)
}

// parentPOM is a parent pom.xml, artifact, whose pluginManagement sets
// Surefire's includes.
func parentPOM(artifact string) []byte {
	return []byte(strings.Replace(string(pom(`
        <pluginManagement>`+surefire(`
                <configuration><includes><include>**/*IT.java</include></includes></configuration>`)+`
        </pluginManagement>`)), "babelqueue-kafka", artifact, 1))
}

func TestCheckWiring(t *testing.T) {
	generated := generate(t, canonical(t), backend.Options{Binding: backend.BindSDK})
	var wc backend.WiringChecker = New().(backend.WiringChecker)
	if got := wc.WiringFiles(); len(got) != 2 || got[0] != "pom.xml" || got[1] != "../pom.xml" {
		t.Fatalf("WiringFiles = %v, want [pom.xml ../pom.xml]", got)
	}
	cases := []struct {
		name string
		pom  []byte // nil: no pom.xml
		want []string
	}{
		{"no pom", nil, nil},
		{"defaults", pom(surefire("")), nil},
		{"includes that match", pom(surefire(`
                <configuration><includes><include>**/*Test.java</include></includes></configuration>`)), nil},
		{"a regex include that matches", pom(surefire(`
                <configuration><includes><include>%regex[.*Conformance.*Test.*]</include></includes></configuration>`)), nil},
		{"includes that miss", pom(surefire(`
                <configuration><includes><include>**/*Spec.java</include><include>**/It*.java</include></includes></configuration>`)),
			[]string{"<includes> (**/*Spec.java, **/It*.java) do not match ConformanceArtemisTest.java, ", "ConformanceCasesTest.java",
				"add <include>**/Conformance*Test.java</include> to those <includes>"}},
		{"an include in one package", pom(surefire(`
                <configuration><includes><include>com/babelqueue/kafka/*Test.java</include></includes></configuration>`)),
			[]string{"do not match ConformanceArtemisTest.java", "ConformanceCasesTest.java"}},
		{"an execution without goals", pom(surefire(`
                <executions><execution><id>unit</id><configuration><includes>
                    <include>**/*UnitTest.java</include></includes></configuration></execution></executions>`)), nil},
		{"an execution of its own beside default-test", pom(surefire(`
                <executions><execution><id>unit</id><goals><goal>test</goal></goals><configuration><includes>
                    <include>**/*UnitTest.java</include></includes></configuration></execution></executions>`)), nil},
		{"default-test's own includes", pom(surefire(`
                <executions><execution><id>default-test</id><configuration><includes>
                    <include>**/*IT.java</include></includes></configuration></execution></executions>`)),
			[]string{"execution default-test configuration <includes> (**/*IT.java) do not match"}},
		{"default-test skipped, and an execution's includes miss", pom(surefire(`
                <executions><execution><id>default-test</id><configuration><skip>true</skip></configuration></execution>
                <execution><id>unit</id><goals><goal>test</goal></goals><configuration><includes>
                    <include>**/*UnitTest.java, **/*IT.java</include></includes></configuration></execution></executions>`)),
			[]string{"execution unit configuration <includes> (**/*UnitTest.java, **/*IT.java) do not match"}},
		{"every run skipped", pom(surefire(`
                <configuration><skipTests>true</skipTests></configuration>`)),
			[]string{"configuration <skipTests>true</skipTests> skips its tests, and no execution of its own runs ConformanceArtemisTest.java",
				"remove <skipTests>true</skipTests>"}},
		{"skipped by an expression", pom(surefire(`
                <configuration><skipTests>${skipUnitTests}</skipTests></configuration>`)), nil},
		{"default-test skipped, and the execution left runs after mvn test", pom(surefire(`
                <executions><execution><id>default-test</id><configuration><skip>true</skip></configuration></execution>
                <execution><id>it</id><phase>integration-test</phase><goals><goal>test</goal></goals></execution></executions>`)),
			[]string{"execution default-test configuration <skip>true</skip> skips its tests", "remove <skip>true</skip>"}},
		{"an exclude that drops them", pom(surefire(`
                <configuration><excludes><exclude>**/Conformance*</exclude></excludes></configuration>`)),
			[]string{"<exclude>**/Conformance*</exclude> drops ConformanceArtemisTest.java, ", "ConformanceCasesTest.java",
				"remove <exclude>**/Conformance*</exclude>"}},
		{"an exclude of other tests", pom(surefire(`
                <configuration><excludes><exclude>**/OverheadBenchmarkTest.java</exclude></excludes></configuration>`)), nil},
		{"managed includes that miss", pom(`
        <pluginManagement>` + surefire(`
                <configuration><includes><include>**/*IT.java</include></includes></configuration>`) + `
        </pluginManagement>`), []string{"(pluginManagement) configuration <includes> (**/*IT.java) do not match"}},
		{"a test source directory elsewhere", pom(`
        <testSourceDirectory>src/it/java</testSourceDirectory>`),
			[]string{"<testSourceDirectory> is src/it/java, so Maven does not compile the generated tests in src/test/java",
				"build-helper-maven-plugin", "<goal>add-test-source</goal>", "<source>src/test/java</source>"}},
		{"a test source directory elsewhere, with build-helper adding them back", pom(`
        <testSourceDirectory>src/it/java</testSourceDirectory><plugins>` + buildHelperPlugin + `</plugins>`), nil},
		{"the default test source directory spelt out", pom(`
        <testSourceDirectory>${project.basedir}/src/test/java</testSourceDirectory>`), nil},
		{"not XML", []byte("<project><build>"), []string{"cannot be read as a Maven POM"}},
	}
	for _, c := range cases {
		files := map[string][]byte{}
		if c.pom != nil {
			files["pom.xml"] = c.pom
		}
		expectProblem(t, c.name, wc.CheckWiring(files, generated), "pom.xml", c.want)
	}
}

// expectProblem fails t unless problems is empty when want is, and
// otherwise one problem in file whose text holds every string of want.
func expectProblem(t *testing.T, name string, problems []backend.WiringProblem, file string, want []string) {
	t.Helper()
	if len(want) == 0 {
		if len(problems) > 0 {
			t.Errorf("%s: problems %+v, want none", name, problems)
		}
		return
	}
	if len(problems) != 1 {
		t.Errorf("%s: %d problems %+v, want 1", name, len(problems), problems)
		return
	}
	p := problems[0]
	if p.File != file {
		t.Errorf("%s: the problem names %s, want %s", name, p.File, file)
	}
	for _, w := range want {
		if text := p.File + ": " + p.Problem + "; " + p.Fix; !strings.Contains(text, w) {
			t.Errorf("%s: %q lacks %q", name, text, w)
		}
	}
}

// <test> replaces Surefire's includes and excludes; a module inherits its
// parent's configuration (../pom.xml, the same artifactId as its
// <parent>) where it sets none of its own.
func TestCheckWiringTestAndParent(t *testing.T) {
	generated := generate(t, canonical(t), backend.Options{Binding: backend.BindSDK})
	wc := New().(backend.WiringChecker)
	cases := []struct {
		name   string
		pom    []byte
		want   []string
		parent []byte // ../pom.xml
		file   string // the file at fault, when not pom.xml
	}{
		{"a <test> that names other tests", pom(surefire(`
                <configuration><test>OwnTest, Other*Test</test></configuration>`)),
			[]string{"configuration <test>OwnTest,Other*Test</test> runs only the tests it names, not ConformanceArtemisTest.java",
				"make it <test>OwnTest,Other*Test,Conformance*Test</test>"}, nil, ""},
		{"a <test> that names them, over includes that miss", pom(surefire(`
                <configuration><test>Conformance*</test><includes><include>**/*IT.java</include></includes></configuration>`)), nil, nil, ""},
		{"a parent's managed includes that miss", childOf("root", ""), []string{"(parent's pluginManagement) configuration <includes> (**/*IT.java) do not match"},
			parentPOM("root"), "../pom.xml"},
		{"a parent pom of another project", childOf("other", ""), nil, parentPOM("root"), ""},
		{"its parent's plugins over its own pluginManagement", childOf("root", `<pluginManagement>`+surefire(`
                <configuration><includes><include>**/*IT.java</include></includes></configuration>`)+`</pluginManagement>`), nil,
			[]byte(strings.Replace(string(pom(surefire(`
                <configuration><includes><include>**/*Test.java</include></includes></configuration>`))), "babelqueue-kafka", "root", 1)), ""},
		{"includes of its own over its parent's", childOf("root", surefire(`
                <configuration><includes><include>**/*Test.java</include></includes></configuration>`)), nil, parentPOM("root"), ""},
	}
	for _, c := range cases {
		files := map[string][]byte{"pom.xml": c.pom}
		if c.parent != nil {
			files["../pom.xml"] = c.parent
		}
		expectProblem(t, c.name, wc.CheckWiring(files, generated), cmp.Or(c.file, "pom.xml"), c.want)
	}
}

func TestSurefireMatch(t *testing.T) {
	rel := "com/babelqueue/kafka/ConformanceKafkaTest.java"
	for pattern, want := range map[string]bool{
		"**/*Test.java": true, "**/*Test": true, "*Test.java": true, "**/*Test.class": true,
		"ConformanceKafkaTest": true, "ConformanceKafkaTest#gate*": true, "com/babelqueue/**/*Test.java": true,
		"com/babelqueue/*Test.java": false, "**/*Tests.java": false, "%regex[.*Kafka.*]": true,
		"%regex[.*Redis.*]": false, "**/Conformance?afkaTest.java": true,
	} {
		if got := surefireMatch(pattern, rel); got != want {
			t.Errorf("surefireMatch(%q, %q) = %v, want %v", pattern, rel, got, want)
		}
	}
}
