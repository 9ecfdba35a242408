package writer

import "github.com/babelqueue/bqgen/safefile"

// ReadSDKFiles reads the SDK's own files at the slash paths (relative to
// the out dir root) that bqgen inspects but never writes: the scaffold, the
// test index, a go.mod. A path with nothing at it is left out. Like every
// read of a file a checkout supplies, it goes through safefile: a file
// reached through a symbolic link, one that is not a regular file or one
// over kind's limit is an error naming it, never read.
func ReadSDKFiles(root string, paths []string, kind safefile.Kind) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, p := range paths {
		data, err := safefile.ReadIn(root, p, kind)
		if safefile.IsAbsent(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[p] = data
	}
	return out, nil
}
