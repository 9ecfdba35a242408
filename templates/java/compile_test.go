package java_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/prooftest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/templates/java"
	"github.com/babelqueue/bqgen/verify"
)

// TestGeneratedProjectsCompile compiles the oracle-bound output of the
// adversarial suite with the Java toolchain's own Prepare (javac -Xlint:all
// -Werror; the canonical and upstream suites compile in TestProof), and reads every @DisplayName
// of the adversarial suite back by reflection: each must be its case name,
// exactly.
func TestGeneratedProjectsCompile(t *testing.T) {
	t.Parallel()
	tc := prooftest.Shared(t, verify.NewJavaToolchain())
	prooftest.RequireToolchain(t, tc)
	suites := map[string]func(*testing.T) *model.Suite{"adversarial": java.AdversarialSuite}
	for name, load := range suites {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := load(t)
			dir := t.TempDir()
			java.WriteFiles(t, dir, java.Generate(t, s, backend.Options{Binding: backend.BindOracle, Package: java.ProbePackage}))
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
		classes = append(classes, java.ProbePackage+"."+java.ClassName(block))
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
	for _, block := range []string{model.BlockSQS, model.BlockASB} {
		for _, c := range s.Gate(block).Cases {
			want = append(want, hex.EncodeToString([]byte(c.Name)))
		}
	}
	for _, b := range []*model.MessagingBlock{s.Settlement, s.RowErrors, s.FailedWrites} {
		for _, c := range b.Cases {
			want = append(want, hex.EncodeToString([]byte(c.Name)))
		}
	}
	java.WriteFiles(t, dir, []backend.File{{Path: "DisplayNameProbe.java", Content: []byte(displayNameProbe)}})
	cp := filepath.Join(dir, "target", "test-classes") + ":" + launcher
	out := java.RunJava(t, dir, cp, []string{"DisplayNameProbe.java"}, java.ProbePackage+".DisplayNameProbe", classes...)
	got := strings.Fields(out)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("display names read back:\n%v\nwant\n%v", got, want)
	}
}

const displayNameProbe = `package ` + java.ProbePackage + `;

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
