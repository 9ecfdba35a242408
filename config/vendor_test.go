package config

import (
	"strings"
	"testing"
)

func TestVendorIsALocalRelativePathNamedWithItsLine(t *testing.T) {
	ok := "version: 1\ntargets:\n  - lang: python\n    out: .\n    vendor: tests/bqgen-conformance\n"
	c, err := Parse("/repo/bqgen.yaml", []byte(ok), langs, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if c.Targets[0].Vendor != "tests/bqgen-conformance" {
		t.Fatalf("Vendor = %q", c.Targets[0].Vendor)
	}
	for _, bad := range []string{`""`, `"  "`, "/abs/dir", `'a\b'`, "../up", "a/../../up", "a/..", ".", ".bqgen", ".bqgen/x", "./.bqgen/x", "C:/x", ".git/x", ".BQGEN/x",
		"CON/x", "a/b.", "a:b", `"a\x01b"`, strings.Repeat("a", 257)} {
		data := "version: 1\ntargets:\n  - lang: python\n    out: .\n  - lang: go\n    out: .\n    vendor: " + bad + "\n"
		_, err := Parse("/repo/bqgen.yaml", []byte(data), langs, blocks)
		if err == nil {
			t.Errorf("vendor: %s: no error", bad)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "line 5: target 2: vendor:") {
			t.Errorf("vendor: %s: %s", bad, msg)
		}
	}
	clean, err := Parse("/repo/bqgen.yaml", []byte("version: 1\ntargets:\n  - lang: go\n    out: .\n    vendor: ./tests//x/\n"), langs, blocks)
	if err != nil {
		t.Fatal(err)
	}
	if got := clean.Targets[0].VendorDir(); got != "tests/x" {
		t.Errorf("vendor: ./tests//x/: VendorDir %q, want tests/x", got)
	}
	if _, err := Parse("/repo/bqgen.yaml", []byte("version: 1\ntargets:\n  - lang: go\n    out: .\n    vendr: x\n"), langs, blocks); err == nil || !strings.Contains(err.Error(), `"vendor"`) {
		t.Errorf("misspelt vendor: %v", err)
	}
}
