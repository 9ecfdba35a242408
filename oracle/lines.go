package oracle

import (
	"bufio"
	"errors"
)

// lineReader reads lines of at most max bytes. A longer line is reported
// as soon as it passes max, holding none of it, and the rest of it is
// skipped by the next call: memory stays bounded whatever the input
// (bufio.Reader.ReadBytes would grow without end on /dev/zero).
type lineReader struct {
	r        *bufio.Reader
	max      int
	skipping bool // the rest of a too-long line is still unread
}

// next returns the next line with its newline, or tooLong for a line past
// max; err is io.EOF with the last line, or the read error.
func (lr *lineReader) next() (line []byte, tooLong bool, err error) {
	if lr.skipping {
		if err := lr.skipRest(); err != nil {
			return nil, false, err
		}
	}
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if len(line)+len(chunk) > lr.max {
			lr.skipping = errors.Is(err, bufio.ErrBufferFull)
			if lr.skipping {
				err = nil
			}
			return nil, true, err
		}
		line = appendDoubling(line, chunk)
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, false, err
		}
	}
}

// appendDoubling is append, growing the slice by doubling: append grows a
// large slice by a quarter, and a 64 MiB line would allocate 320 MiB on
// the way.
func appendDoubling(line, chunk []byte) []byte {
	if need := len(line) + len(chunk); need > cap(line) {
		grown := make([]byte, len(line), max(2*cap(line), need))
		copy(grown, line)
		line = grown
	}
	return append(line, chunk...)
}

// skipRest reads up to the end of the current line, keeping nothing.
func (lr *lineReader) skipRest() error {
	for {
		_, err := lr.r.ReadSlice('\n')
		if !errors.Is(err, bufio.ErrBufferFull) {
			lr.skipping = false
			return err
		}
	}
}
