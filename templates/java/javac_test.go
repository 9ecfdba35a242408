package java

import (
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/internal/jvm"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/tier"
	"github.com/babelqueue/bqgen/model"
)

// These tests compile and run generated Java with the JDK on this machine,
// and skip where there is none.

// probePackage is the package the probes are generated into; it also
// exercises backend.Options.Package.
const probePackage = "bqgen.probe"

func requireJDK(t *testing.T) {
	t.Helper()
	tier.Toolchain(t, "javac and java")
	for _, tool := range []string{"javac", "java"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: %v", tool, err)
		}
	}
}

// writeFiles writes generated files under dir.
func writeFiles(t *testing.T, dir string, files []backend.File) {
	t.Helper()
	for _, f := range files {
		path := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, f.Content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runJava compiles sources (paths relative to dir) with class path cp and
// runs class main with args, returning its standard output.
func runJava(t *testing.T, dir, cp string, sources []string, main string, args ...string) string {
	t.Helper()
	classes := filepath.Join(dir, "classes")
	javacArgs := slices.Concat(jvm.Javac(), []string{"--release", "17", "-encoding", "US-ASCII", "-Xlint:all", "-Werror", "-d", classes}, sources)
	if cp != "" {
		javacArgs = append([]string{"-cp", cp}, javacArgs...)
	}
	javac := exec.Command("javac", javacArgs...)
	javac.Dir = dir
	if out, err := javac.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	runCP := classes
	if cp != "" {
		runCP += string(os.PathListSeparator) + cp
	}
	java := exec.Command("java", slices.Concat(jvm.ShortLived, []string{"-cp", runCP, main}, args)...)
	java.Dir = dir
	var stderr strings.Builder
	java.Stderr = &stderr
	out, err := java.Output()
	if err != nil {
		t.Fatalf("java %s: %v\n%s%s", main, err, out, stderr.String())
	}
	return string(out)
}

// supportSources generates the JSON support classes into dir and returns
// their paths; they need nothing but the JDK.
func supportSources(t *testing.T, dir string) []string {
	t.Helper()
	files, err := New().Generate(&model.Suite{}, backend.Options{Binding: backend.BindOracle, Package: probePackage})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		switch filepath.Base(f.Path) {
		case "ConformanceJson.java", "ConformanceJsonParser.java", "ConformanceJsonWriter.java", "ConformancePointer.java":
			writeFiles(t, dir, []backend.File{f})
			paths = append(paths, f.Path)
		}
	}
	return paths
}

// TestLiteralsRoundTripThroughJavac compiles a class holding every
// adversarial string as a literal, in a Javadoc and in line comments, and
// every adversarial JSON value as an expression, runs it, and requires the
// exact strings (as UTF-8 hex) and values back. A comment that ended early
// or a unicode escape that slipped through would fail to compile or change
// the output.
func TestLiteralsRoundTripThroughJavac(t *testing.T) {
	t.Parallel()
	requireJDK(t)
	dir := t.TempDir()
	sources := supportSources(t, dir)
	values := adversarialValues(t)
	probe := literalProbe(values)
	writeFiles(t, dir, []backend.File{{Path: "LiteralProbe.java", Content: []byte(probe)}})
	out := runJava(t, dir, "", append(sources, "LiteralProbe.java"), probePackage+".LiteralProbe")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(adversarial)+len(values) {
		t.Fatalf("probe printed %d lines, want %d:\n%s", len(lines), len(adversarial)+len(values), out)
	}
	for i, s := range adversarial {
		if want := hex.EncodeToString([]byte(s)); lines[i] != want {
			t.Errorf("string %q came back as %s, want %s", s, lines[i], want)
		}
	}
	for i, v := range values {
		raw, _ := hex.DecodeString(lines[len(adversarial)+i])
		got, err := model.Parse(raw)
		if err != nil || got.Compact() != v.Compact() {
			t.Errorf("value %s came back as %s (%v)", v.Compact(), raw, err)
		}
	}
}

// adversarialValues are JSON values whose strings and keys are the
// adversarial strings, plus the number spellings the contract keeps apart.
func adversarialValues(t *testing.T) []model.Value {
	t.Helper()
	var members []model.Member
	for i, s := range adversarial {
		members = append(members, model.Member{Key: s, Value: model.StringValue(strings.Repeat("x", i))})
	}
	values := []model.Value{model.ObjectValue(members...)}
	for _, s := range adversarial {
		values = append(values, model.StringValue(s))
	}
	// Longer than a class file constant holds: String.join at run time.
	values = append(values, model.StringValue(strings.Repeat("\u00e9\U0001F600", 12000)))
	for _, text := range []string{`1.5e3`, `-0`, `9007199254740993`, `1E+400`, `0.10`, `[{},[],null,true,false]`,
		`{"nested":{"deep":[1,{"a":[]}]}}`} {
		values = append(values, mustParse(t, text))
	}
	return values
}

// literalProbe is the Java source of the probe: it prints each string as
// UTF-8 hex, then each value as the hex of its compact JSON text.
func literalProbe(values []model.Value) string {
	var b strings.Builder
	b.WriteString("// " + commentText("header: "+strings.Join(adversarial, " | ")) + "\n")
	b.WriteString("package " + probePackage + ";\n\n")
	b.WriteString("import static " + probePackage + ".ConformanceJson.*;\n\n")
	b.WriteString("import java.nio.charset.StandardCharsets;\n\n/**\n")
	for _, s := range adversarial {
		for _, line := range docLines(s) {
			b.WriteString(" * " + line + "\n")
		}
	}
	b.WriteString(" */\nfinal class LiteralProbe {\n    static final String[] STRINGS = {\n")
	for _, s := range adversarial {
		b.WriteString("        // " + commentText(s) + "\n        " + javaString(s) + ",\n")
	}
	b.WriteString("    };\n\n    static final ConformanceJson[] VALUES = {\n")
	for _, v := range values {
		b.WriteString("        " + jsonExpr(v, 12) + ",\n")
	}
	b.WriteString(`    };

    public static void main(String[] args) {
        for (String s : STRINGS) {
            System.out.println(hex(s));
        }
        for (ConformanceJson v : VALUES) {
            System.out.println(hex(ConformanceJsonWriter.write(v)));
        }
    }

    private static String hex(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format("%02x", b));
        }
        return out.toString();
    }
}
`)
	return b.String()
}

// TestJSONSupportSemantics runs the generated JSON support against the
// contract's rules: type-distinguishing deep equality, RFC 6901 pointers,
// the raw text of a member and a strict parser.
func TestJSONSupportSemantics(t *testing.T) {
	t.Parallel()
	requireJDK(t)
	checks := []struct{ call, want string }{
		{`same("true", "1")`, "false"},
		{`same("{}", "[]")`, "false"},
		{`same("null", "{}")`, "false"},
		{`same("\"1\"", "1")`, "false"},
		{`same("1", "1.0")`, "true"},
		{`same("1.5e3", "1500")`, "true"},
		{`same("-0", "0")`, "true"},
		{`same("9007199254740993", "9007199254740992")`, "false"},
		{`same("{\"a\":1,\"b\":[2]}", "{\"b\":[2],\"a\":1}")`, "true"},
		{`same("{\"a\":null}", "{}")`, "false"},
		{`same("[1,2]", "[2,1]")`, "false"},
		{`same("{\"a\":[{}]}", "{\"a\":[[]]}")`, "false"},
		{`pointer("/a~1b")`, "1"},
		{`pointer("/m~0n")`, "2"},
		{`pointer("/~01")`, "4"},
		{`pointer("/")`, "3"},
		{`pointer("/arr/1")`, "20"},
		{`pointer("/arr/01")`, "absent"},
		{`pointer("/arr/2")`, "absent"},
		{`pointer("/arr/-")`, "absent"},
		{`pointer("/x")`, "absent"},
		{`pointer("/arr/0/x")`, "absent"},
		{`raw("{ \"data\" : { } , \"x\": 1 }")`, "{}"},
		{`raw("{\"data\":[ 1 ,\n 2 ]}")`, "[1,2]"},
		{`raw("{\"data\":{\"s\":\" a\\\" b \"}}")`, `{"s":" a\" b "}`},
		{`raw("{\"x\":{\"data\":1}}")`, "null"},
	}
	// The last but one holds Arabic-Indic digits where a unicode escape needs hex digits.
	for _, bad := range []string{`{"a":1,"a":2}`, `[1,]`, `01`, `1.`, `.5`, `"\u00zz"`, `{"a" 1}`, "\"raw\nline\"", `1 2`,
		`nul`, `-`, `"\x"`, `{"a":1}}`, `+1`, `1e`, "\"\\u00\u0661\u0661\"", ``} {
		checks = append(checks, struct{ call, want string }{`parses(` + javaString(bad) + `)`, "false"})
	}
	for _, good := range []string{`"\ud83d\ude00"`, ` [ ] `, `-0.0e+0`, `{"":""}`, `"\/"`} {
		checks = append(checks, struct{ call, want string }{`parses(` + javaString(good) + `)`, "true"})
	}
	dir := t.TempDir()
	sources := supportSources(t, dir)
	var body strings.Builder
	for _, c := range checks {
		body.WriteString("        System.out.println(" + c.call + ");\n")
	}
	writeFiles(t, dir, []backend.File{{Path: "SemanticsProbe.java", Content: []byte(strings.Replace(semanticsProbe, "BODY\n", body.String(), 1))}})
	out := runJava(t, dir, "", append(sources, "SemanticsProbe.java"), probePackage+".SemanticsProbe")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(checks) {
		t.Fatalf("probe printed %d lines, want %d:\n%s", len(got), len(checks), out)
	}
	for i, c := range checks {
		if got[i] != c.want {
			t.Errorf("%s = %s, want %s", c.call, got[i], c.want)
		}
	}
}

const semanticsProbe = `package ` + probePackage + `;

final class SemanticsProbe {
    private static final ConformanceJson DOC = ConformanceJsonParser.parseJson(
            "{\"a/b\":1,\"m~n\":2,\"\":3,\"~1\":4,\"arr\":[10,20]}");

    public static void main(String[] args) {
BODY
    }

    static boolean same(String a, String b) {
        return ConformanceJson.same(ConformanceJsonParser.parseJson(a), ConformanceJsonParser.parseJson(b));
    }

    static String pointer(String p) {
        return ConformancePointer.resolve(DOC, p).map(Object::toString).orElse("absent");
    }

    static String raw(String json) {
        return String.valueOf(ConformanceJsonParser.rawMemberText(json, "data"));
    }

    static boolean parses(String json) {
        try {
            ConformanceJsonParser.parseJson(json);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
`
