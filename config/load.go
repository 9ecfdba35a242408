package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxSize is the largest config file bqgen reads. A bqgen.yaml is a few
// hundred bytes; anything near this size is not one, and reading without a
// bound would let a link to /dev/zero take all memory.
const MaxSize = 1 << 20

// Load reads the config at file, checks it and resolves its paths. knownLangs
// and knownBlocks are what targets may name. Every problem found is reported,
// each with the file and line.
//
// The file is read only when it is a regular file of at most MaxSize bytes
// that the user may obey (see Trust); links to it are followed, and its
// paths are relative to the directory of the file they lead to.
func Load(file string, trust Trust, knownLangs, knownBlocks []string) (*Config, error) {
	real, data, err := read(file, trust)
	if err != nil {
		return nil, err
	}
	c, err := Parse(file, data, knownLangs, knownBlocks)
	if err != nil {
		return nil, err
	}
	c.dir = filepath.Dir(real)
	if problems := c.resolve(); len(problems) > 0 {
		return nil, &Error{File: file, Problems: problems}
	}
	return c, nil
}

// read returns the real path of file and its content, once it has checked
// what it opened: no check can be raced by swapping the file after it.
func read(file string, trust Trust) (string, []byte, error) {
	real, err := filepath.EvalSymlinks(file)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", file, unwrapPath(err))
	}
	// openNonBlocking: opening a named pipe must not wait for a writer;
	// fstat below refuses it before anything is read.
	f, err := os.OpenFile(real, openNonBlocking, 0)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", file, unwrapPath(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", file, unwrapPath(err))
	}
	if err := admit(file, real, info, trust); err != nil {
		return "", nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", file, unwrapPath(err))
	}
	if len(data) > MaxSize {
		return "", nil, tooLarge(file)
	}
	return real, data, nil
}

// admit refuses a file bqgen must not read as a config: not a regular file,
// too large, or not the user's own (see Trust).
func admit(file, real string, info fs.FileInfo, trust Trust) error {
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is %s, not a regular file: bqgen reads its config only from a plain file", file, kindOf(info.Mode()))
	}
	if info.Size() > MaxSize {
		return tooLarge(file)
	}
	if trust.allows(real) {
		return nil
	}
	return checkOwner(file, info)
}

func tooLarge(file string) error {
	return fmt.Errorf("%s is larger than %d KiB: a bqgen.yaml is a few lines, this is not one", file, MaxSize>>10)
}

// kindOf names a file type that is not a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// unwrapPath drops the system call and path a *fs.PathError adds, since the
// message names the file itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
