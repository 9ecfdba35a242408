package php

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/model"
)

// A statement stays on one line when it fits, and otherwise takes one
// argument per line, a multi-line literal moving in with its argument.
func TestStatementBreaksLongCalls(t *testing.T) {
	if got := statement("self::assertSame", "1", "$x", "$case"); got != "self::assertSame(1, $x, $case);" {
		t.Errorf("short call: %q", got)
	}
	members := []model.Member{}
	for _, k := range []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"} {
		members = append(members, model.Member{Key: k, Value: model.StringValue(strings.Repeat(k, 3))})
	}
	lit, err := phpValue(model.ObjectValue(members...), bodyIndent)
	if err != nil {
		t.Fatal(err)
	}
	long := "$case . ': " + strings.Repeat("a long message ", 6) + "'"
	got := statement("Expect::json", lit, "$actual", long)
	want := "Expect::json(\n" +
		bodyIndent + "    " + strings.ReplaceAll(lit, "\n", "\n    ") + ",\n" +
		bodyIndent + "    $actual,\n" +
		bodyIndent + "    " + long + ",\n" +
		bodyIndent + ");"
	if got != want {
		t.Errorf("long call:\n%s\nwant:\n%s", got, want)
	}
	for i, line := range strings.Split(bodyIndent+got, "\n") {
		if utf8.RuneCountInString(line) > maxLine {
			t.Errorf("line %d is longer than %d: %q", i, maxLine, line)
		}
	}
	if !strings.Contains(got, "\n"+bodyIndent+"        'alpha' => ") {
		t.Errorf("the literal's members are not indented under its argument:\n%s", got)
	}
}

// A statement in a loop of a test method body (the producer's two makes)
// puts its arguments one level deeper than the statement, and closes at the
// statement's own indentation.
func TestLoopStatementIndentsUnderTheLoop(t *testing.T) {
	long := "'" + strings.Repeat("an argument too long for one line ", 4) + "'"
	got := loopStatement("$encoded = $this->subject()->newMessage", long, "null")
	want := "$encoded = $this->subject()->newMessage(\n" +
		loopIndent + "    " + long + ",\n" +
		loopIndent + "    null,\n" +
		loopIndent + ");"
	if got != want {
		t.Errorf("loop statement:\n%s\nwant:\n%s", got, want)
	}
}

// A long reason becomes concatenated literals that evaluate to the same
// text; a short one stays one literal.
func TestPHPTextSplitsLongProse(t *testing.T) {
	if got := phpText("short  reason\n"); got != "'short reason'" {
		t.Errorf("short: %s", got)
	}
	text := strings.Repeat("word's ", 30)
	got := phpText(text)
	if !strings.Contains(got, "\n"+bodyIndent+"    . ") {
		t.Fatalf("long text not split: %s", got)
	}
	for _, piece := range strings.Split(got, "\n"+bodyIndent+"    . ") {
		if !strings.HasPrefix(piece, `"`) || utf8.RuneCountInString(piece) > maxText+8 {
			t.Errorf("piece %s", piece)
		}
	}
}

func TestPHPUsesSortsOwnClassesLast(t *testing.T) {
	got := phpUses(`Ns\Gen`, "\nB\\Two\nNs\\Gen\\Support\\Json\nA\\One\nB\\Two\n")
	want := "use A\\One;\nuse B\\Two;\nuse Ns\\Gen\\Support\\Json;"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
