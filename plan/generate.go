package plan

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/validate"
	"github.com/babelqueue/bqgen/writer"
)

// Generated is one target's output in memory.
type Generated struct {
	Target
	Suite   *model.Suite // the suite as this target runs it (its blocks)
	Whole   *model.Suite // the suite in use, every block
	Files   []backend.File
	Backend backend.Backend
	// SuiteDir is the run's suite ("": the embedded one), as the user
	// named it: what a message about the suite change names.
	SuiteDir string
}

// GenerateAll plans the run, validates the suite once and generates every
// target in memory; nothing is written.
func GenerateAll(ctx context.Context, r Request) (*Run, []Generated, error) {
	p, err := makeRun(r)
	if err != nil {
		return nil, nil, err
	}
	if err := interrupted(ctx); err != nil {
		return nil, nil, err
	}
	for _, t := range p.Targets {
		if _, err := r.Backends.Lookup(t.Lang); err != nil {
			return nil, nil, exitcode.Usagef("%v", err)
		}
		if err := CheckOutDir(t.Out); err != nil {
			return nil, nil, err
		}
	}
	s, err := validate.Load(p.SuiteDir, r.Stderr)
	if err != nil {
		return nil, nil, err
	}
	if err := interrupted(ctx); err != nil {
		return nil, nil, err
	}
	if err := strictCheck(s, p.Strict); err != nil {
		return nil, nil, err
	}
	if err := checkLostBlocks(p, s, r.Stderr); err != nil {
		return nil, nil, err
	}
	if err := checkExemptions(p, s, r.Stderr); err != nil {
		return nil, nil, err
	}
	if err := readBaselines(p, s, r.Stderr); err != nil {
		return nil, nil, err
	}
	var out []Generated
	for _, t := range p.Targets {
		g, err := GenerateTarget(s, t, r.Backends)
		if err != nil {
			return nil, nil, err
		}
		g.SuiteDir = p.SuiteDir
		out = append(out, g)
	}
	return p, out, nil
}

// strictCheck makes blocks bqgen cannot generate an error under --strict.
func strictCheck(s *model.Suite, strict bool) error {
	if !strict || len(s.Unknown) == 0 {
		return nil
	}
	names := make([]string, len(s.Unknown))
	for i, u := range s.Unknown {
		names[i] = u.Pointer.String()
	}
	return exitcode.Problemsf("strict: the suite has block(s) bqgen cannot generate: %s (upgrade bqgen, or drop strict)", strings.Join(names, ", "))
}

// GenerateTarget generates t in memory from s, with the .gitattributes of
// its files.
func GenerateTarget(s *model.Suite, t Target, backends backend.Registry) (Generated, error) {
	b, _ := backends.Lookup(t.Lang)
	sel, err := s.Select(t.Blocks)
	if err != nil {
		return Generated{}, exitcode.Usagef("%s: %v", t.Describe(), err)
	}
	files, err := b.Generate(sel, t.Opt)
	var optErr *backend.OptionError
	switch {
	case errors.As(err, &optErr):
		return Generated{}, exitcode.Usagef("%s", WithLang(t.Lang, optErr.Msg))
	case err != nil:
		return Generated{}, fmt.Errorf("%s", WithLang(t.Lang, err.Error()))
	}
	// The .gitattributes that keep a checkout's copies at LF and mark them
	// generated (or vendored) for code review.
	files = append(files, writer.Attributes(files, t.Opt.Regenerate)...)
	return Generated{Target: t, Suite: sel, Whole: s, Files: files, Backend: b}, nil
}

// WithLang prefixes msg with the language once: a backend's error may
// already name it.
func WithLang(lang, msg string) string {
	if strings.HasPrefix(msg, lang+":") || strings.HasPrefix(msg, lang+" ") {
		return msg
	}
	return lang + ": " + msg
}

// interrupted is the error of a run whose context ended, checked between
// its steps, or nil.
func interrupted(ctx context.Context) error {
	if ctx.Err() != nil {
		return exitcode.Interruptedf("interrupted; nothing was written")
	}
	return nil
}

// ScaffoldText is g's scaffold as bqgen scaffold prints it: the file
// itself when there is one (so it can be redirected into place), each
// under a header naming its path when there are several. Scaffold files
// are written only when absent: the SDK's afterwards.
func (g Generated) ScaffoldText() []byte {
	var scaffolds []backend.File
	for _, f := range g.Files {
		if f.Kind == backend.Scaffold {
			scaffolds = append(scaffolds, f)
		}
	}
	var out bytes.Buffer
	for _, f := range scaffolds {
		if len(scaffolds) > 1 {
			fmt.Fprintf(&out, "==> %s <==\n", quote.Name(f.Path))
		}
		out.Write(f.Content)
	}
	return out.Bytes()
}

// Write writes g into its out dir (undone, and an interruption, when ctx
// ends mid-way) and says what went with it: the tests that vanished, and
// what --adopt took over.
func (g Generated) Write(ctx context.Context) (written *writer.Plan, said string, err error) {
	before := g.previousCases()
	takeover := g.vendoredTakeover(g.SuiteDir)
	written, err = writer.Write(ctx, g.Out, g.Lang, g.Files, g.Adopt)
	if errors.Is(err, writer.ErrInterrupted) {
		return nil, "", exitcode.Interruptedf("%s: %v", g.Describe(), err)
	}
	if err != nil {
		if takeover != "" {
			return nil, "", fmt.Errorf("%s: %w\n%s", g.Describe(), err, strings.TrimSuffix(takeover, "\n"))
		}
		return nil, "", fmt.Errorf("%s: %w", g.Describe(), err)
	}
	return written, takeover + g.vanishedCases(before) + g.adoptReport(written), nil
}
