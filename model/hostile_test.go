package model_test

import (
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"
	"github.com/babelqueue/bqgen/model"
)

// errorAbout returns the first error naming file whose message holds all of
// parts, or "" with every error listed.
func errorAbout(problems model.Problems, file string, parts ...string) (string, bool) {
	var all []string
	for _, p := range problems.Errors() {
		all = append(all, p.String())
		if p.File != file {
			continue
		}
		ok := true
		for _, part := range parts {
			ok = ok && strings.Contains(p.String(), part)
		}
		if ok {
			return p.String(), true
		}
	}
	return strings.Join(all, "\n"), false
}

// Attack 4: a suite's files are vendored into every SDK beside its tests,
// so a file a test runner would collect or compile is refused, by name.
func TestLoadRefusesFilesThatAreNotJSONByName(t *testing.T) {
	t.Parallel()
	code := []string{
		"fixtures/test_evil.py",        // pytest
		"fixtures/evil_test.py",        // pytest
		"fixtures/Evil.cs",             // the .NET SDK compiles **/*.cs
		"fixtures/EvilTest.php",        // PHPUnit
		"schema/evil_test.go",          // go test
		"fixtures/deep/evil.test.js",   // node --test, Jest
		"fixtures/evil.spec.ts",        // Jest
		"fixtures/EvilTest.java",       // Maven
		"fixtures/order-created.json5", // not JSON by name either
		"schema/README",
	}
	fsys := suitetest.CanonicalMap(t)
	for _, name := range code {
		fsys[name] = &fstest.MapFile{Data: []byte("print('pwned')\n")}
	}
	_, problems := model.Load(fsys)
	for _, name := range code {
		if msg, ok := errorAbout(problems, name, name, "not JSON by name"); !ok {
			t.Errorf("%s is not refused; errors:\n%s", name, msg)
		}
	}
}

// A file the manifest names outside fixtures/ is vendored too, so the same
// rule holds for it, at the manifest's place.
func TestLoadRefusesAReferencedFileThatIsNotJSONByName(t *testing.T) {
	t.Parallel()
	fsys := suitetest.CanonicalMap(t)
	fsys["tests/test_evil.py"] = &fstest.MapFile{Data: []byte("import os\n")}
	fsys[model.ManifestFile].Data = []byte(strings.Replace(string(fsys[model.ManifestFile].Data),
		`"file": "fixtures/urn-alias.json"`, `"file": "tests/test_evil.py"`, 1))
	_, problems := model.Load(fsys)
	if msg, ok := errorAbout(problems, model.ManifestFile, "/cases/1/file", "tests/test_evil.py", "not JSON by name"); !ok {
		t.Errorf("the reference is not refused; errors:\n%s", msg)
	}
}

// Attack 8 (the suite's part): names the writer or a file system cannot
// hold as they are were valid, and generate then failed with "internal
// error". They are refused while reading, with the file and the reason.
func TestLoadRefusesNamesNoCheckoutCanHold(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name  string
		files []string
		file  string // the file the problem names
		want  string
	}{
		{"case collision", []string{"fixtures/A.json", "fixtures/a.json"}, "fixtures/a.json", "differ only in case"},
		{"directory case collision", []string{"fixtures/X/one.json", "fixtures/x/two.json"}, "fixtures/x/two.json", "differ only in case"},
		{"collision under Unicode folding", []string{"fixtures/K.json", "fixtures/\u212a.json"}, "fixtures/\u212a.json", "differ only in case"},
		{"NFC and NFD", []string{"fixtures/caf\u00e9.json", "fixtures/cafe\u0301.json"}, "fixtures/caf\u00e9.json", `"fixtures/cafe\u0301.json" and "fixtures/caf\u00e9.json" differ only in case or Unicode normalization`},
		{"NFC and NFD directories", []string{"fixtures/\u00c5/a.json", "fixtures/A\u030a/b.json"}, "fixtures/\u00c5/a.json", "Unicode normalization"},
		{"a device", []string{"fixtures/con.json"}, "fixtures/con.json", "Windows device name"},
		{"a device in any case", []string{"fixtures/Com1.json"}, "fixtures/Com1.json", "Windows device name"},
		{"a device with a space", []string{"fixtures/Con .json"}, "fixtures/Con .json", "Windows device name"},
		{"a device directory", []string{"fixtures/NUL/x.json"}, "fixtures/NUL/x.json", "Windows device name"},
		{"a git directory", []string{"fixtures/.git/x.json"}, "fixtures/.git/x.json", "version control"},
		{"git's short name", []string{"fixtures/GIT~1/x.json"}, "fixtures/GIT~1/x.json", "version control"},
		{"a trailing dot", []string{"fixtures/x./y.json"}, "fixtures/x./y.json", "ends in a dot"},
		{"a character Windows refuses", []string{"fixtures/a?b.json"}, "fixtures/a?b.json", "does not allow"},
		{"backslash", []string{`fixtures/a\b.json`}, `fixtures/a\b.json`, "backslash"},
		{"newline", []string{"fixtures/a\nREADME.md.json"}, "fixtures/a\nREADME.md.json", "control character U+000A"},
		{"escape", []string{"fixtures/\x1b[31mred.json"}, "fixtures/\x1b[31mred.json", "control character U+001B"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fsys := suitetest.CanonicalMap(t)
			for _, f := range c.files {
				fsys[f] = &fstest.MapFile{Data: []byte(`{}`)}
			}
			_, problems := model.Load(fsys)
			msg, ok := errorAbout(problems, c.file, c.want)
			if !ok {
				t.Fatalf("%q is not refused; errors:\n%s", c.file, msg)
			}
			if strings.ContainsAny(msg, "\n\x1b") {
				t.Errorf("the report holds the raw control character: %q", msg)
			}
		})
	}
}

