package results

import "testing"

// The xUnit v2 console runner's XML reads as its class and display names,
// with the skip reason and failure message, and its assemblies' totals.
func TestReadXunitXML(t *testing.T) {
	const file = `<?xml version="1.0" encoding="utf-8"?>
<assemblies timestamp="12/01/2026 20:00:00">
  <assembly name="/p/T.dll" total="3" passed="1" failed="1" skipped="1" time="0.1" errors="0">
    <errors />
    <collection total="3" passed="1" failed="1" skipped="1" name="Test collection for C" time="0.1">
      <test name="sqs/a &lt;&amp;&gt; \&quot;q\&quot;" type="N.C" method="A" time="0.01" result="Pass"><traits /></test>
      <test name="sqs/b" type="N.C" method="B" time="0.01" result="Fail"><failure exception-type="X"><message><![CDATA[expected 1, got 2]]></message><stack-trace><![CDATA[at N.C.B()]]></stack-trace></failure></test>
      <test name="sqs/c" type="N.C" method="C" time="0" result="Skip"><reason><![CDATA[sqs_reconcile is not provided: why]]></reason></test>
    </collection>
  </assembly>
</assemblies>`
	run, err := Read("x.xml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	want := []Test{
		{"N.C", `sqs/a <&> \"q\"`, Pass, ""},
		{"N.C", "sqs/b", Fail, "expected 1, got 2"},
		{"N.C", "sqs/c", Skip, "sqs_reconcile is not provided: why"},
	}
	if run.Format != FormatXunitXML || len(run.Tests) != len(want) || *run.Declared != (Counts{Passed: 1, Failed: 1, Skipped: 1}) {
		t.Fatalf("%+v", run)
	}
	for i, w := range want {
		if run.Tests[i] != w {
			t.Errorf("test %d: %+v, want %+v", i, run.Tests[i], w)
		}
	}
	if _, err := Read("bad.xml", []byte(`<assemblies><assembly passed="x"/></assemblies>`)); err == nil {
		t.Error("a total that is not a count reads")
	}
}
