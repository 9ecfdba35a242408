package report

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func badgeSDK(version string, statuses ...Status) SDK {
	sdk := SDK{ConformanceVersion: version, Results: map[string]Result{}}
	for i, s := range statuses {
		sdk.Results["b/"+strconv.Itoa(i)] = Result{Status: s}
	}
	return sdk
}

// parseBadge parses a badge as XML and returns its <svg> element.
func parseBadge(t *testing.T, svg []byte) *domNode {
	t.Helper()
	root := parseMarkup(t, svg, true)
	els := root.all(func(n *domNode) bool { return n.name != "#root" && n.name != "#text" })
	if len(els) == 0 || els[0].name != "svg" || els[0].parent != root {
		t.Fatalf("the badge's root is not <svg>:\n%s", svg)
	}
	return els[0]
}

func TestBadgeSaysPassedOfIndexedAndTheSuite(t *testing.T) {
	sdk := badgeSDK("1.3.0", Passed, Passed, Failed, NotProvided, KnownFailure, NotRun, NotGenerated, NotGenerated)
	svg := parseBadge(t, Badge(sdk))
	want := "conformance: 2/6 · 1.3.0"
	if got := svg.attr["aria-label"]; got != want {
		t.Errorf("aria-label %q, want %q", got, want)
	}
	if svg.attr["role"] != "img" || svg.attr["xmlns"] != "http://www.w3.org/2000/svg" {
		t.Errorf("svg attributes %v", svg.attr)
	}
	titles := svg.all(elementNamed("title"))
	if len(titles) != 1 || titles[0].text() != want {
		t.Errorf("title %v, want %q", titles, want)
	}
	var shown []string
	for _, n := range svg.all(elementNamed("text")) {
		if n.attr["aria-hidden"] != "true" {
			shown = append(shown, n.text())
		}
	}
	if strings.Join(shown, " ") != "conformance 2/6 · 1.3.0" {
		t.Errorf("the badge shows %q", shown)
	}
}

func TestBadgeWidthFollowsItsText(t *testing.T) {
	width := func(sdk SDK) int {
		w, err := strconv.Atoi(parseBadge(t, Badge(sdk)).attr["width"])
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	short := width(badgeSDK("1.3.0", Passed))
	long := width(badgeSDK("1.3.0-rc.1+build.2026", Passed))
	if long-short < 60 {
		t.Errorf("widths %d and %d: a longer version must widen the badge", short, long)
	}
	// The two halves tile the badge.
	svg := parseBadge(t, Badge(badgeSDK("1.3.0", Passed)))
	rects := svg.all(elementNamed("rect"))
	w := func(n *domNode) int { v, _ := strconv.Atoi(n.attr["width"]); return v }
	if len(rects) != 4 || w(rects[1])+w(rects[2]) != short || rects[2].attr["x"] != strconv.Itoa(w(rects[1])) {
		t.Errorf("the halves do not tile the badge: %v", rects)
	}
}

func TestBadgeEscapesAHostileVersion(t *testing.T) {
	svg := Badge(badgeSDK("1.0<script>alert(1)</script>\"&\x1b\u202E", Passed))
	root := parseBadge(t, svg) // well-formed XML despite the version
	if len(root.all(elementNamed("script"))) != 0 || bytes.Contains(svg, []byte("<script")) {
		t.Error("the version opened a tag")
	}
	want := "conformance: 1/1 · 1.0<script>alert(1)</script>\"&⟨U+001B⟩⟨U+202E⟩"
	if got := root.attr["aria-label"]; got != want {
		t.Errorf("aria-label %q, want %q", got, want)
	}
}

func TestBadgeIsDeterministicAndColoured(t *testing.T) {
	sdk := badgeSDK("1.4.0", Passed, Failed, Passed, Skipped, Passed)
	first := Badge(sdk)
	for i := 0; i < 20; i++ { // Results is a map
		if !bytes.Equal(first, Badge(sdk)) {
			t.Fatal("two badges of one SDK differ")
		}
	}
	for _, c := range []struct {
		sdk  SDK
		fill string
	}{
		{badgeSDK("1", Passed, Passed, NotGenerated), "#3c8d2f"},
		{badgeSDK("1", Passed, Failed), "#b7791f"},
		{badgeSDK("1", Failed), "#c0392b"},
		{badgeSDK("1"), "#c0392b"},
	} {
		if !bytes.Contains(Badge(c.sdk), []byte(`fill="`+c.fill+`"`)) {
			t.Errorf("badge %s is not %s", Badge(c.sdk), c.fill)
		}
	}
	if got := parseBadge(t, Badge(badgeSDK("", Passed))).attr["aria-label"]; got != "conformance: 1/1" {
		t.Errorf("without a version: %q", got)
	}
}