// Attack 6: a number's cost in exact arithmetic grows with its exponent
// (1e999999 took 60 ms, 1e99999999999 never ended), so a number beyond a
// bound on digits and exponent is refused at its line and column.
func TestParseRefusesNumbersBeyondTheLimits(t *testing.T) {
	t.Parallel()
	refused := map[string]string{
		`{"a": 1e999999}`:                "1:7:",
		`[1e401]`:                        "1:2:",
		`[1E-401]`:                       "1:2:",
		`[1e99999999999999999999999999]`: "1:2:",
		"[\n -0." + strings.Repeat("1", 101) + "]":       "2:2:",
		"[" + strings.Repeat("9", 101) + "]":             "1:2:",
		"[1e" + strings.Repeat("0", 100) + "1]":          "1:2:",
		"[" + strings.Repeat("1", 1<<20) + "e999999999]": "1:2:",
	}
	for text, place := range refused {
		start := time.Now()
		_, err := model.Parse([]byte(text))
		if err == nil || !strings.HasPrefix(err.Error(), place) || !strings.Contains(err.Error(), "the limit is") {
			t.Errorf("Parse(%.40q) = %v, want a limit error at %s", text, err, place)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("Parse(%.40q) took %v", text, d)
		}
	}
	for _, text := range []string{`[1e400, -1E-400, 1e+0400, 0.5e-400]`, "[" + strings.Repeat("7", 100) + "]",
		"[1." + strings.Repeat("0", 97) + "e1]", `[9007199254740993, -9223372036854775808, 1.5e308, 4.9e-324]`} {
		if _, err := model.Parse([]byte(text)); err != nil {
			t.Errorf("Parse(%.40q) = %v, want it read", text, err)
		}
	}
}

// Attack 6: cases that share one large file make the tests read it once
// each: a 16 MiB suite could make validate, and every SDK's tests, read
// terabytes. The total is bounded, and the case that passes it is named.
func TestLoadBoundsWhatTheCasesRead(t *testing.T) {
	t.Parallel()
	fsys := suitetest.CanonicalMap(t)
	big := `{"job":"urn:x","trace_id":"t","data":{"pad":"` + strings.Repeat("x", 1<<20-64) + `"},"meta":{}}`
	fsys["fixtures/big.json"] = &fstest.MapFile{Data: []byte(big)}
	var cases []string
	for i := 0; i < 80; i++ {
		cases = append(cases, `{"name":"big-`+strings.Repeat("i", i+1)+`","file":"fixtures/big.json","valid":false,"reason":"x"}`)
	}
	manifest := strings.Replace(string(fsys[model.ManifestFile].Data), `"cases": [`, `"cases": [`+strings.Join(cases, ",")+",", 1)
	fsys[model.ManifestFile].Data = []byte(manifest)
	_, problems := model.Load(fsys)
	if msg, ok := errorAbout(problems, model.ManifestFile, "/cases/6", "the limit is 64 MiB"); !ok {
		t.Errorf("the 65th MiB is not refused at /cases/6x; errors:\n%s", msg)
	}
}
