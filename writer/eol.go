package writer

import "bytes"

// A checkout made with git's core.autocrlf=true (the Windows default) holds
// every text file with CRLF line ends, though bqgen wrote LF. Such a file is
// still exactly what bqgen wrote: every decision about up to date, hand
// edited or in the way compares contents modulo line ends, and the ledger's
// hash of a file is checked against its content with LF line ends too.

// sameText reports whether a and b are equal once every CRLF is LF.
func sameText(a, b []byte) bool {
	return bytes.Equal(a, b) || bytes.Equal(toLF(a), toLF(b))
}

// toLF is content with every CRLF turned into LF (content itself when it
// holds no CR).
func toLF(content []byte) []byte {
	if bytes.IndexByte(content, '\r') < 0 {
		return content
	}
	return bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))
}

// hashMatches reports whether want is the SHA-256 of content as it is or
// with LF line ends.
func hashMatches(want string, content []byte) bool {
	if want == contentHash(content) {
		return true
	}
	lf := toLF(content)
	return len(lf) != len(content) && want == contentHash(lf)
}
