package writer

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/internal/quote"
)

// UnifiedDiff renders the change from old to new as a unified diff with
// three lines of context, the format reviewers and CI logs expect. A hidden
// character in a line (a CR, an escape sequence, a bidi override of a
// hand-edited file) shows as its escape (quote.Text): a CR would end the
// line in a CI log, an escape sequence drive the terminal.
func UnifiedDiff(name string, old, new []byte) string {
	a, b := splitLines(string(old)), splitLines(string(new))
	ops := lineOps(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", quote.Name("a/"+name), quote.Name("b/"+name))
	for _, h := range hunks(ops, 3) {
		writeHunk(&out, ops[h.from:h.to])
	}
	return out.String()
}

type opKind byte

const (
	keep opKind = ' '
	del  opKind = '-'
	add  opKind = '+'
)

type lineOp struct {
	kind       opKind
	text       string
	aIdx, bIdx int // 1-based line numbers before the op in a and b
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// maxDiffCells bounds the table of a line diff (4 Mi cells, 16 MiB): the
// lines a hand edit changed in a generated file fit it many times over.
const maxDiffCells = 1 << 22

// lineOps computes an edit script: the lines a and b share at the start and
// at the end are kept, and what lies between is diffed by longest common
// subsequence when its table fits maxDiffCells, else shown as removed and
// added whole. So the work is linear in the files, whatever a checkout holds
// in place of a generated file, and the diff is the shortest one wherever a
// person could read it.
func lineOps(a, b []string) []lineOp {
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	var ops []lineOp
	for i := range head {
		ops = append(ops, lineOp{keep, a[i], i + 1, i + 1})
	}
	midA, midB := a[head:len(a)-tail], b[head:len(b)-tail]
	if len(midA)*len(midB) <= maxDiffCells {
		ops = append(ops, shifted(lcsOps(midA, midB), head)...)
	} else {
		ops = append(ops, shifted(replaceOps(midA, midB), head)...)
	}
	for k := tail; k > 0; k-- {
		i, j := len(a)-k, len(b)-k
		ops = append(ops, lineOp{keep, a[i], i + 1, j + 1})
	}
	return ops
}

// shifted is ops with their line numbers moved down by n lines.
func shifted(ops []lineOp, n int) []lineOp {
	for i := range ops {
		ops[i].aIdx += n
		ops[i].bIdx += n
	}
	return ops
}

// replaceOps removes every line of a, then adds every line of b.
func replaceOps(a, b []string) []lineOp {
	ops := make([]lineOp, 0, len(a)+len(b))
	for i, line := range a {
		ops = append(ops, lineOp{del, line, i + 1, 1})
	}
	for j, line := range b {
		ops = append(ops, lineOp{add, line, len(a) + 1, j + 1})
	}
	return ops
}

// lcsOps is a shortest edit script by longest common subsequence, for a
// and b whose table fits maxDiffCells.
func lcsOps(a, b []string) []lineOp {
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var ops []lineOp
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, lineOp{keep, a[i], i + 1, j + 1})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, lineOp{del, a[i], i + 1, j + 1})
			i++
		default:
			ops = append(ops, lineOp{add, b[j], i + 1, j + 1})
			j++
		}
	}
	return ops
}

type span struct{ from, to int }

// hunks groups changed ops with up to ctx lines of context around them.
func hunks(ops []lineOp, ctx int) []span {
	var out []span
	for i := 0; i < len(ops); i++ {
		if ops[i].kind == keep {
			continue
		}
		from, to := max(0, i-ctx), i+1
		for to < len(ops) && (ops[to].kind != keep || hasChangeWithin(ops, to, 2*ctx)) {
			to++
		}
		to = min(len(ops), to+ctx)
		if n := len(out); n > 0 && out[n-1].to >= from {
			out[n-1].to = to
		} else {
			out = append(out, span{from, to})
		}
		i = to - 1
	}
	return out
}

func hasChangeWithin(ops []lineOp, at, n int) bool {
	for k := at; k < len(ops) && k < at+n; k++ {
		if ops[k].kind != keep {
			return true
		}
	}
	return false
}

func writeHunk(out *strings.Builder, ops []lineOp) {
	aCount, bCount := 0, 0
	for _, op := range ops {
		if op.kind != add {
			aCount++
		}
		if op.kind != del {
			bCount++
		}
	}
	aStart, bStart := ops[0].aIdx, ops[0].bIdx
	if aCount == 0 {
		aStart--
	}
	if bCount == 0 {
		bStart--
	}
	fmt.Fprintf(out, "@@ -%d,%d +%d,%d @@\n", aStart, aCount, bStart, bCount)
	for _, op := range ops {
		out.WriteString(string(op.kind) + quote.Text(op.text))
		if !strings.HasSuffix(op.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}
