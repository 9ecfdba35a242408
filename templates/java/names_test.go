package java

import (
	"strings"
	"testing"
)

func TestMethodNames(t *testing.T) {
	names := []string{"order-created", "order created", "class", "class test", "to string", "fixture",
		"", "10", "café", "assert-equals", "json_object", "toString"}
	want := []string{"orderCreated", "orderCreated2", "classTest", "classTest2", "toStringTest", "fixtureTest",
		"test", "case10", "cafU00e9", "assertEqualsTest", "jsonObjectTest", "tostring"}
	got := methodNames(names)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("methodNames(%q)\n = %q\nwant %q", names, got, want)
	}
}

// TestMethodNamesAreNeverReserved runs every reserved word through the
// namer, alone and next to a case that already took the escape name.
func TestMethodNamesAreNeverReserved(t *testing.T) {
	var names []string
	for name := range reservedMethodNames {
		names = append(names, name, name+" test")
	}
	seen := map[string]bool{}
	for i, id := range methodNames(names) {
		if reservedMethodNames[id] || keywordSet[id] {
			t.Errorf("%q became the reserved identifier %q", names[i], id)
		}
		if seen[id] {
			t.Errorf("%q became %q, which is taken", names[i], id)
		}
		seen[id] = true
	}
}

func TestCheckPackage(t *testing.T) {
	for _, ok := range []string{"com.babelqueue", "com.babelqueue.sqs", "org.example_1.$x", "a"} {
		if err := checkPackage(ok); err != nil {
			t.Errorf("checkPackage(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"", ".", "com..babelqueue", "com.class", "1com", "com.babelqueue;", "com/babelqueue",
		"com.babel queue", "çom", "com.babelqueue\n", "_", "com.babelqueue.*/"} {
		if err := checkPackage(bad); err == nil {
			t.Errorf("checkPackage(%q) = nil, want an error", bad)
		}
	}
}
