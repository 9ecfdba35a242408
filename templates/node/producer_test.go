package node

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// The producer's write statement stays on one line when it fits; otherwise
// it takes one argument a line, and a data literal that spans lines moves in
// with its argument, its closing brace under its first line, every line
// within the file's width.
func TestProducerWriteBreaksLongCalls(t *testing.T) {
	short := model.ProducerCase{Mode: model.ProducerMake, URN: "urn:a", Queue: "q", Data: model.ObjectValue()}
	got, err := producerWrite(short, nestedBodyIndent)
	if err != nil {
		t.Fatal(err)
	}
	if want := `const write = await written(() => subject.newMessage("urn:a", "q", {}, null));`; got != want {
		t.Errorf("short call:\n%s\nwant:\n%s", got, want)
	}
	var members []model.Member
	for _, k := range []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"} {
		members = append(members, model.Member{Key: k, Value: model.StringValue(strings.Repeat(k, 3))})
	}
	hug := short
	hug.Data = model.ObjectValue(members...)
	got, err = producerWrite(hug, nestedBodyIndent)
	if err != nil {
		t.Fatal(err)
	}
	// a data literal spanning lines, the call's first line fitting: it hugs the call
	if want := `newMessage("urn:a", "q", {` + "\n" + nestedBodyIndent + "  \"alpha\": "; !strings.HasPrefix(got, "const write = await written(() => subject."+want) {
		t.Errorf("hugging call does not start %q:\n%s", want, got)
	}
	if !strings.HasSuffix(got, "\n"+nestedBodyIndent+"}, null));") {
		t.Errorf("hugging call does not close under its statement:\n%s", got)
	}
	long := hug
	long.URN = "urn:" + strings.Repeat("long:", 20)
	got, err = producerWrite(long, nestedBodyIndent)
	if err != nil {
		t.Fatal(err)
	}
	argIndent := nestedBodyIndent + "  "
	for _, want := range []string{"newMessage(\n" + argIndent + `"urn:long:`, "\n" + argIndent + "  \"alpha\": ",
		"\n" + argIndent + "},\n", "\n" + nestedBodyIndent + "));"} {
		if !strings.Contains(got, want) {
			t.Errorf("long call has no %q:\n%s", want, got)
		}
	}
	for i, line := range strings.Split(got, "\n") {
		if i == 0 {
			line = nestedBodyIndent + line
		}
		if n := utf8.RuneCountInString(describeIndent + line); n > maxLine {
			t.Errorf("line %d is %d characters long: %s", i+1, n, line)
		}
	}
}
