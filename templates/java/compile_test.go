package java

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/prooftest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/verify"
)

// TestGeneratedProjectsCompile compiles the oracle-bound output of the
// adversarial suite with the Java toolchain's own Prepare (javac -Xlint:all
// -Werror; the canonical and upstream suites compile in TestProof), and reads every @DisplayName
// of the adversarial suite back by reflection: each must be its case name,
// exactly.
func TestGeneratedProjectsCompile(t *testing.T) {
	t.Parallel()
	tc := verify.NewJavaToolchain()
	prooftest.RequireToolchain(t, tc)
	suites := map[string]func(*testing.T) *model.Suite{"adversarial": adversarialSuite}
	for name, load := range suites {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := load(t)
			dir := t.TempDir()
			writeFiles(t, dir, generate(t, s, backend.Options{Binding: backend.BindOracle, Package: probePackage}))
			var log bytes.Buffer
			if err := tc.Prepare(context.Background(), dir, &log); err != nil {
				t.Fatalf("%v\n%s", err, log.String())
			}
			if strings.Contains(log.String(), "warning") {
				t.Errorf("javac warned:\n%s", log.String())
			}
			if name == "adversarial" {
				checkDisplayNames(t, dir, s)
			}
		})
	}
}

// adversarialSuite is a suite whose case names, descriptions, reasons,
// keys, values and pointers are the adversarial strings.
func adversarialSuite(t *testing.T) *model.Suite {
	t.Helper()
	fixture := map[string]any{"job": "urn:x", "trace_id": "t", "data": map[string]any{}, "attempts": 0,
		"meta": map[string]any{"id": "i", "queue": "q", "lang": "go", "schema_version": 1, "created_at": 1}}
	var cases, payloads, roundtrips, sequences []any
	preserved := map[string]any{}
	for i, s := range adversarial {
		name := "case " + s // names must be non-empty and unique
		cases = append(cases, map[string]any{"name": name, "file": "fixtures/f.json", "valid": i%2 == 0,
			"description": s, "reason": s, "expect": map[string]any{"urn": s, "data": map[string]any{s: s},
				"attempts": i, "lang": s, "schema_version": 1, "dead_letter": map[string]any{s: s}}})
		payloads = append(payloads, map[string]any{"name": name, "valid": i%2 == 1, "data": map[string]any{s: []any{s}}})
		sequences = append(sequences, map[string]any{"name": name, "description": s, "expected_effects": 1,
			"deliveries": []any{map[string]any{"meta_id": s, "expect_effect": "run", "outcome": "ok"}}})
		fixture[s+" key"] = s
		preserved[model.Pointer{s + " key"}.String()] = s
	}
	roundtrips = append(roundtrips, map[string]any{"name": "keys", "file": "fixtures/f.json", "description": strings.Join(adversarial, "\n"),
		"expect_attempts": 1, "expect_preserved": preserved})
	manifest := map[string]any{"schema_version": 1, "description": strings.Join(adversarial, " "), "cases": cases,
		"idempotency":    map[string]any{"description": strings.Join(adversarial, "\r\n"), "sequences": map[string]any{"cases": sequences}},
		"payload_schema": map[string]any{"description": "*/ \\u000a", "schema": map[string]any{"type": "object"}, "cases": payloads},
		"roundtrip":      map[string]any{"cases": roundtrips},
	}
	fsys := fstest.MapFS{
		"manifest.json":       {Data: mustJSON(t, manifest)},
		"fixtures/f.json":     {Data: mustJSON(t, fixture)},
		"CONFORMANCE_VERSION": {Data: []byte("1.2.3-adversarial.1\n")},
	}
	s, problems := model.Load(fsys)
	if errs := problems.Errors(); len(errs) > 0 {
		t.Fatal(errs)
	}
	return s
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkDisplayNames runs a probe that prints, for every test method of the
// generated classes, the UTF-8 hex of its @DisplayName.
func checkDisplayNames(t *testing.T, dir string, s *model.Suite) {
	t.Helper()
	launcher, err := verify.JUnitLauncher()
	if err != nil {
		t.Skip(err)
	}
	var classes, want []string
	for _, block := range s.Blocks() {
		classes = append(classes, probePackage+"."+className(block))
	}
	for _, c := range s.Cases {
		want = append(want, hex.EncodeToString([]byte(c.Name)))
	}
	for _, c := range s.PayloadSchema.Cases {
		want = append(want, hex.EncodeToString([]byte(c.Name)))
	}
	for _, c := range s.Idempotency.Sequences {
		want = append(want, hex.EncodeToString([]byte(c.Name)))
	}
	want = append(want, hex.EncodeToString([]byte("keys")))
	writeFiles(t, dir, []backend.File{{Path: "DisplayNameProbe.java", Content: []byte(displayNameProbe)}})
	cp := filepath.Join(dir, "target", "test-classes") + ":" + launcher
	out := runJava(t, dir, cp, []string{"DisplayNameProbe.java"}, probePackage+".DisplayNameProbe", classes...)
	got := strings.Fields(out)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("display names read back:\n%v\nwant\n%v", got, want)
	}
}

const displayNameProbe = `package ` + probePackage + `;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;

final class DisplayNameProbe {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            for (Method m : Class.forName(name).getDeclaredMethods()) {
                DisplayName d = m.getAnnotation(DisplayName.class);
                if (d != null) {
                    StringBuilder out = new StringBuilder();
                    for (byte b : d.value().getBytes(StandardCharsets.UTF_8)) {
                        out.append(String.format("%02x", b));
                    }
                    System.out.println(out);
                }
            }
        }
    }
}
`
