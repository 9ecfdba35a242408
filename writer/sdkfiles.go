package writer

import (
	"errors"
	"fmt"
)

// errSDKFileNotRegular is an SDK file bqgen would inspect that is a link, a
// directory or a device.
var errSDKFileNotRegular = errors.New("not a regular file (a symbolic link, a directory or a device): bqgen reads an SDK file only when it is a regular file inside the out dir")

// sdkFileLimit bounds an SDK file bqgen reads to inspect (a scaffold, a
// project file): far above any real one, so a huge file cannot exhaust memory.
const sdkFileLimit = 16 << 20

// ReadSDKFiles reads the SDK's own files at the slash paths (relative to
// the out dir root) that bqgen inspects but never writes: the scaffold, the
// test runner's configuration. A path with nothing at it is left out. Like
// every read below the out dir, it stays inside it: a file reached through a
// symbolic link, or one that is not a regular file, is an error naming it,
// never followed.
func ReadSDKFiles(root string, paths []string) (map[string][]byte, error) {
	d, err := openOutDir(root)
	if err != nil {
		return nil, err
	}
	defer d.close()
	out := map[string][]byte{}
	for _, p := range paths {
		info, err := d.lstat(p)
		if isAbsent(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name(p), err)
		}
		if link, err := d.linkOn(p); err != nil || link != "" || !info.Mode().IsRegular() {
			if err == nil {
				err = errSDKFileNotRegular
			}
			return nil, fmt.Errorf("%s: %w", d.name(p), err)
		}
		data, err := d.read(p, sdkFileLimit)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.name(p), err)
		}
		out[p] = data
	}
	return out, nil
}
