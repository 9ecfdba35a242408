package dotnet

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf16"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// indexedTest is the test of spec, a case of block in the class whose fully
// qualified name is class, as .NET's result files name it. Both report the
// fully qualified class and the DisplayName bqgen sets
// ("sqs/attribute_projection"), each with its own escapes:
//   - TRX (`dotnet test --logger trx`): the TestMethod className, and the
//     testName with every UTF-16 unit XML cannot hold written as \uXXXX
//     (trxName);
//   - the xUnit console runner's XML (-xml, what verify runs): the <test>
//     type, and the name with C-style escapes (xunitName).
//
// Display names are unique within a class, as the case names they are made
// of are within a block.
func indexedTest(class, block string, spec testSpec) backend.IndexedTest {
	names := []backend.RunnerName{{Suite: class, Name: spec.display}}
	for _, n := range []string{trxName(spec.display), xunitName(spec.display)} {
		if n != spec.display && n != names[len(names)-1].Name {
			names = append(names, backend.RunnerName{Suite: class, Name: n})
		}
	}
	return backend.IndexedTest{Case: model.CaseID{Block: block, Name: spec.caseName}, Names: names}
}

// trxName is a test name as the TRX logger writes it: each UTF-16 code unit
// outside XML's characters (controls but tab, line feed and carriage
// return; each half of a surrogate pair, so every character past U+FFFF;
// U+FFFE, U+FFFF) becomes the six characters \uXXXX, lower-case hex.
func trxName(name string) string {
	var b strings.Builder
	for _, u := range utf16.Encode([]rune(name)) {
		if u == '\t' || u == '\n' || u == '\r' || (u >= 0x20 && u <= 0xD7FF) || (u >= 0xE000 && u <= 0xFFFD) {
			b.WriteString(string(rune(u)))
		} else {
			fmt.Fprintf(&b, `\u%04x`, u)
		}
	}
	return b.String()
}

// xunitEscapes are the replacements the xUnit console runner (2.4.1) makes
// in a test name before writing it into its XML report.
var xunitEscapes = strings.NewReplacer(`\`, `\\`, "\r", `\r`, "\n", `\n`, "\t", `\t`, "\x00", `\0`,
	"\a", `\a`, "\b", `\b`, "\v", `\v`, `"`, `\"`, "\f", `\f`)

// xunitName is a test name as the xUnit console runner's -xml report writes it.
func xunitName(name string) string { return xunitEscapes.Replace(name) }

// testIndex is the test index of the view's test classes, next to them,
// each test at its method's declaration in the rendered class
// (declaredMethods).
func (v *view) testIndex(s *model.Suite, opt backend.Options, rendered []backend.File) (backend.File, error) {
	dir := path.Dir(v.layout.code(backend.IndexFileName))
	var tests []backend.IndexedTest
	var places []backend.TestPlace
	for _, f := range v.Files {
		if len(f.index) != len(f.Tests) { // file() adds both, one per case
			return backend.File{}, fmt.Errorf("test index: %s: %d indexed tests, %d test methods", f.Path, len(f.index), len(f.Tests))
		}
		tests = append(tests, f.index...)
		file := strings.TrimPrefix(f.Path, dir+"/")
		for _, m := range f.Tests {
			places = append(places, backend.TestPlace{File: file, Key: m.Name})
		}
	}
	backend.LocateTests(dir, rendered, tests, func(i int) backend.TestPlace { return places[i] }, declaredMethods)
	return backend.TestIndexFile(dir, "dotnet", s, opt, tests)
}

// methodPrefix starts the line that declares a test method (tests.cs).
const methodPrefix = "    public void "

// declaredMethods maps each test method a rendered test class declares to
// the line of its declaration, in one pass. Members are declared four
// spaces in; everything inside a method, a raw literal's lines included,
// at least eight (the body's indent), and attributes and doc comments do
// not start with "public", so a line of exactly that shape is a
// declaration, whatever a case's name or description says.
func declaredMethods(src []byte) map[string]int {
	return backend.FirstLines(src, func(line string) (string, bool) {
		rest, ok := strings.CutPrefix(line, methodPrefix)
		if !ok {
			return "", false
		}
		name, _, ok := strings.Cut(rest, "(")
		return name, ok
	})
}
