package php

import (
	"encoding/hex"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// adversarialSuite is testdata/adversarial: case names, reasons, keys and
// values built to break PHP literals, comments and PHP mode, and names that
// collide once PHP ignores case. verify's PHP test runs it against the oracle.
func adversarialSuite(t *testing.T) *model.Suite {
	t.Helper()
	fsys, err := model.DirFS(filepath.Join("testdata", "adversarial"))
	if err != nil {
		t.Fatal(err)
	}
	return loadSuite(t, fsys)
}

func TestAdversarialSuiteLints(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	for _, binding := range bindings {
		lintAll(t, writeFiles(t, generate(t, adversarialSuite(t), backend.Options{Binding: binding})))
	}
}

// TestAdversarialNamesStayInStrings tokenizes every generated file with PHP
// itself: no token may leave PHP mode (a stray ?>), and the $case literal of
// every test (on one line or continued on several) must evaluate to its raw
// case name, byte for byte.
func TestAdversarialNamesStayInStrings(t *testing.T) {
	requirePHP(t)
	t.Parallel()
	s := adversarialSuite(t)
	dir := writeFiles(t, generate(t, s, backend.Options{Binding: backend.BindOracle}))
	script := `<?php
foreach (glob($argv[1] . '/*.php') as $file) {
    foreach (token_get_all(file_get_contents($file)) as $i => $token) {
        if (is_array($token) && ($token[0] === T_INLINE_HTML || ($token[0] === T_CLOSE_TAG && $i > 0))) {
            echo 'LEFT PHP MODE in ', basename($file), "\n";
        }
    }
    preg_match_all('/^        \$case = (.*?);$/ms', file_get_contents($file), $matches);
    foreach ($matches[1] as $literal) {
        echo bin2hex(eval('return ' . $literal . ';')), "\n";
    }
}
`
	got := runPHPWithArgs(t, script, filepath.Join(dir, "tests", "ConformanceGenerated"))
	want := []string{hex.EncodeToString([]byte("dedup_key"))} // the one test named after its sub-block
	for _, names := range [][]string{
		caseNames(s.Cases, func(c model.EnvelopeCase) string { return c.Name }),
		caseNames(s.Idempotency.Sequences, func(q model.IdempotencySequence) string { return q.Name }),
		caseNames(s.PayloadSchema.Cases, func(p model.PayloadCase) string { return p.Name }),
		caseNames(s.Roundtrip.Cases, func(r model.RoundtripCase) string { return r.Name }),
		caseNames(s.DataShape.Cases, func(d model.DataShapeCase) string { return d.Name }),
		caseNames(s.Gate(model.BlockASB).Cases, func(g model.GateCase) string { return g.Name }),
		caseNames(s.Gate(model.BlockKafka).Cases, func(g model.GateCase) string { return g.Name }),
		caseNames(s.Settlement.Cases, func(c model.MessagingCase) string { return c.Name }),
		caseNames(s.RowErrors.Cases, func(c model.MessagingCase) string { return c.Name }),
		caseNames(s.FailedWrites.Cases, func(c model.MessagingCase) string { return c.Name }),
	} {
		for _, n := range names {
			want = append(want, hex.EncodeToString([]byte(n)))
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("$case literals evaluate to\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
