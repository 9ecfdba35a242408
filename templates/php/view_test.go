package php

import (
	"reflect"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

func TestMethodNamesAreUniqueIgnoringCase(t *testing.T) {
	got := methodNames([]string{"order-created", "foo-bar", "foobar", "FOO_BAR", "", "?>", "123", "café"})
	want := []string{"test_order_created", "test_foo_bar", "test_foobar", "test_foo_bar_2", "test_case", "test_case_2", "test_123", "test_caf_u00e9"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("methodNames = %v, want %v", got, want)
	}
	seen := map[string]bool{}
	for _, m := range got {
		if seen[strings.ToLower(m)] {
			t.Errorf("%s declared twice for PHP", m)
		}
		seen[strings.ToLower(m)] = true
	}
}

func TestMethodNamesWithPrefix(t *testing.T) {
	if got := methodNames([]string{"first-delivery"}, "reconcile"); got[0] != "test_reconcile_first_delivery" {
		t.Errorf("got %s", got[0])
	}
}

func TestClassName(t *testing.T) {
	for block, want := range map[string]string{
		"cases": "CasesConformanceTest", "data_shape": "DataShapeConformanceTest",
		"payload_schema_unicode": "PayloadSchemaUnicodeConformanceTest", "sqs": "SqsConformanceTest",
	} {
		if got := className(block); got != want {
			t.Errorf("className(%q) = %s, want %s", block, got, want)
		}
	}
}

func TestNamespaceOption(t *testing.T) {
	for pkg, want := range map[string]string{
		"": DefaultNamespace, `Acme\Conformance`: `Acme\Conformance`, `\Acme\Tests`: `Acme\Tests`, "Single": "Single",
	} {
		got, err := namespaceOf(backend.Options{Package: pkg})
		if err != nil || got != want {
			t.Errorf("namespaceOf(%q) = %q, %v; want %q", pkg, got, err, want)
		}
	}
	for _, bad := range []string{`Acme\\Tests`, `Acme\`, "1Acme", "Acme Tests", "Acme/Tests", "Acme;echo", "Acme\n", "List", `Acme\Class`} {
		if _, err := namespaceOf(backend.Options{Package: bad}); err == nil {
			t.Errorf("namespaceOf(%q) accepted", bad)
		}
	}
}

func TestRelativePath(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{"tests/ConformanceGenerated/Support", "tests/conformance", "../../conformance"},
		{"tests", "tests/conformance", "conformance"},
		{"a/b", "a/b", ""},
	} {
		if got := relativePath(c.from, c.to); got != c.want {
			t.Errorf("relativePath(%q, %q) = %q, want %q", c.from, c.to, got, c.want)
		}
	}
}
