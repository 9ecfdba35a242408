package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"sync"
	"unicode"
)

// Badge renders an SDK target's SVG badge, "conformance 71/74 · 1.3.0": the
// cases it passes of those its test index has (every case but the ones not
// generated), and the suite revision its tests were generated from. It is a
// standalone SVG file: well-formed XML, with a <title> and an aria-label
// saying the same, its width computed from its text; the same SDK gives the
// same bytes. The version comes from a file, so it goes through htmlName and
// html/template like every string of the HTML page.
func Badge(sdk SDK) []byte {
	passed, total := badgeCounts(sdk)
	value := strconv.Itoa(passed) + "/" + strconv.Itoa(total)
	if sdk.ConformanceVersion != "" {
		value += " · " + htmlName(sdk.ConformanceVersion)
	}
	v := badgeView{Label: "conformance", Value: value, Color: badgeColor(passed, total)}
	v.LabelW = badgeTextWidth(v.Label) + 2*badgePad
	v.ValueW = badgeTextWidth(v.Value) + 2*badgePad
	v.Width = v.LabelW + v.ValueW
	v.LabelX, v.ValueX = v.LabelW*10/2, v.LabelW*10+v.ValueW*10/2
	v.LabelLen, v.ValueLen = (v.LabelW-2*badgePad)*10, (v.ValueW-2*badgePad)*10
	var b bytes.Buffer
	if err := badgeSVG().Execute(&b, v); err != nil {
		// The template and the view's types are fixed: an error here is a bug.
		panic(fmt.Sprintf("report: rendering a badge: %v", err))
	}
	return b.Bytes()
}

// badgePad is the space either side of each half's text, in pixels.
const badgePad = 6

// badgeCounts counts the cases an SDK target passes and those its index has.
func badgeCounts(sdk SDK) (passed, total int) {
	for _, res := range sdk.Results {
		switch res.Status {
		case NotGenerated:
		case Passed:
			passed++
			total++
		default:
			total++
		}
	}
	return passed, total
}

// badgeColor is green when every case passes, red when none does, and
// amber between.
func badgeColor(passed, total int) string {
	switch {
	case total > 0 && passed == total:
		return "#3c8d2f"
	case passed == 0:
		return "#c0392b"
	}
	return "#b7791f"
}

// badgeTextWidth estimates the width in pixels of s in 11px DejaVu Sans or
// Verdana (their widths are close), from a few classes of characters: the
// text is then stretched to exactly that width (textLength), so the badge
// looks the same whatever font the viewer has.
func badgeTextWidth(s string) int {
	tenths := 0
	for _, r := range s {
		switch {
		case r == 'i' || r == 'l' || r == 'j' || r == '|' || r == '\'' || r == '!' || r == '.' || r == ',' || r == ':' || r == ';':
			tenths += 35
		case r == ' ' || r == 'f' || r == 't' || r == 'r' || r == 'I' || r == '/' || r == '·' || r == '(' || r == ')':
			tenths += 47
		case r == 'm' || r == 'w' || r == 'M' || r == 'W' || r == '%' || r == '@':
			tenths += 105
		case r >= '0' && r <= '9':
			tenths += 70
		case r >= 'A' && r <= 'Z':
			tenths += 77
		case unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			tenths += 110
		default:
			tenths += 68
		}
	}
	return (tenths + 9) / 10
}

type badgeView struct {
	Label, Value, Color   string
	Width, LabelW, ValueW int
	LabelX, ValueX        int // text centres, in tenths of a pixel (the text is drawn at scale .1)
	LabelLen, ValueLen    int // text lengths, in tenths of a pixel
}

// badgeSVG draws the badge: a grey label half, a coloured value half, each
// text with a shadow, in the flat style README badges use. Parsed on first
// use, as htmlPage is.
var badgeSVG = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("badge").Parse(badgeSVGText))
})

const badgeSVGText = `<svg xmlns="http://www.w3.org/2000/svg" width="{{.Width}}" height="20" role="img" aria-label="{{.Label}}: {{.Value}}">
<title>{{.Label}}: {{.Value}}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="{{.Width}}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="{{.LabelW}}" height="20" fill="#555"/><rect x="{{.LabelW}}" width="{{.ValueW}}" height="20" fill="{{.Color}}"/><rect width="{{.Width}}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="DejaVu Sans,Verdana,Geneva,sans-serif" text-rendering="geometricPrecision" font-size="110">
<text aria-hidden="true" x="{{.LabelX}}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="{{.LabelLen}}">{{.Label}}</text>
<text x="{{.LabelX}}" y="140" transform="scale(.1)" fill="#fff" textLength="{{.LabelLen}}">{{.Label}}</text>
<text aria-hidden="true" x="{{.ValueX}}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="{{.ValueLen}}">{{.Value}}</text>
<text x="{{.ValueX}}" y="140" transform="scale(.1)" fill="#fff" textLength="{{.ValueLen}}">{{.Value}}</text>
</g>
</svg>
`
