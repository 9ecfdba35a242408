package app

import (
	"context"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/conformance"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/writer"
)

// TestPythonTransportMovesToTests: a Python transport target's out is its
// package root, like every target's, and its modules go to tests/. A
// checkout generated with the older layout (the modules straight in out)
// moves on the next run: the old generated files, which the ledger records,
// are removed as stale; the old scaffold is the SDK's and stays.
func TestPythonTransportMovesToTests(t *testing.T) {
	t.Parallel()
	s, problems := model.Load(conformance.FS)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	sel, err := s.Select([]string{model.BlockSQS})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Backends().Lookup("python")
	files, err := b.Generate(sel, backend.Options{Binding: backend.BindSDK})
	if err != nil {
		t.Fatal(err)
	}
	var old []backend.File // the older layout: tests/ was out itself
	for _, f := range files {
		if !strings.HasPrefix(f.Path, "tests/") {
			t.Fatalf("%s is outside tests/", f.Path)
		}
		f.Path = strings.TrimPrefix(f.Path, "tests/")
		old = append(old, f)
	}
	out := t.TempDir()
	if _, err := writer.Write(context.Background(), out, "python", old, false); err != nil {
		t.Fatal(err)
	}

	flags := []string{"--lang", "python", "--out", out, "--blocks", "sqs"}
	if code, stdout, stderr := run(t, append([]string{"generate"}, flags...)...); code != 0 {
		t.Fatalf("generate over the older layout: exit %d\n%s%s", code, stdout, stderr)
	}
	tree := snapshotTree(t, out)
	for _, gone := range []string{"test_conformance_sqs.py", "conformance_sqs_support.py", "conformance/manifest.json"} {
		if _, ok := tree[gone]; ok {
			t.Errorf("%s of the older layout is still there", gone)
		}
	}
	for _, want := range []string{"conformance_sqs_subject.py", "tests/test_conformance_sqs.py", "tests/conformance_sqs_support.py", "tests/conformance_sqs_subject.py", "tests/conformance/manifest.json"} {
		if _, ok := tree[want]; !ok {
			t.Errorf("no %s", want)
		}
	}
	if code, stdout, stderr := run(t, append([]string{"check"}, flags...)...); code != 0 {
		t.Fatalf("check: exit %d\n%s%s", code, stdout, stderr)
	}
}
