package initdetect

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"

	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/internal/quote"
)

// WriteNew creates the file at path with content; an existing file is
// never replaced (O_EXCL: not through a link either), and a failed write
// leaves no file behind.
func WriteNew(path, content string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return exitcode.Problemsf("%s already exists: edit it, or remove it first", quote.Name(path))
	}
	if err != nil {
		return err
	}
	_, werr := f.WriteString(content)
	if err := errors.Join(werr, f.Close()); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

// Found says what init found: the package (nil: none) and the transport
// packages below it, by directory, each on a line.
func Found(info *Package, below map[string]*Package) []string {
	var out []string
	if info != nil {
		out = append(out, fmt.Sprintf("found %s (%s)", quote.Name(info.File), describe(info)))
	}
	for _, d := range slices.Sorted(maps.Keys(below)) {
		out = append(out, fmt.Sprintf("found %s/%s (the %s transport package)", quote.Name(d), quote.Name(below[d].File), below[d].Block))
	}
	return out
}

// describe says what init took the package for.
func describe(info *Package) string {
	switch {
	case info.Block != "":
		return "the " + info.Block + " transport package " + quote.Name(info.Name)
	case info.Workspace:
		return "a workspace of transport packages"
	}
	return "the core " + quote.Name(info.Name)
}
