package model

// MaxTestInputBytes bounds what a suite's tests read, summed over cases: a
// case reading a file counts the file's size, and a case of a block that
// passes one value with each case (a payload schema, a gate's fixture,
// row_errors' type) counts that value's size, each time. Sharing is what
// makes this differ from the suite's size: 200,000 one-line cases naming one
// 8 MiB fixture are a 16 MiB suite whose tests read 1.6 TB, in validate's
// oracle cross-check and in every SDK's generated tests. Real suites read a
// few MiB.
const MaxTestInputBytes = 64 << 20

// testInput counts the bytes the cases read so far.
type testInput struct {
	total int64
	over  bool // reported once, at the case that went over
}

// readByCase counts n bytes that the case at `at` reads (a file, or a value
// its block passes with every case), and reports the case that takes the
// total over MaxTestInputBytes.
func (r *reader) readByCase(at Pointer, n int64) {
	r.input.total += n
	if r.input.total <= MaxTestInputBytes || r.input.over {
		return
	}
	r.input.over = true
	r.fail(at, "the cases up to here make the tests read %d MiB (a file, or a value a block passes with each case, counts once per case that uses it); the limit is %d MiB",
		r.input.total>>20, MaxTestInputBytes>>20)
}

// fileSize is the size of a suite file already read, 0 when it could not be.
func (r *reader) fileSize(p string) int64 {
	if f, ok := r.files.files[p]; ok {
		return int64(len(f.Raw))
	}
	return 0
}

// sharedSize is the size of a value a block passes with each of its cases,
// as compact JSON; computed once per block.
func sharedSize(v Value) int64 {
	return int64(len(v.Compact()))
}
