package scaffoldaudit

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/safefile"
	"github.com/babelqueue/bqgen/writer"
)

// AttributesAdvice is a message per .gitattributes of the SDK's own that
// bqgen left alone where it would have written its own, with the lines to
// add.
func AttributesAdvice(g plan.Generated, written *writer.Plan) []string {
	var out []string
	for _, a := range written.Advice {
		out = append(out, fmt.Sprintf("%s: %s is the SDK's own, so bqgen leaves it: add these lines to keep the generated files' LF line ends on every checkout and mark them for code review:\n  %s",
			g.Lang, quote.Name(filepath.Join(g.Out, filepath.FromSlash(a.Path))), strings.Join(a.Lines, "\n  ")))
	}
	return out
}

// Wiring asks the target's backend whether the SDK's test entry
// point runs the generated files, reading the files it names.
func Wiring(g plan.Generated) []string {
	wc, ok := g.Backend.(backend.WiringChecker)
	if !ok {
		return nil
	}
	files, refused := readWiringFiles(g.Out, wc.WiringFiles())
	var out []string
	for _, r := range refused {
		out = append(out, g.Lang+": "+r)
	}
	for _, p := range wc.CheckWiring(files, g.Files) {
		out = append(out, fmt.Sprintf("%s: %s: %s; %s", g.Lang, quote.Name(filepath.Join(g.Out, filepath.FromSlash(p.File))), p.Problem, p.Fix))
	}
	return out
}

// readWiringFiles reads the runner configurations at names (slash paths
// relative to out, some above it: a monorepo's pytest.ini) that lie inside
// the checkout holding out (the nearest directory holding .git, else out
// itself), each through safefile: a link, a FIFO, a device or a file over
// the limit is refused, and the refusal is a problem to print, naming the
// file; its content is never read. A name outside the checkout is not read.
func readWiringFiles(out string, names []string) (map[string][]byte, []string) {
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, []string{err.Error()}
	}
	root := safefile.Checkout(abs)
	if root == "" {
		root = abs
	}
	files := map[string][]byte{}
	var refused []string
	for _, name := range names {
		rel, err := filepath.Rel(root, filepath.Join(abs, filepath.FromSlash(name)))
		if err != nil || !filepath.IsLocal(rel) {
			continue
		}
		data, err := safefile.ReadIn(root, rel, safefile.RunnerConfig)
		switch {
		case err == nil:
			files[name] = data
		case !safefile.IsAbsent(err):
			refused = append(refused, err.Error())
		}
	}
	return files, refused
}

// Warn writes to w what the SDK's own files lack now that generate wrote
// g: the lines its .gitattributes needs, the runner's wiring, the
// scaffold's mapping. The scaffold is the SDK's: bqgen never rewrites it,
// but the first run after an upgrade says what in it no longer fits.
func Warn(w io.Writer, g plan.Generated, written *writer.Plan) {
	for _, msg := range append(AttributesAdvice(g, written), Wiring(g)...) {
		fmt.Fprintf(w, "warning: %s\n", quote.Text(msg))
	}
	Scaffold(g).Print(w)
}
