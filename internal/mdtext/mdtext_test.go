package mdtext

import "testing"

func TestItemEscapesListMarkers(t *testing.T) {
	for in, want := range map[string]string{"- x": `\- x`, "+x": `\+x`, "12. x": `12\. x`, "3) y": `3\) y`, "a-1. b": "a-1. b", "2026": "2026"} {
		if got := Item(in); got != want {
			t.Errorf("Item(%q) = %q, want %q", in, got, want)
		}
	}
}

// Text shows bidi and invisible characters as the HTML report does, and
// leaves no text GitHub would turn into a link, a tag, a code span or a
// fence.
func TestTextShowsInvisibleCharactersAndLinksNothing(t *testing.T) {
	for in, want := range map[string]string{
		"a\u202Eevil\u2066x":        "a⟨U+202E⟩evil⟨U+2066⟩x",
		"zero\u200Bwidth\uFEFF":     "zero⟨U+200B⟩width⟨U+FEFF⟩",
		"soft\u00ADhyphen\u061C":    "soft⟨U+00AD⟩hyphen⟨U+061C⟩",
		"sep\u2028par\u2029":        "sep⟨U+2028⟩par⟨U+2029⟩",
		"c1\u0085\u009b del\x7f":    "c1⟨U+0085⟩⟨U+009B⟩ del⟨U+007F⟩",
		"esc\x1b[31m bel\a":         `esc⟨U+001B⟩\[31m bel⟨U+0007⟩`,
		"line\r\nbreak\rcr\nlf\tt":  "line break cr lf t",
		"see http://evil.example/x": "see http&#58;//evil.example/x",
		"WWW.evil.example":          "&#87;WW.evil.example",
		"(www.evil.example)":        "(&#119;ww.evil.example)",
		"mail@evil.example":         "mail&#64;evil.example",
		"[x](http://e)":             `\[x\](http&#58;//e)`,
		"![x](http://evil)":         `\!\[x\](http&#58;//evil)`,
		"<!-- hide":                 "&lt;\\!-- hide",
		"<a href=x>":                "&lt;a href=x&gt;",
		"```\nfence":                "\\`\\`\\` fence",
		"~~~ fence":                 `\~\~\~ fence`,
		"bad\xffutf8":               "bad\uFFFDutf8",
	} {
		if got := Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVisibleShowsWhatACodeSpanWouldHide(t *testing.T) {
	if got := Visible("{\"a\":\"\u202e\x1b\"}"); got != "{\"a\":\"⟨U+202E⟩⟨U+001B⟩\"}" {
		t.Errorf("Visible: %q", got)
	}
}
