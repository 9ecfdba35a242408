package gitindex

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
)

// The index format (git's Documentation/gitformat-index.txt): a header
// ("DIRC", the version, the number of entries), the entries sorted by
// path, extensions, and a checksum. An entry is 40 bytes of stat data, an
// object id, 16 bits of flags (an extended entry, version 3 and later: 16
// more), and the path: NUL-terminated and padded with NULs to a multiple
// of 8 bytes in versions 2 and 3; in version 4, a number of bytes to drop
// from the end of the previous entry's path, then the rest of this one's,
// NUL-terminated, unpadded.

const (
	statBytes    = 40
	flagExtended = 0x4000
	// maxPath bounds one entry's path: git's own are at most a few KiB.
	maxPath = 1 << 16
)

var errMalformed = errors.New("not an index git writes")

// parse reads an index of size bytes from r, calling match with each path
// until it returns true; it returns the hex id of the shared index a split
// index links to ("" when none). Its cost is linear in size.
func parse(r *bufio.Reader, size int64, hashLen int, match func(string) bool) (string, error) {
	p := &parser{r: r, size: size, hashLen: hashLen}
	version, count, err := p.header()
	if err != nil {
		return "", err
	}
	var prev []byte
	for i := uint32(0); i < count; i++ {
		name, err := p.entry(version, prev)
		if err != nil {
			return "", fmt.Errorf("entry %d: %w", i+1, err)
		}
		// A split index's entry without a path replaces one of the shared
		// index's, which lists its path.
		if len(name) > 0 && match(string(name)) {
			return "", nil
		}
		prev = name
	}
	return p.sharedIndex()
}

type parser struct {
	r       *bufio.Reader
	size    int64
	read    int64
	hashLen int
}

func (p *parser) bytes(n int) ([]byte, error) {
	if int64(n) > p.size-p.read {
		return nil, errMalformed
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(p.r, b); err != nil {
		return nil, errMalformed
	}
	p.read += int64(n)
	return b, nil
}

func (p *parser) header() (version, count uint32, err error) {
	h, err := p.bytes(12)
	if err != nil || string(h[:4]) != "DIRC" {
		return 0, 0, errMalformed
	}
	version, count = binary.BigEndian.Uint32(h[4:]), binary.BigEndian.Uint32(h[8:])
	if version < 2 || version > 4 {
		return 0, 0, fmt.Errorf("version %d, not 2, 3 or 4", version)
	}
	// Every entry takes more bytes than its stat data: a count the file
	// cannot hold is refused before any is read.
	if int64(count) > p.size/statBytes {
		return 0, 0, errMalformed
	}
	return version, count, nil
}

// entry reads one entry and returns its path.
func (p *parser) entry(version uint32, prev []byte) ([]byte, error) {
	fixed := statBytes + p.hashLen + 2
	head, err := p.bytes(fixed)
	if err != nil {
		return nil, err
	}
	if flags := binary.BigEndian.Uint16(head[fixed-2:]); flags&flagExtended != 0 {
		if version < 3 {
			return nil, errMalformed
		}
		if _, err := p.bytes(2); err != nil {
			return nil, err
		}
		fixed += 2
	}
	if version == 4 {
		return p.compressedPath(prev)
	}
	name, err := p.path()
	if err != nil {
		return nil, err
	}
	// Padding: the entry's length rounded up past its NUL to a multiple of 8.
	padded := (fixed + len(name) + 8) &^ 7
	if _, err := p.bytes(padded - fixed - len(name) - 1); err != nil {
		return nil, err
	}
	return name, nil
}

// path reads a NUL-terminated path.
func (p *parser) path() ([]byte, error) {
	var name []byte
	for {
		c, err := p.r.ReadByte()
		if err != nil || p.read >= p.size {
			return nil, errMalformed
		}
		p.read++
		if c == 0 {
			return name, nil
		}
		if len(name) >= maxPath {
			return nil, fmt.Errorf("a path longer than %d bytes", maxPath)
		}
		name = append(name, c)
	}
}

// compressedPath reads a version 4 path: what to drop from prev, then the
// rest.
func (p *parser) compressedPath(prev []byte) ([]byte, error) {
	drop, err := p.varint()
	if err != nil {
		return nil, err
	}
	if drop > uint64(len(prev)) {
		return nil, errMalformed
	}
	rest, err := p.path()
	if err != nil {
		return nil, err
	}
	keep := prev[:len(prev)-int(drop)]
	if len(keep)+len(rest) > maxPath {
		return nil, fmt.Errorf("a path longer than %d bytes", maxPath)
	}
	return append(append(make([]byte, 0, len(keep)+len(rest)), keep...), rest...), nil
}

// varint is git's offset encoding (varint.c): 7 bits a byte, most
// significant first, each continuation adding one.
func (p *parser) varint() (uint64, error) {
	var v uint64
	for i := 0; ; i++ {
		c, err := p.r.ReadByte()
		if err != nil || i == 9 || p.read >= p.size {
			return 0, errMalformed
		}
		p.read++
		if i > 0 {
			v = (v + 1) << 7
		}
		v |= uint64(c & 0x7f)
		if c&0x80 == 0 {
			return v, nil
		}
	}
}

// sharedIndex reads the extensions after the entries, up to the checksum,
// and returns the shared index's id from a "link" extension.
func (p *parser) sharedIndex() (string, error) {
	shared := ""
	for p.size-p.read > int64(p.hashLen) {
		head, err := p.bytes(8)
		if err != nil {
			return "", err
		}
		n := int64(binary.BigEndian.Uint32(head[4:]))
		if n > p.size-p.read-int64(p.hashLen) {
			return "", errMalformed
		}
		if string(head[:4]) == "link" && n >= int64(p.hashLen) {
			id, err := p.bytes(p.hashLen)
			if err != nil {
				return "", err
			}
			if !bytes.Equal(id, make([]byte, p.hashLen)) {
				shared = hex.EncodeToString(id)
			}
			n -= int64(p.hashLen)
		}
		if _, err := p.r.Discard(int(n)); err != nil {
			return "", errMalformed
		}
		p.read += n
	}
	return shared, nil
}
