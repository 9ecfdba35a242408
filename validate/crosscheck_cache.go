package validate

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"sync"

	"github.com/babelqueue/bqgen/model"
)

// crossCheckCacheSize is how many suites' cross-checks a process keeps. A
// command validates one suite; a test process validates the same few suites
// hundreds of times, and the cross-check was a third of its CPU.
const crossCheckCacheSize = 8

// crossChecks keeps the cross-check's problems by the digest of the suite's
// files, the oldest first. The cross-check is a function of those files
// alone: the model is read from them, and the correct oracle holds no state.
var crossChecks struct {
	sync.Mutex
	digests  [][sha256.Size]byte
	problems []model.Problems
}

// cachedCrossCheck is crossCheck, answered from crossChecks when this
// process has checked a suite of the very same files.
func cachedCrossCheck(s *model.Suite) model.Problems {
	digest := filesDigest(s.Files)
	crossChecks.Lock()
	i := slices.Index(crossChecks.digests, digest)
	var cached model.Problems
	if i >= 0 {
		cached = slices.Clone(crossChecks.problems[i])
	}
	crossChecks.Unlock()
	if i >= 0 {
		return cached
	}
	problems := crossCheck(s)
	crossChecks.Lock()
	defer crossChecks.Unlock()
	if len(crossChecks.digests) == crossCheckCacheSize {
		crossChecks.digests = slices.Delete(crossChecks.digests, 0, 1)
		crossChecks.problems = slices.Delete(crossChecks.problems, 0, 1)
	}
	crossChecks.digests = append(crossChecks.digests, digest)
	crossChecks.problems = append(crossChecks.problems, slices.Clone(problems))
	return problems
}

// filesDigest is the SHA-256 of every file's path and bytes, each length-
// prefixed so that no two different sets of files share a stream.
func filesDigest(files []model.SuiteFile) [sha256.Size]byte {
	h := sha256.New()
	var n [8]byte
	for _, f := range files {
		for _, part := range [][]byte{[]byte(f.Path), f.Raw} {
			binary.BigEndian.PutUint64(n[:], uint64(len(part)))
			h.Write(n[:])
			h.Write(part)
		}
	}
	return [sha256.Size]byte(h.Sum(nil))
}
