package report

import (
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/babelqueue/bqgen/internal/testkit/tier"
)

// The browser tier: Debian's headless Chromium loads the HTML report and a
// badge, and the tests check the DOM it built and the pixels it drew.
const (
	// requireChromiumEnv, when set (.ci/run sets it where it installed
	// chromium), turns a missing browser into a failure, so CI cannot pass
	// by skipping.
	requireChromiumEnv = "BQGEN_REQUIRE_CHROMIUM"
	// keepScreenshotsEnv names a directory to copy the screenshots to, for
	// a person to look at.
	keepScreenshotsEnv = "BQGEN_REPORT_SCREENSHOTS"
	// chromiumTimeout bounds one page's load; one takes under a second here.
	chromiumTimeout = 45 * time.Second
)

// chromium returns the browser, or skips (fails under requireChromiumEnv).
func chromium(t *testing.T) string {
	t.Helper()
	tier.Toolchain(t, "chromium")
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium or chromium-browser on PATH: the browser test of the HTML report needs Debian's chromium (apt-get install chromium)"
	if os.Getenv(requireChromiumEnv) != "" {
		t.Fatal(msg + "; " + requireChromiumEnv + " is set")
	}
	t.Skip(msg)
	return ""
}

// colours counts an image's distinct colours and the pixels within tol per
// channel of each of the wanted ones (colour management, or the badge's
// gradient, shifts them a little).
func colours(img image.Image, tol int, wanted ...[3]uint8) (distinct int, near []int) {
	seen := map[[3]uint8]bool{}
	near = make([]int, len(wanted))
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			c := [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8)}
			seen[c] = true
			for k, w := range wanted {
				if colourNear(c, w, tol) {
					near[k]++
				}
			}
		}
	}
	return len(seen), near
}

func colourNear(a, b [3]uint8, tol int) bool {
	for i := range a {
		d := int(a[i]) - int(b[i])
		if d < -tol || d > tol {
			return false
		}
	}
	return true
}

func writePage(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestBrowserRendersTheReport(t *testing.T) {
	b := newBrowser(t)
	r, ch := hostileReport()
	page, err := HTML(r, ch)
	if err != nil {
		t.Fatal(err)
	}
	path := writePage(t, "report.html", page)
	loaded := b.load(pageRequest{url: fileURL(path, ""), width: 1280, height: 1600, screenshot: true})

	// The DOM Chromium built: the same structure the page was written
	// with, so no hostile name moved an element, and no script came in.
	root := parseMarkup(t, loaded.dom, false)
	ids := checkPage(t, root, r)
	checkMatrix(t, root, ids, r)
	if n := len(root.all(elementNamed("script"))); n != 0 {
		t.Errorf("the DOM has %d <script> elements", n)
	}
	if got := len(ids["matrix"].all(elementNamed("tr"))); got != 1+len(r.Cases)+3 {
		t.Errorf("the matrix has %d rows, want a header, one per case and one per block (%d)", got, 1+len(r.Cases)+3)
	}

	// What it drew: a full page, with the status colours of the CSS.
	img := loaded.image
	white, pass, fail := [3]uint8{255, 255, 255}, [3]uint8{0xdf, 0xf3, 0xe0}, [3]uint8{0xf9, 0xd6, 0xd5}
	distinct, near := colours(img, 3, white, pass, fail)
	total := 1280 * 1600
	if distinct < 16 || near[0] > total*98/100 {
		t.Errorf("the screenshot is (nearly) blank: %d colours, %d of %d pixels white", distinct, near[0], total)
	}
	if near[1] < 500 || near[2] < 500 {
		t.Errorf("the screenshot lacks the pass and fail cells' colours (%d and %d pixels)", near[1], near[2])
	}
	t.Logf("screenshot: %d colours, %d%% white, %d pass-green and %d fail-red pixels", distinct, near[0]*100/total, near[1], near[2])
}

func TestBrowserRendersTheBadge(t *testing.T) {
	b := newBrowser(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name   string
		sdk    SDK
		colour [3]uint8
	}{
		{"badge-green", badgeSDK("1.4.0", Passed, Passed, NotGenerated), [3]uint8{0x3c, 0x8d, 0x2f}},
		{"badge-amber", badgeSDK("1.3.0<b>", Passed, Failed, Passed), [3]uint8{0xb7, 0x79, 0x1f}},
	} {
		svg := Badge(c.sdk)
		if err := os.WriteFile(filepath.Join(dir, c.name+".svg"), svg, 0o644); err != nil {
			t.Fatal(err)
		}
		w, _ := strconv.Atoi(parseBadge(t, svg).attr["width"])
		// The badge at four times its size, as an <img>: a broken image
		// would draw an icon, not the badge's colours.
		html := `<!DOCTYPE html><html><body style="margin:0;background:#fff"><img src="` + c.name + `.svg" width="` +
			strconv.Itoa(4*w) + `" height="80" alt="badge"/></body></html>`
		path := filepath.Join(dir, c.name+".html")
		if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		img := b.load(pageRequest{url: fileURL(path, ""), width: 800, height: 200, screenshot: true}).image
		distinct, near := colours(img, 12, [3]uint8{0x55, 0x55, 0x55}, c.colour, [3]uint8{255, 255, 255})
		area := 4 * w * 80
		if near[0] < area/5 || near[1] < area/5 {
			t.Errorf("%s: %d label-grey and %d value pixels of %d: the badge did not render", c.name, near[0], near[1], area)
		}
		if distinct < 8 {
			t.Errorf("%s: %d colours: no text drawn", c.name, distinct)
		}
		t.Logf("%s: %d colours, %d grey and %d value pixels", c.name, distinct, near[0], near[1])
	}
}
