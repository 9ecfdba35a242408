package derive

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/oracle"
	"github.com/xeipuuv/gojsonschema"
)

// derivedPrefix begins the name of every derived case.
const derivedPrefix = "derived-"

// Block names of the two blocks derived cases go into.
const (
	blockCases   = model.BlockCases
	blockPayload = model.BlockPayloadSchema
	// EnvelopeSchemaFile is where a suite keeps its envelope schema.
	EnvelopeSchemaFile = "schema/message-envelope.schema.json"
)

// Case is one derived case, ready for the manifest: its block, its entry
// (a manifest case object) and, for an envelope case, its fixture.
type Case struct {
	Block, Name, Rule string
	Valid             bool
	Entry             model.Value
	FixturePath       string // "" for a payload case
	Fixture           []byte
}

// candidate is a case a rule proposes, before its verdict is known.
type candidate struct {
	rule  string
	block string
	place model.Pointer
	value model.Value
	// baseDoc with setValue at setPlace (place and value but for a built
	// object) is the case's document, built only once the candidate is
	// known to be new: a repeat costs no copy of its base.
	baseDoc  model.Value
	setPlace model.Pointer
	setValue model.Value
	doc      model.Value // the whole fixture (cases) or the data (payload_schema), once built
	base     string      // the valid case it was derived from
	name     string      // the case name, without the "derived-" prefix
	what     string      // what differs from the base, for descriptions
}

// build makes the candidate's document.
func (c *candidate) build() { c.doc = setAt(c.baseDoc, c.setPlace, c.setValue) }

// deriver holds what every rule reads.
type deriver struct {
	s        *model.Suite
	envelope *model.Value // the envelope schema, nil when the suite has none
	oracle   *oracle.Oracle
	compiled map[string]*gojsonschema.Schema // by the schema's compact text
	// schemaText is each schema's compact text, by the block it judges:
	// made once, not once per candidate.
	schemaText map[string]string
	// envBases and payloadBases are each place's base, found once for all
	// (envelopeBase, payloadBase).
	envBases     map[string]envelopeBase
	payloadBases map[string]holder
	// expects are the manifest's envelope cases' expect, by case name (the
	// first case of a name), for expectOf.
	expects map[string]expectEntry
	// suffix is the next number caseName tries for a name, so names made
	// many times are not tried from 2 each time.
	suffix map[string]int
}

// maxProblems is how many derived cases without one verdict Derive lists
// before it stops: each costs a validation, and a list past this says
// nothing more.
const maxProblems = 100

// Derive proposes every rule's cases for s, drops those that repeat an
// existing case's value at the same place, and decides each one's verdict
// from the schema and the oracle. A disagreement no reading explains is an
// error naming the rule and the case. The derived suite is held to the
// limits of every suite as each case is added (outputBudget): derive stops
// at the case that would pass one, never building the rest.
func Derive(s *model.Suite) ([]Case, error) {
	o, err := oracle.New(oracle.None)
	if err != nil {
		return nil, err
	}
	budget := newOutputBudget(s)
	d := newDeriver(s, o)
	seen := d.existingValues()
	names := d.existingNames()
	var out []Case
	var problems []string
	for _, r := range Rules() {
		for c := range func(yield func(candidate) bool) { r.derive(d, yield) } {
			c.rule = r.Name
			key := valueKey(c.block, c.place, c.value)
			if seen[key] {
				continue
			}
			seen[key] = true
			c.build()
			dc, err := d.decide(c, names)
			if err != nil {
				if problems = append(problems, err.Error()); len(problems) == maxProblems {
					return nil, problemsError(problems, true)
				}
				continue
			}
			if err := budget.add(dc); err != nil {
				return nil, err
			}
			names[c.block+" "+dc.Name] = true
			out = append(out, dc)
		}
	}
	if len(problems) > 0 {
		return nil, problemsError(problems, false)
	}
	return out, nil
}

