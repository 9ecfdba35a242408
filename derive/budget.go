package derive

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/safefile"
)

// outputBudget holds the derived suite to the limits every suite is read
// under, as each case is added: its manifest and each fixture within
// model.MaxFileBytes, its files within model.MaxFiles and, together,
// within the suite's total (safefile.SuiteTotal), and what its cases make
// the tests read within model.MaxTestInputBytes. A rule's cases copy a
// whole base document each (properties × the fixture's size), so a small
// suite can derive a huge one: derive stops at the case that would pass a
// limit, where checking the written suite found it only once it was built.
type outputBudget struct {
	manifest  int64
	total     int64
	files     int
	testInput int64
	// payloadSchema is what a payload case makes the tests read: the
	// schema its block passes with each case.
	payloadSchema int64
	layouts       map[string]arrayLayout // by block, found when its first case comes
	added         map[string]int         // cases added, by block
	raw           []byte                 // the manifest
	grew          map[string]*growth     // by rule
	limits        outputLimits
}

// outputLimits are the limits the budget holds to: the suite's own, lowered
// by tests.
type outputLimits struct {
	file, total, testInput int64
	files                  int
}

// suiteLimits are the limits validate reads every suite under.
var suiteLimits = outputLimits{file: model.MaxFileBytes, total: safefile.SuiteTotal.Limit, testInput: model.MaxTestInputBytes, files: model.MaxFiles}

// growth is what one rule added.
type growth struct {
	block string
	bytes int64
	cases int
}

func newOutputBudget(s *model.Suite) *outputBudget {
	b := &outputBudget{testInput: s.TestInputBytes, layouts: map[string]arrayLayout{}, added: map[string]int{},
		grew: map[string]*growth{}, limits: suiteLimits}
	for _, f := range s.Files {
		b.total += int64(len(f.Raw))
		if strings.HasPrefix(f.Path, "fixtures/") || strings.HasPrefix(f.Path, "schema/") {
			b.files++
		}
		if f.Path == model.ManifestFile {
			b.raw = f.Raw
			b.manifest = int64(len(f.Raw))
		}
	}
	if s.PayloadSchema != nil {
		b.payloadSchema = int64(len(s.PayloadSchema.Schema.Compact()))
	}
	return b
}

// add counts c's entry in the manifest and its fixture, or says which limit
// it would pass and which rule made the suite grow.
func (b *outputBudget) add(c Case) error {
	l, ok := b.layouts[c.Block]
	if !ok {
		var err error
		if l, err = layoutOf(b.raw, c.Block); err != nil {
			return fmt.Errorf("%s: %v", model.ManifestFile, err)
		}
		b.layouts[c.Block] = l
	}
	entry := int64(len(entryText(l, c.Entry.Indented("  "), b.added[c.Block] == 0 && l.empty)))
	if b.added[c.Block] == 0 {
		entry += int64(len("\n"+l.outer) - (l.end - l.last)) // the array's end, less the white space it replaces
	}
	fixture := int64(len(c.Fixture))
	read := fixture // an envelope case reads its fixture, a payload case its block's schema
	if c.Block == blockPayload {
		read = b.payloadSchema
	}
	g := b.grew[c.Rule]
	if g == nil {
		g = &growth{block: c.Block}
		b.grew[c.Rule] = g
	}
	g.bytes += entry + fixture
	g.cases++
	b.manifest += entry
	b.total += entry + fixture
	b.testInput += read
	if c.FixturePath != "" {
		b.files++
	}
	b.added[c.Block]++
	if over := b.over(c, fixture); over != "" {
		return fmt.Errorf("derive stopped at %s case %s (rule %s): the derived suite would pass %s; %s",
			c.Block, c.Name, c.Rule, over, b.grewMost())
	}
	return nil
}

// over names the limit the suite passes with c, or "".
func (b *outputBudget) over(c Case, fixture int64) string {
	switch {
	case b.manifest > b.limits.file:
		return fmt.Sprintf("%s, the limit for a suite file, in %s", mib(b.limits.file), model.ManifestFile)
	case fixture > b.limits.file:
		return fmt.Sprintf("%s, the limit for a suite file, in %s", mib(b.limits.file), c.FixturePath)
	case b.files > b.limits.files:
		return fmt.Sprintf("%d files in fixtures/ and schema/, the limit for a suite", b.limits.files)
	case b.total > b.limits.total:
		return fmt.Sprintf("%s, the limit for a whole suite", mib(b.limits.total))
	case b.testInput > b.limits.testInput:
		return fmt.Sprintf("%s of what its cases make the tests read, the limit for a suite", mib(b.limits.testInput))
	}
	return ""
}

// grewMost says which rule, on which schema, added the most.
func (b *outputBudget) grewMost() string {
	rule, most := "", &growth{}
	for _, r := range Rules() {
		if g := b.grew[r.Name]; g != nil && g.bytes > most.bytes {
			rule, most = r.Name, g
		}
	}
	return fmt.Sprintf("rule %s, on %s, added the most: %d bytes in %d case(s), each a copy of its base case's %s with one value changed",
		rule, schemaOf(most.block), most.bytes, most.cases, documentOf(most.block))
}

// schemaOf names the schema a block's derived cases come from.
func schemaOf(block string) string {
	if block == blockPayload {
		return "payload_schema's schema (" + model.ManifestFile + ")"
	}
	return "the envelope schema (" + EnvelopeSchemaFile + ")"
}

// documentOf names what a block's derived case copies.
func documentOf(block string) string {
	if block == blockPayload {
		return "data"
	}
	return "fixture"
}

// mib is n bytes in MiB when whole, else in bytes.
func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
