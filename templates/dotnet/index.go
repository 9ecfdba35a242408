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

// testIndex is the test index of the view's test classes, next to them.
func (v *view) testIndex(s *model.Suite, opt backend.Options) (backend.File, error) {
	var tests []backend.IndexedTest
	for _, f := range v.Files {
		tests = append(tests, f.index...)
	}
	return backend.TestIndexFile(path.Dir(v.layout.code(backend.IndexFileName)), "dotnet", s, opt, tests)
}
