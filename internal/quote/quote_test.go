package quote

import "testing"

func TestName(t *testing.T) {
	for in, want := range map[string]string{
		"README.md":                  "README.md",
		"fixtures/crème brûlée.json": "fixtures/crème brûlée.json",
		"fixtures/\x1b[31mred.json":  `"fixtures/\x1b[31mred.json"`,
		"a\nb":                       `"a\nb"`,
		"":                           `""`,
		`say "hi"`:                   `"say \"hi\""`,
		`a\b`:                        `"a\\b"`,
		"bidi\u202egnp.json":         `"bidi\u202egnp.json"`,
		"raw\xffbyte":                `"raw\xffbyte"`,
		"tab\there":                  `"tab\there"`,
	} {
		if got := Name(in); got != want {
			t.Errorf("Name(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestText(t *testing.T) {
	for in, want := range map[string]string{
		"out dir x: 2 file(s) in the way:\n\ta\n": "out dir x: 2 file(s) in the way:\n\ta\n",
		"name \x1b[31mred\x07 end":                `name \x1b[31mred\a end`,
		"cr\rline":                                `cr\rline`,
		"raw\xffbyte \u202e":                      `raw\xffbyte \u202e`,
		"fine: \ufffd and é":                      "fine: \ufffd and é",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}
