package node

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/internal/testkit/suitetest"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

func canonical(t *testing.T) *model.Suite { return suitetest.Canonical(t) }

// upstream is the older upstream suite; the test skips where it is absent.
func upstream(t *testing.T) *model.Suite { return suitetest.Upstream(t) }

// upstreamNext is the newest upstream suite; the test skips where it is absent.
func upstreamNext(t *testing.T) *model.Suite { return suitetest.UpstreamNext(t) }

// versionLine is the line naming a suite's revision in its generated files.
func versionLine(s *model.Suite) string {
	if !s.HasVersion || s.Version == "" {
		return "CONFORMANCE_VERSION " + unversioned
	}
	return "CONFORMANCE_VERSION " + s.Version
}

// suites are the suites every output property is checked on, with the
// version their files must name.
func suites(t *testing.T) map[string]struct {
	suite   *model.Suite
	version string
} {
	return map[string]struct {
		suite   *model.Suite
		version string
	}{
		"canonical":     {canonical(t), "CONFORMANCE_VERSION " + suitetest.CanonicalVersion},
		"upstream":      {upstream(t), "CONFORMANCE_VERSION unversioned"},
		"upstream-next": {upstreamNext(t), versionLine(upstreamNext(t))},
	}
}

var bindings = map[string]backend.Binding{"sdk": backend.BindSDK, "oracle": backend.BindOracle}

