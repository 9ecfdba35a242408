package php

import (
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// wiringOutput is a generated output of two test classes, one of them
// running a known failure when knownFailure is set.
func wiringOutput(knownFailure bool) []backend.File {
	body := "final class CasesConformanceTest {}"
	if knownFailure {
		body = "$this->knownFailure('reason', 'cases/x', $this->known_failure_test_x(...));"
	}
	return []backend.File{
		{Path: TestFile("cases"), Content: []byte(body), Kind: backend.Generated},
		{Path: TestFile("sqs"), Content: []byte("final class SqsConformanceTest {}"), Kind: backend.Generated},
		{Path: supportFile("Subject.php"), Kind: backend.Generated},
		{Path: ScaffoldFile, Kind: backend.Scaffold},
		{Path: SuiteDir + "/manifest.json", Kind: backend.Vendored},
	}
}

// phpunitXML is a configuration with the given <phpunit> attributes and
// testsuites.
func phpunitXML(attrs, suites string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<phpunit xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" bootstrap="vendor/autoload.php"` + attrs + `>
    <testsuites>
` + suites + `
    </testsuites>
</phpunit>
`)
}

func TestCheckWiring(t *testing.T) {
	sdkSuite := `<testsuite name="BabelQueue php-sdk"><directory>tests</directory></testsuite>`
	for _, c := range []struct {
		name         string
		files        map[string][]byte
		knownFailure bool
		// want is what the one problem's file, text and fix contain; none when empty.
		want []string
	}{
		{name: "php-sdk as it is", files: map[string][]byte{"phpunit.xml": phpunitXML("", sdkSuite)}},
		{name: "the generated directory itself", files: map[string][]byte{"phpunit.xml.dist": phpunitXML("",
			`<testsuite name="unit"><directory>tests/Unit</directory></testsuite>
			 <testsuite name="conformance"><directory suffix="Test.php">./tests/ConformanceGenerated/</directory></testsuite>`)}},
		{name: "a glob", files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="all"><directory>tests/*</directory></testsuite>`)}},
		{name: "the root", files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="all"><directory>.</directory></testsuite>`)}},
		{name: "no configuration"},
		{name: "known failures, failOnIncomplete off", knownFailure: true,
			files: map[string][]byte{"phpunit.xml": phpunitXML(` failOnIncomplete="false"`, sdkSuite)}},
		{name: "no directory includes it",
			files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="unit"><directory>tests/Unit</directory></testsuite>`)},
			want:  []string{"phpunit.xml", "no testsuite it runs collects tests/ConformanceGenerated", `add <directory>tests/ConformanceGenerated</directory> to testsuite "unit"`}},
		{name: "a suffix the generated files do not end with",
			files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="unit"><directory suffix="UnitTest.php">tests</directory></testsuite>`)},
			want:  []string{"suffix or prefix does not match", `add <directory>tests/ConformanceGenerated</directory> to testsuite "unit"`}},
		{name: "a prefix",
			files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="unit"><directory prefix="Unit">tests</directory></testsuite>`)},
			want:  []string{"suffix or prefix does not match"}},
		{name: "excluded",
			files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="sdk"><directory>tests</directory><exclude>tests/ConformanceGenerated</exclude></testsuite>`)},
			want:  []string{`testsuite "sdk" excludes tests/ConformanceGenerated with <exclude>tests/ConformanceGenerated</exclude>`, `remove <exclude>tests/ConformanceGenerated</exclude> from testsuite "sdk"`}},
		{name: "one generated file excluded",
			files: map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="sdk"><directory>tests</directory><exclude>./tests/ConformanceGenerated/SqsConformanceTest.php</exclude></testsuite>`)},
			want:  []string{`remove <exclude>./tests/ConformanceGenerated/SqsConformanceTest.php</exclude> from testsuite "sdk"`}},
		{name: "phpunit.xml wins over phpunit.xml.dist", files: map[string][]byte{
			"phpunit.xml":      phpunitXML("", `<testsuite name="local"><directory>tests/Unit</directory></testsuite>`),
			"phpunit.xml.dist": phpunitXML("", sdkSuite)},
			want: []string{"phpunit.xml", `to testsuite "local"`}},
		{name: "the default testsuite leaves it out",
			files: map[string][]byte{"phpunit.xml": phpunitXML(` defaultTestSuite="unit"`,
				`<testsuite name="unit"><directory>tests/Unit</directory></testsuite>
				 <testsuite name="conformance"><directory>tests/ConformanceGenerated</directory></testsuite>`)},
			want: []string{`to testsuite "unit"`}},
		{name: "a default testsuite that does not exist",
			files: map[string][]byte{"phpunit.xml": phpunitXML(` defaultTestSuite="nope"`, sdkSuite)},
			want:  []string{`defaultTestSuite="nope" names no testsuite`}},
		{name: "no testsuite",
			files: map[string][]byte{"phpunit.xml": phpunitXML("", "")},
			want:  []string{"it has no testsuite", `<testsuite name="conformance"><directory>tests/ConformanceGenerated</directory></testsuite>`}},
		{name: "known failures, failOnIncomplete on", knownFailure: true,
			files: map[string][]byte{"phpunit.xml": phpunitXML(` failOnIncomplete="true"`, sdkSuite)},
			want:  []string{`failOnIncomplete="true" fails the known failures`, `set failOnIncomplete="false" on <phpunit>`}},
		{name: "not XML",
			files: map[string][]byte{"phpunit.xml": []byte("<phpunit><testsuites>")},
			want:  []string{"phpunit.xml", "cannot read it as XML"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			problems := Backend{}.CheckWiring(c.files, wiringOutput(c.knownFailure))
			if len(c.want) == 0 {
				if len(problems) > 0 {
					t.Fatalf("problems with a correct setup: %+v", problems)
				}
				return
			}
			if len(problems) != 1 {
				t.Fatalf("got %d problems, want 1: %+v", len(problems), problems)
			}
			got := problems[0].File + " | " + problems[0].Problem + " | " + problems[0].Fix
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("problem %q does not say %q", got, w)
				}
			}
		})
	}
}

func TestCheckWiringWithoutGeneratedTests(t *testing.T) {
	files := map[string][]byte{"phpunit.xml": phpunitXML("", `<testsuite name="unit"><directory>src</directory></testsuite>`)}
	if problems := (Backend{}).CheckWiring(files, nil); len(problems) > 0 {
		t.Errorf("problems for an output without tests: %+v", problems)
	}
}

func TestBackendChecksWiring(t *testing.T) {
	var b backend.Backend = New()
	wc, ok := b.(backend.WiringChecker)
	if !ok {
		t.Fatal("the PHP backend does not implement backend.WiringChecker")
	}
	if got := strings.Join(wc.WiringFiles(), " "); got != "phpunit.xml phpunit.dist.xml phpunit.xml.dist" {
		t.Errorf("WiringFiles() = %s", got)
	}
}
