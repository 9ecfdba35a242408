package java

import (
	"errors"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
)

// A package the backend cannot use is an option error, worded without the
// language: the app prefixes it and makes it a usage error.
func TestPackageErrorIsAnOptionError(t *testing.T) {
	s := canonical(t)
	for _, pkg := range []string{"x y", "com.babelqueue;import x", "com.class", "com..x"} {
		_, err := New().Generate(s, backend.Options{Package: pkg})
		var optErr *backend.OptionError
		if !errors.As(err, &optErr) {
			t.Errorf("package %q: error %v is not a *backend.OptionError", pkg, err)
			continue
		}
		if strings.HasPrefix(optErr.Msg, "java") || !strings.Contains(optErr.Msg, "package ") {
			t.Errorf("package %q: message %q must name the package and not start with the language", pkg, optErr.Msg)
		}
	}
}

// Every generated file says how to regenerate it: the command the options
// give, escaped for a comment, or the default.
func TestHeaderSaysHowToRegenerate(t *testing.T) {
	s := canonical(t)
	cases := []struct{ regenerate, want string }{
		{"", "// Regenerate with: " + defaultRegenerate + "\n"},
		{"bqgen generate (bqgen.yaml)", "// Regenerate with: bqgen generate (bqgen.yaml)\n"},
		{"bqgen generate --lang java --out . --package 'a\nb' */ \u00e9",
			"// Regenerate with: bqgen generate --lang java --out . --package 'a&#xa;b' *&#47; &#xe9;\n"},
	}
	for _, c := range cases {
		for name, opt := range bindings {
			opt.Regenerate = c.regenerate
			for _, f := range generate(t, s, opt) {
				if f.Kind != backend.Generated || isIndex(f) {
					continue
				}
				head := string(f.Content[:min(len(f.Content), 300)])
				if !strings.Contains(head, c.want) {
					t.Errorf("%s %q: %s does not say %q:\n%s", name, c.regenerate, f.Path, c.want, head)
				}
			}
		}
	}
}

// An exemption annotates exactly the tests of the cases it matches: skip
// with Skip and its reason, fail with KnownFailure, its remedy and reason.
func TestExemptionsAnnotateTheirCases(t *testing.T) {
	s := canonical(t)
	opt := backend.Options{Binding: backend.BindSDK, Exemptions: []backend.Exemption{
		{Pattern: "cases/invalid-trace-id-*", Action: backend.ExemptFail, Reason: `trace_id "unchecked" */ (issue 1)`},
		{Pattern: "kafka/later-header-lower-than-body", Action: backend.ExemptSkip, Reason: "no header yet"},
	}}
	files := byPath(generate(t, s, opt))
	cases := string(files["src/test/java/com/babelqueue/ConformanceCasesTest.java"].Content)
	known := "    @ConformanceExemptions.KnownFailure(\n            remedy = \"remove the exemption cases/invalid-trace-id-* from bqgen.yaml\",\n" +
		"            reason = \"trace_id \\\"unchecked\\\" */ (issue 1)\")\n    @Test\n"
	if n := strings.Count(cases, known); n != 3 {
		t.Errorf("ConformanceCasesTest has %d known-failure annotations for the three invalid-trace-id cases, want 3:\n%s", n, cases)
	}
	if n := strings.Count(cases, "@ConformanceExemptions."); n != 3 {
		t.Errorf("ConformanceCasesTest has %d exemption annotations, want 3", n)
	}
	kafka := string(files["src/test/java/com/babelqueue/ConformanceKafkaTest.java"].Content)
	skip := "    @ConformanceExemptions.Skip(\n            reason = \"no header yet\")\n    @Test\n" +
		"    @DisplayName(\"later-header-lower-than-body\")\n"
	if !strings.Contains(kafka, skip) || strings.Count(kafka, "@ConformanceExemptions.") != 1 {
		t.Errorf("ConformanceKafkaTest must skip later-header-lower-than-body alone:\n%s", kafka)
	}
	if _, ok := files["src/test/java/com/babelqueue/ConformanceExemptions.java"]; !ok {
		t.Error("no ConformanceExemptions.java")
	}
}

