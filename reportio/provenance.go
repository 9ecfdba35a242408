package reportio

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
	"time"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/buildinfo"
	"github.com/babelqueue/bqgen/internal/exitcode"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/plan"
	"github.com/babelqueue/bqgen/report"
)

// withProvenance records, on each of this repository's targets (r's SDKs,
// in gens' order), where and when its results come from: the repository's
// address and commit (--repository and --commit, else the target's
// repository: and commit: in bqgen.yaml), the directory of its test index
// in the repository, the day of the run (--date, else the result files',
// else SOURCE_DATE_EPOCH's) and this bqgen's version.
func withProvenance(q Request, r report.Report, gens []plan.Generated) (report.Report, error) {
	day, err := runDay(q)
	if err != nil {
		return r, err
	}
	for i, g := range gens {
		s := &r.SDKs[i]
		s.RepositoryURL, s.Commit = g.Repository, g.Commit
		if v := q.Flags.String("repository"); v != "" {
			s.RepositoryURL = v
		}
		if v := q.Flags.String("commit"); v != "" {
			s.Commit = v
		}
		if s.RepositoryURL != "" {
			if err := report.CheckURL(s.RepositoryURL); err != nil {
				return r, exitcode.Usagef("--repository: %v", err)
			}
		}
		if s.Commit != "" {
			if err := report.CheckCommit(s.Commit); err != nil {
				return r, exitcode.Usagef("--commit: %v", err)
			}
		}
		if dir, known := testDir(g); known {
			s.TestDir = dir
		} else {
			dropTestFiles(s) // a link would miss the directory (an absolute --out: no place in the repository)
		}
		if day.flag != "" || s.Date == "" {
			s.Date = day.value // else the result files' day, which Build read
		}
		s.Bqgen = buildinfo.Version()
	}
	return r, nil
}

// runDay is the day of the run: --date (flag set), which wins; else the
// day of SOURCE_DATE_EPOCH (UTC), used where the result files name none.
// The report never reads the clock, so the same inputs make the same report.
type runDayValue struct{ flag, value string }

func runDay(q Request) (runDayValue, error) {
	if d := q.Flags.String("date"); d != "" {
		if err := report.CheckDate(d); err != nil {
			return runDayValue{}, exitcode.Usagef("--date: %v", err)
		}
		if _, err := time.Parse("2006-01-02", d); err != nil {
			return runDayValue{}, exitcode.Usagef("--date %s: %v", d, err)
		}
		return runDayValue{flag: d, value: d}, nil
	}
	if e := os.Getenv("SOURCE_DATE_EPOCH"); e != "" {
		secs, err := strconv.ParseInt(e, 10, 64)
		if err != nil {
			return runDayValue{}, exitcode.Usagef("SOURCE_DATE_EPOCH=%s: not a number of seconds", e)
		}
		return runDayValue{value: time.Unix(secs, 0).UTC().Format("2006-01-02")}, nil
	}
	return runDayValue{}, nil
}

// testDir is the directory of g's test index relative to the repository
// root (bqgen.yaml's directory, or the working directory with --out): ""
// for the root itself; not known when out is absolute or above the root.
func testDir(g plan.Generated) (string, bool) {
	index, ok := backend.IndexIn(g.Files)
	if !ok {
		return "", false
	}
	dir := path.Join(filepath.ToSlash(filepath.Clean(g.ShownDir())), path.Dir(index.Path))
	if dir == "." {
		return "", true
	}
	return dir, report.RelativePath(dir)
}

// dropTestFiles forgets where s's tests are.
func dropTestFiles(s *report.SDK) {
	for id, res := range s.Results {
		res.TestFile, res.TestLine = "", 0
		s.Results[id] = res
	}
}

// caseFacts is what the suite says of a case, as the report keeps it.
func caseFacts(f model.CaseFact) report.Case {
	return report.Case{Description: f.Description, Expectation: f.Expectation, Fixture: f.Fixture, ManifestPointer: f.Pointer, ManifestLine: f.Line}
}
