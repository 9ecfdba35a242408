package writer

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"strings"
)

// A journal is replayed only when this machine left it: the out dir's lock
// file records the run whose transaction is under way, and the journal
// carries the same token. By construction: a run writes a fresh random
// token into the lock it holds before it creates .bqgen/tx, writes it into
// its journal, and clears the lock's record once its transaction is
// committed or undone; the next run reads the record before it looks at
// .bqgen/tx. So a journal a killed run left here matches the record, and
// one that came with the checkout (committed, copied, unpacked) does not:
// the lock is a run's own, kept out of git by .bqgen/.gitignore, and a
// token is 128 random bits. A lock or transaction that git tracks is
// refused before that (refuseTracked): then the record could have come
// with the checkout too.

// runRecord is what the lock file holds while the run with token is under
// way.
func runRecord(token string) string { return "bqgen run " + token + "\n" }

// newRunToken is a run's token: 32 lowercase hex digits.
func newRunToken() string {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics rather)
	return hex.EncodeToString(b)
}

// isRunToken accepts a token as newRunToken makes them.
func isRunToken(s string) bool {
	if len(s) != 32 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil && strings.ToLower(s) == s
}

// recordedRun is the token the lock file f records, "" when it records
// none (or something else: an older bqgen's empty lock).
func recordedRun(f *os.File) string {
	buf := make([]byte, 64)
	n, _ := f.ReadAt(buf, 0)
	token, ok := strings.CutPrefix(string(buf[:n]), "bqgen run ")
	token, ended := strings.CutSuffix(token, "\n")
	if !ok || !ended || !isRunToken(token) {
		return ""
	}
	return token
}

// clearRecord says the run is no longer under way: its transaction is
// committed or undone. Failing to is harmless: the next run finds no
// .bqgen/tx to match the record against.
func (l *dirLock) clearRecord() {
	_ = l.setRecord("")
	l.run = ""
}
