package portable

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

//go:generate sh -c "python3 ../../scripts/portable-tables.py > tables.go"

// nfd is s in Unicode Normalization Form D: every character canonically
// decomposed, and each run of combining marks in canonical order. It costs
// O(n log n) at worst (a run of marks is sorted), linear for names.
func nfd(s string) []rune {
	t := loadTables()
	out := make([]rune, 0, len(s))
	for _, r := range s {
		out = appendDecomposed(out, t, r)
	}
	reorderMarks(out, t)
	return out
}

// The Hangul syllables' formula (The Unicode Standard, 3.12).
const (
	hangulBase  = 0xAC00
	hangulCount = 11172
	leadBase    = 0x1100
	vowelBase   = 0x1161
	trailBase   = 0x11A7
	vowelCount  = 21
	trailCount  = 28
)

func appendDecomposed(out []rune, t *tables, r rune) []rune {
	if i := r - hangulBase; i >= 0 && i < hangulCount {
		out = append(out, leadBase+i/(vowelCount*trailCount), vowelBase+i%(vowelCount*trailCount)/trailCount)
		if trail := i % trailCount; trail != 0 {
			out = append(out, trailBase+trail)
		}
		return out
	}
	if d, ok := t.decomposition[r]; ok {
		return append(out, d...)
	}
	return append(out, r)
}

// reorderMarks puts each run of characters of a nonzero combining class in
// the order of their classes, keeping the order of equal ones (the
// canonical ordering algorithm).
func reorderMarks(rs []rune, t *tables) {
	for i := 0; i < len(rs); {
		if t.class(rs[i]) == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) && t.class(rs[j]) != 0 {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(rs[i:j], func(a, b rune) int { return int(t.class(a)) - int(t.class(b)) })
		}
		i = j
	}
}

// tables are tables.go's, parsed once.
type tables struct {
	decomposition map[rune][]rune
	classes       []classRange // sorted
}

type classRange struct {
	first, last rune
	class       uint8
}

// class is r's canonical combining class, 0 for a starter.
func (t *tables) class(r rune) uint8 {
	i, found := slices.BinarySearchFunc(t.classes, r, func(c classRange, r rune) int {
		switch {
		case c.last < r:
			return -1
		case c.first > r:
			return 1
		}
		return 0
	})
	if !found {
		return 0
	}
	return t.classes[i].class
}

var loadTables = sync.OnceValue(func() *tables {
	t := &tables{decomposition: map[rune][]rune{}}
	for _, line := range strings.Fields(strings.ReplaceAll(decompositionTable, " ", ",")) {
		cps := hexRunes(strings.Split(line, ","))
		t.decomposition[cps[0]] = cps[1:]
	}
	for _, line := range strings.Split(strings.TrimSpace(combiningTable), "\n") {
		f := strings.Fields(line)
		r := hexRunes(f[:2])
		class, err := strconv.ParseUint(f[2], 10, 8)
		if err != nil {
			panic("portable: combiningTable: " + line)
		}
		t.classes = append(t.classes, classRange{first: r[0], last: r[1], class: uint8(class)})
	}
	return t
})

// hexRunes parses the generated tables' hex code points; they are bqgen's
// own, so a bad one is a bug of the generator.
func hexRunes(fields []string) []rune {
	out := make([]rune, len(fields))
	for i, f := range fields {
		n, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			panic("portable: bad code point " + f + " in tables.go")
		}
		out[i] = rune(n)
	}
	return out
}