func generate(t *testing.T, s *model.Suite, binding backend.Binding) []backend.File {
	t.Helper()
	files, err := New().Generate(s, backend.Options{Binding: binding})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func byPath(files []backend.File) map[string]backend.File {
	out := map[string]backend.File{}
	for _, f := range files {
		out[f.Path] = f
	}
	return out
}

func TestGenerateIsDeterministic(t *testing.T) {
	for name, sv := range suites(t) {
		for bname, binding := range bindings {
			t.Run(name+"/"+bname, func(t *testing.T) {
				t.Parallel()
				first, second := generate(t, sv.suite, binding), generate(t, sv.suite, binding)
				if len(first) != len(second) {
					t.Fatalf("%d files, then %d", len(first), len(second))
				}
				for i := range first {
					if first[i].Path != second[i].Path || !bytes.Equal(first[i].Content, second[i].Content) {
						t.Errorf("%s differs between two runs", first[i].Path)
					}
				}
			})
		}
	}
}

func TestGeneratedFilesCarryMarkerAndVersion(t *testing.T) {
	for name, sv := range suites(t) {
		for bname, binding := range bindings {
			for _, f := range generate(t, sv.suite, binding) {
				if f.Kind == backend.Vendored || isIndex(f) {
					continue
				}
				head := f.Content[:min(len(f.Content), 512)]
				if f.Kind == backend.Generated && !bytes.Contains(head, []byte("@generated")) {
					t.Errorf("%s/%s: %s has no @generated marker near the top", name, bname, f.Path)
				}
				version := strings.TrimPrefix(sv.version, "CONFORMANCE_VERSION ")
				if !bytes.Contains(f.Content, []byte(version)) {
					t.Errorf("%s/%s: %s does not name the suite revision %q", name, bname, f.Path, version)
				}
				if strings.HasSuffix(f.Path, ".ts") && !bytes.Contains(head, []byte(sv.version)) {
					t.Errorf("%s/%s: %s has no %q near the top", name, bname, f.Path, sv.version)
				}
			}
		}
	}
}

func TestScaffoldIsNotMarkedGenerated(t *testing.T) {
	f := byPath(generate(t, canonical(t), backend.BindSDK))[bindingFile]
	if f.Kind != backend.Scaffold || bytes.Contains(f.Content, []byte("@generated")) {
		t.Errorf("%s: kind %s; a scaffold the SDK owns must not claim to be generated", f.Path, f.Kind)
	}
}

func TestLayout(t *testing.T) {
	s := canonical(t)
	for bname, binding := range bindings {
		files := byPath(generate(t, s, binding))
		for _, block := range s.Blocks() {
			want := "test/conformance-" + strings.ReplaceAll(block, "_", "-") + ".gen.test.ts"
			if f, ok := files[want]; !ok || f.Kind != backend.Generated {
				t.Errorf("%s: block %s: no generated %s", bname, block, want)
			}
		}
		for path, f := range files {
			inSuite := strings.HasPrefix(path, "test/conformance/")
			if inSuite != (f.Kind == backend.Vendored) {
				t.Errorf("%s: %s is %s; only the vendored suite may be under test/conformance/", bname, path, f.Kind)
			}
		}
		for _, sf := range s.Files {
			if f := files["test/conformance/"+sf.Path]; !bytes.Equal(f.Content, sf.Raw) {
				t.Errorf("%s: vendored %s is not the suite's bytes", bname, sf.Path)
			}
		}
	}
}

func TestBindingsDiffer(t *testing.T) {
	s := canonical(t)
	sdk, oracle := byPath(generate(t, s, backend.BindSDK)), byPath(generate(t, s, backend.BindOracle))
	for _, path := range []string{PackageFile, LockFile, TSConfigFile} {
		if _, ok := sdk[path]; ok {
			t.Errorf("BindSDK writes %s, which the SDK already has", path)
		}
		if _, ok := oracle[path]; !ok {
			t.Errorf("BindOracle lacks %s, needed to run standalone", path)
		}
	}
	for path, f := range oracle {
		if f.Kind == backend.Scaffold {
			t.Errorf("BindOracle writes the scaffold %s", path)
		}
	}
	if !bytes.Contains(oracle[bindingFile].Content, []byte(`"oracle", "serve"`)) {
		t.Errorf("BindOracle's %s does not start bqgen oracle serve", bindingFile)
	}
	for path, f := range sdk {
		if strings.HasSuffix(path, ".gen.test.ts") && !bytes.Equal(f.Content, oracle[path].Content) {
			t.Errorf("%s differs between bindings; tests must reach either binding the same way", path)
		}
	}
}

// testCall matches the start of one generated test.
var testCall = regexp.MustCompile(`(?m)^\s*test\(("(?:[^"\\]|\\.)*"),`)

func TestOneTestPerCase(t *testing.T) {
	for name, sv := range suites(t) {
		files := byPath(generate(t, sv.suite, backend.BindOracle))
		for block, names := range caseNames(sv.suite) {
			f := files[TestFileName(block)]
			var got []string
			for _, m := range testCall.FindAllStringSubmatch(string(f.Content), -1) {
				got = append(got, m[1])
			}
			var want []string
			for _, n := range names {
				want = append(want, tsString(n))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s: %s: tests %v, want one per case %v", name, f.Path, got, want)
			}
		}
	}
}

// caseNames lists, per block, the display name of every test it must get.
func caseNames(s *model.Suite) map[string][]string {
	out := map[string][]string{}
	foreignLang := map[string]bool{model.BlockSQS: s.SQS.ForeignLang != nil, model.BlockASB: s.ASB.ForeignLang != nil,
		model.BlockPulsar: s.Pulsar.ForeignLang != nil, model.BlockKafka: s.Kafka.ForeignLang != nil,
		model.BlockArtemis: s.Artemis.ForeignLang != nil, model.BlockRabbitMQ: s.RabbitMQ.ForeignLang != nil}
	add := func(block string, names ...string) { out[block] = append(out[block], names...) }
	for _, c := range s.Cases {
		add(model.BlockCases, c.Name)
	}
	if s.Idempotency != nil {
		add(model.BlockIdempotency, subDedupKey)
		for _, c := range s.Idempotency.Sequences {
			add(model.BlockIdempotency, c.Name)
		}
	}
	for block, r := range map[string]*model.Reconciliation{
		model.BlockSQS: s.SQS.Reconciliation, model.BlockASB: s.ASB.Reconciliation, model.BlockPulsar: s.Pulsar.Reconciliation,
		model.BlockKafka: s.Kafka.Reconciliation, model.BlockArtemis: s.Artemis.Reconciliation,
	} {
		sub := subProperties
		if block == model.BlockSQS {
			sub = subAttributes
		}
		add(block, block+" "+sub)
		if foreignLang[block] {
			add(block, block+" "+sub+model.ForeignLangSuffix)
		}
		for _, c := range r.Cases {
			add(block, c.Name)
		}
		if g := s.Gate(block); g != nil {
			for _, c := range g.Cases {
				add(block, c.Name)
			}
		}
	}
	add(model.BlockRedis, model.BlockRedis+" "+subPayloadID)
	if s.Redis.ProduceIdentity != nil {
		add(model.BlockRedis, model.BlockRedis+" "+subProduceID)
	}
	add(model.BlockRabbitMQ, model.BlockRabbitMQ+" "+subProperties)
	if foreignLang[model.BlockRabbitMQ] {
		add(model.BlockRabbitMQ, model.BlockRabbitMQ+" "+subProperties+model.ForeignLangSuffix)
	}
	if s.Producer != nil {
		for _, c := range s.Producer.Cases {
			add(model.BlockProducer, c.Name)
		}
	}
	for _, c := range s.PayloadSchema.Cases {
		add(model.BlockPayloadSchema, c.Name)
	}
	addBehaviour(s, add)
	for block, b := range map[string]*model.MessagingBlock{model.BlockSettlement: s.Settlement,
		model.BlockRowErrors: s.RowErrors, model.BlockFailedWrites: s.FailedWrites} {
		if b == nil {
			continue
		}
		for _, c := range b.Cases {
			add(block, c.Name)
		}
	}
	return out
}

// addBehaviour adds the behaviour blocks' cases, when the suite has them.
func addBehaviour(s *model.Suite, add func(string, ...string)) {
	if s.Roundtrip != nil {
		for _, c := range s.Roundtrip.Cases {
			add(model.BlockRoundtrip, c.Name)
		}
		for _, c := range s.DataShape.Cases {
			add(model.BlockDataShape, c.Name)
		}
		for _, c := range s.ForbiddenKeys.Cases {
			add(model.BlockForbiddenKeys, c.Name)
		}
		for _, c := range s.PayloadSchemaUnicode.Cases {
			add(model.BlockPayloadSchemaUnicode, c.Name)
		}
	}
}

func TestAbsentBlocksProduceNoFile(t *testing.T) {
	files := byPath(generate(t, upstream(t), backend.BindOracle))
	for _, block := range []string{model.BlockRoundtrip, model.BlockDataShape, model.BlockForbiddenKeys, model.BlockPayloadSchemaUnicode} {
		if _, ok := files[TestFileName(block)]; ok {
			t.Errorf("the upstream suite has no %s block, yet %s was generated", block, TestFileName(block))
		}
	}
}

func TestImportsAreExactlyThoseUsed(t *testing.T) {
	for name, sv := range suites(t) {
		for _, f := range generate(t, sv.suite, backend.BindOracle) {
			if !strings.HasSuffix(f.Path, ".gen.test.ts") {
				continue
			}
			checkImportsUsed(t, name+": "+f.Path, string(f.Content))
		}
	}
}

var importClause = regexp.MustCompile(`(?m)^import (?:type )?\{\s*([^}]*?),?\s*\} from`)

// checkImportsUsed fails for a name imported and never used (an error under
// noUnusedLocals) and for a support function used and never imported.
func checkImportsUsed(t *testing.T, where, src string) {
	imported := map[string]bool{"assert": strings.Contains(src, "import assert ")}
	for _, m := range importClause.FindAllStringSubmatch(src, -1) {
		for _, name := range regexp.MustCompile(`,\s*`).Split(m[1], -1) {
			imported[name] = true
		}
	}
	body := src[strings.Index(src, "const subject"):]
	for name := range imported {
		if imported[name] && !regexp.MustCompile(`\b`+name+`\b`).MatchString(body) && name != "openSubject" && name != "after" {
			t.Errorf("%s: %s is imported but not used", where, name)
		}
	}
	for _, fn := range []string{"fixture", "whenProvided", "assertJsonEqual", "assertJsonContains", "assertAccepted",
		"assertPerMessageFields", "assertAbsent", "assertMentions", "parseJson", "resolvePointer", "rawMember", "member", "describe", "assert"} {
		if regexp.MustCompile(`\b`+fn+`[.(]`).MatchString(body) && !imported[fn] {
			t.Errorf("%s: %s is used but not imported", where, fn)
		}
	}
}

func TestPackageOptionSetsCoreModule(t *testing.T) {
	files, err := New().Generate(canonical(t), backend.Options{Binding: backend.BindSDK, Package: "@babelqueue/core"})
	if err != nil {
		t.Fatal(err)
	}
	if f := byPath(files)[bindingFile]; !bytes.Contains(f.Content, []byte(`from "@babelqueue/core";`)) {
		t.Errorf("the scaffold does not import the core from Options.Package:\n%s", f.Content)
	}
}

// isIndex reports whether f is the test index: JSON data, not source, which
// carries no comment (so no marker) and names tests exactly as the runner
// reports them, invisible characters included (index_test.go checks it).
func isIndex(f backend.File) bool { return f.Path == TestDir+"/"+backend.IndexFileName }