func selectBlocks(t *testing.T, s *model.Suite, blocks ...string) *model.Suite {
	t.Helper()
	sel, err := s.Select(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return sel
}

// A suite of broker blocks only is a transport target: its output goes into
// the transport's own package, whose scaffold maps the broker's operations
// onto that package's code, never points to another repository and never
// carries a block the target did not get.
func TestTransportTarget(t *testing.T) {
	s := canonical(t)
	cases := []struct {
		block, dir, maps string
	}{
		{model.BlockKafka, "src/test/java/com/babelqueue/kafka/", "KafkaHeaders.of(EnvelopeCodec.decode(envelope))"},
		{model.BlockRedis, "src/test/java/com/babelqueue/redis/", "RedisConsumer.builder(redis, QUEUE)"},
		{model.BlockSQS, "src/test/java/com/babelqueue/sqs/", "SqsConsumer.builder(this, SQS_QUEUE_URL)"},
		{model.BlockPulsar, "src/test/java/com/babelqueue/pulsar/", "PulsarProperties.of(EnvelopeCodec.decode(envelope))"},
		{model.BlockASB, "src/test/java/com/babelqueue/azureservicebus/", "AsbMessages.project(EnvelopeCodec.decode(envelope))"},
		{model.BlockArtemis, "src/test/java/com/babelqueue/artemis/", "ArtemisConsumer.builder(consumer, messages.session())"},
		{model.BlockRabbitMQ, "src/test/java/com/babelqueue/spring/", "new BabelQueueMessageConverter()"},
	}
	for _, c := range cases {
		files := generate(t, selectBlocks(t, s, c.block), backend.Options{Binding: backend.BindSDK})
		var tests []string
		for _, f := range files {
			if f.Kind == backend.Vendored {
				continue
			}
			if !strings.HasPrefix(f.Path, c.dir) {
				t.Errorf("%s: %s is outside %s", c.block, f.Path, c.dir)
			}
			if strings.HasSuffix(f.Path, TestClassSuffix+SourceExt) {
				tests = append(tests, f.Path)
			}
		}
		if want := c.dir + className(c.block) + SourceExt; len(tests) != 1 || tests[0] != want {
			t.Errorf("%s: test classes %v, want only %s", c.block, tests, want)
		}
		scaffold := string(byPath(files)[c.dir+scaffoldFile].Content)
		if !strings.Contains(scaffold, c.maps) {
			t.Errorf("%s: the scaffold lacks %q:\n%s", c.block, c.maps, scaffold)
		}
		// The other targets' operations are left to the interface's defaults, which say where they belong.
		const core = "belongs to the core target (a target without broker blocks in bqgen.yaml)"
		if api := string(byPath(files)[c.dir+subjectInterfaceFile].Content); !strings.Contains(api, core) {
			t.Errorf("%s: the subject interface's defaults lack %q", c.block, core)
		}
		if strings.Contains(scaffold, "NotProvidedException(\"belongs to the") {
			t.Errorf("%s: the scaffold restates another target's operation; the default says it:\n%s", c.block, scaffold)
		}
		// ...and a gate asserts only whether the handler ran: the suite does not say how a
		// rejected message is settled (Artemis's own reject path dead-letters and acknowledges).
		settlement := []string{"Mockito.verify", "acknowledged", "deleted.size()", "released.", "settled.equals"}
		for _, banned := range append([]string{"run this block in the repository", "babelqueue-core", "CoreVersions",
			"not mapped onto"}, settlement...) {
			if strings.Contains(scaffold, banned) {
				t.Errorf("%s: the transport scaffold says %q", c.block, banned)
			}
		}
	}
	// Brokers whose packages differ need a package; given one, the scaffold maps both.
	_, err := New().Generate(selectBlocks(t, s, model.BlockKafka, model.BlockRedis), backend.Options{})
	var optErr *backend.OptionError
	if !errors.As(err, &optErr) || !strings.Contains(optErr.Msg, "com.babelqueue.kafka, com.babelqueue.redis") {
		t.Errorf("kafka and redis without a package: %v, want an option error naming both packages", err)
	}
	files := byPath(generate(t, selectBlocks(t, s, model.BlockKafka, model.BlockRedis), backend.Options{Package: "org.example.bq"}))
	scaffold := string(files["src/test/java/org/example/bq/"+scaffoldFile].Content)
	if !strings.Contains(scaffold, "KafkaHeaders.of(") || !strings.Contains(scaffold, "RedisPublisher.create(") {
		t.Errorf("a kafka and redis target's scaffold must map both:\n%s", scaffold)
	}
	// A core target (no broker block) keeps the core's scaffold and package.
	core := byPath(generate(t, selectBlocks(t, s, model.BlockCases), backend.Options{}))
	if f, ok := core["src/test/java/com/babelqueue/"+scaffoldFile]; !ok || !strings.Contains(string(f.Content), "CoreVersions") {
		t.Error("a core target must keep the core scaffold in com.babelqueue")
	}
}
