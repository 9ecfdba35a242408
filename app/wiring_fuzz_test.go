package app

import (
	"io"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/validate"
)

// wiringTargets are every backend's generated files for the embedded
// suite, with its wiring checker, for the fuzz target below.
func wiringTargets(tb testing.TB) map[string]plan.Generated {
	tb.Helper()
	s, err := validate.Load("", io.Discard)
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]plan.Generated{}
	for _, lang := range Backends().Langs() {
		g, err := plan.GenerateTarget(s, plan.Target{Lang: lang, Out: ".", Shown: ".", ConfigIndex: -1,
			Opt: backend.Options{Binding: backend.BindSDK, Regenerate: "bqgen generate"}}, Backends())
		if err != nil {
			tb.Fatalf("%s: %v", lang, err)
		}
		if _, ok := g.Backend.(backend.WiringChecker); ok {
			out[lang] = g
		}
	}
	if len(out) < 5 {
		tb.Fatalf("%d backends check wiring, want at least 5", len(out))
	}
	return out
}

// FuzzWiring: whatever a checkout's runner configurations hold (a
// package.json, a pom.xml, a pytest.ini, a phpunit.xml, a *.csproj, a
// go.mod), every backend's wiring check returns, without a panic, well
// within the budget: the reader bounds the size, the checks must be linear.
//
//	go test -run '^$' -fuzz FuzzWiring ./app/
func FuzzWiring(f *testing.F) {
	targets := wiringTargets(f)
	for _, seed := range []string{
		`{"scripts": {"test": "node --import tsx --test test/*.test.ts"}}`,
		`<project><build><plugins><plugin><artifactId>maven-surefire-plugin</artifactId><configuration><includes><include>**/*Test.java</include></includes></configuration></plugin></plugins></build></project>`,
		"[pytest]\ntestpaths = tests\npython_files = test_*.py\n",
		`<phpunit><testsuites><testsuite name="x"><directory>tests</directory><exclude>tests/ConformanceGenerated</exclude></testsuite></testsuites></phpunit>`,
		`<Project><ItemGroup><Compile Remove="**/*.cs" /></ItemGroup></Project>`,
		"module example.com/sdk\n\ngo 1.22\n",
		"\x00\xff<<<<[[[[{{{{",
	} {
		for i := range uint8(3) {
			f.Add(i, []byte(seed))
		}
	}
	langs := Backends().Langs()
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		for _, lang := range langs {
			g, ok := targets[lang]
			if !ok {
				continue
			}
			wc := g.Backend.(backend.WiringChecker)
			names := wc.WiringFiles()
			files := map[string][]byte{}
			// which says which files hold data: one of them, or all.
			for i, name := range names {
				if int(which)%(len(names)+1) == len(names) || int(which)%(len(names)+1) == i {
					files[name] = data
				}
			}
			start := time.Now()
			for _, p := range wc.CheckWiring(files, g.Files) {
				if p.File == "" || p.Problem == "" {
					t.Fatalf("%s: a problem without its file or its text: %+v", lang, p)
				}
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("%s: the wiring check of %d bytes took %v", lang, len(data), d)
			}
		}
	})
}
