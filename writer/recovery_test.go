package writer

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/babelqueue/bqgen/backend"
)

// A run killed after it placed its new ledger and removed a stale file
// left a journal whose removal only the old ledger (saved in .bqgen/tx)
// records: the undo admits it and puts the file and the old ledger back,
// and the run that follows removes the file again as stale.
func TestRecoveryAfterTheNewLedgerWasPlaced(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	a, gone := gen("a_test.go", marker+"// a\n"), gen("gone_test.go", marker+"// gone\n")
	write(t, root, a, gone)
	oldLedger, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(LedgerPath("go"))))
	if err != nil {
		t.Fatal(err)
	}
	newLedger := encodeLedger(ledgerEntries([]backend.File{a}))
	plantRun(t, root)
	put(t, root, ".bqgen/tx/old-0000", string(oldLedger))
	put(t, root, LedgerPath("go"), string(newLedger))
	put(t, root, ".bqgen/tx/removed-0001", string(gone.Content))
	if err := os.Remove(filepath.Join(root, "gone_test.go")); err != nil {
		t.Fatal(err)
	}
	put(t, root, ".bqgen/tx/journal", string(encodeJournal(journal{Run: testRun,
		Writes:   []journalWrite{{Target: LedgerPath("go"), New: "new-0000", NewHash: contentHash(newLedger), Old: "old-0000", OldHash: contentHash(oldLedger)}},
		Removals: []journalWrite{{Target: "gone_test.go", Old: "removed-0001", OldHash: contentHash(gone.Content)}}})))
	write(t, root, a)
	mustBeAbsent(t, root, "gone_test.go")
	mustExist(t, root, LedgerPath("go"), string(newLedger))
	mustBeAbsent(t, root, ".bqgen/tx")
}

// The lock records a run only while its transaction may be left to undo:
// after a run, committed or refused, it records none, so a journal found
// later is not this machine's.
func TestLockRecordsOnlyARunUnderWay(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write(t, root, gen("a_test.go", marker))
	mustExist(t, root, lockFile, "")
	plantRun(t, root)
	put(t, root, ".bqgen/tx/new-0000", "staged before the journal")
	write(t, root, gen("a_test.go", marker+"// v2\n"))
	mustExist(t, root, lockFile, "")
	mustBeAbsent(t, root, ".bqgen/tx")
}