func newDeriver(s *model.Suite, o *oracle.Oracle) *deriver {
	d := &deriver{s: s, oracle: o, compiled: map[string]*gojsonschema.Schema{}, schemaText: map[string]string{}, suffix: map[string]int{}}
	if f, ok := s.File(EnvelopeSchemaFile); ok && f.JSON != nil {
		d.envelope = f.JSON
		d.schemaText[blockCases] = f.JSON.Compact()
	}
	if s.PayloadSchema != nil {
		d.schemaText[blockPayload] = s.PayloadSchema.Schema.Compact()
	}
	return d
}

// problemsError lists the derived cases without one verdict; cut says the
// list stopped at maxProblems.
func problemsError(problems []string, cut bool) error {
	more := ""
	if cut {
		more = fmt.Sprintf(" (derive stopped at the %dth)", maxProblems)
	}
	return fmt.Errorf("derive: %d derived case(s) without one verdict%s:\n  %s", len(problems), more, strings.Join(problems, "\n  "))
}

// valueKey identifies a value at a place of a block. Values compare by
// their exact text: 1.0 at a place holding 1 is a new case (its spelling
// is the point of the integral-float rule).
func valueKey(block string, place model.Pointer, v model.Value) string {
	return block + " " + place.String() + " " + v.Kind.String() + " " + v.Compact()
}

// existingValues are the values the suite's cases already hold at every
// place: a derived case repeating one is not added.
func (d *deriver) existingValues() map[string]bool {
	seen := map[string]bool{}
	read := map[string]bool{} // a fixture many cases share holds the same values for each
	for _, c := range d.s.Cases {
		if f, ok := d.s.File(c.File); ok && f.JSON != nil && !read[c.File] {
			read[c.File] = true
			addPlaces(seen, blockCases, nil, *f.JSON)
		}
	}
	if p := d.s.PayloadSchema; p != nil {
		for _, c := range p.Cases {
			addPlaces(seen, blockPayload, nil, c.Data)
		}
	}
	return seen
}

// addPlaces records v at place and every value below it.
func addPlaces(seen map[string]bool, block string, place model.Pointer, v model.Value) {
	seen[valueKey(block, place, v)] = true
	for _, m := range v.Members {
		addPlaces(seen, block, append(append(model.Pointer{}, place...), m.Key), m.Value)
	}
}

// existingNames are the case names of the two blocks, so a derived name
// never collides with a case already there.
func (d *deriver) existingNames() map[string]bool {
	names := map[string]bool{}
	for _, c := range d.s.Cases {
		names[blockCases+" "+c.Name] = true
	}
	if p := d.s.PayloadSchema; p != nil {
		for _, c := range p.Cases {
			names[blockPayload+" "+c.Name] = true
		}
	}
	return names
}

// caseName is "derived-" and the candidate's name; a name already taken
// gets " (2)" and on, as the suite names repeated cases.
func (d *deriver) caseName(c candidate, names map[string]bool) string {
	name := derivedPrefix + c.name
	if !names[c.block+" "+name] {
		return name
	}
	// Many candidates can make one name (schema keys that differ only in
	// what slug drops): each goes on from the number the last one took.
	key := c.block + " " + c.name
	i := max(2, d.suffix[key])
	for ; names[c.block+" "+fmt.Sprintf("derived-%s-%d", c.name, i)]; i++ {
	}
	d.suffix[key] = i + 1
	return fmt.Sprintf("derived-%s-%d", c.name, i)
}

// placeName renders a place for a case name: /meta/schema_version is
// "meta-schema-version".
func placeName(p model.Pointer) string {
	var parts []string
	for _, t := range p {
		parts = append(parts, slug(t))
	}
	return strings.Join(parts, "-")
}

// slug keeps ASCII letters and digits, lower-cased, and turns every run of
// other characters into one hyphen, so a schema's property name never puts
// anything but [a-z0-9-] into a case name or a fixture path.
func slug(s string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			hyphen = false
			continue
		}
		hyphen = true
	}
	if b.Len() == 0 {
		return "x"
	}
	return b.String()
}
