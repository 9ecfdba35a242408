package gobackend

import (
	"fmt"

	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The "cases" block: decode each fixture; a valid one must be accepted with
// the expected view, an invalid one rejected.

const (
	envelopeExpectationType = "conformanceEnvelopeExpectation"
	expectValidEnvelope     = "conformanceExpectValidEnvelope"
)

// emitCases adds TestConformanceSuiteCases and the helpers only it uses.
func emitCases(v *view, b *fileBuilder) error {
	var runs []jen.Code
	for _, c := range v.suite.Cases {
		run, err := caseSubtest(c)
		if err != nil {
			return err
		}
		runs = append(runs, run)
	}
	b.decl(testName(model.BlockCases)+" runs the suite's cases block: each fixture is decoded; a valid one must be accepted with the expected view (per-message fields by shape only), an invalid one rejected.",
		testFunc(testName(model.BlockCases), runs...))
	emitEnvelopeExpectation(b)
	return nil
}

// caseSubtest is the subtest of one envelope case.
func caseSubtest(c model.EnvelopeCase) (jen.Code, error) {
	if !c.Valid {
		return subtest(c.Name, call("conformanceExpectVerdict", jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), jen.False(), jen.Lit(c.Reason))), nil
	}
	if c.Expect == nil {
		return nil, locationError(c.At, fmt.Errorf("valid case %q has no expect", c.Name))
	}
	e := c.Expect
	check := jen.Id(expectValidEnvelope).Call(jen.Id("t"), jen.Id("subject"), jen.Lit(c.File), composite(jen.Id(envelopeExpectationType),
		named("URN", jen.Lit(e.URN)),
		named("Data", jsonLit(e.Data)),
		named("Attempts", intLit(e.Attempts)),
		named("Lang", jen.Lit(e.Lang)),
		named("SchemaVersion", intLit(e.SchemaVersion)),
	))
	if e.DeadLetter == nil {
		return subtest(c.Name, check), nil
	}
	return subtest(c.Name,
		jen.Id("view").Op(":=").Add(check),
		jen.Id("conformanceExpectJSONIncludes").Call(jen.Id("t"), jen.Lit("dead_letter"), jen.Id("view").Dot("DeadLetter"), jsonLit(*e.DeadLetter)),
	), nil
}

// emitEnvelopeExpectation adds the expectation type and its check.
func emitEnvelopeExpectation(b *fileBuilder) {
	b.decl(envelopeExpectationType+" is what a consumer must derive from a valid envelope; Data is compact JSON.",
		jen.Type().Id(envelopeExpectationType).Struct(
			jen.Id("URN").String(),
			jen.Id("Data").String(),
			jen.Id("Attempts").Int64(),
			jen.Id("Lang").String(),
			jen.Id("SchemaVersion").Int64(),
		))
	view := func(f string) *jen.Statement { return jen.Id("view").Dot(f) }
	want := func(f string) *jen.Statement { return jen.Id("want").Dot(f) }
	field := func(name, f string) *jen.Statement {
		return jen.Id("conformanceExpectField").Call(jen.Id("t"), jen.Lit(name), view(f), want(f))
	}
	b.decl(expectValidEnvelope+" decodes a fixture that must be accepted, compares its view with want, checks the per-message fields by shape, and returns the view for further checks.",
		jen.Func().Id(expectValidEnvelope).ParamsFunc(params(expectValidEnvelope, tParam(), subjectParam(), jen.Id("fixture").String(), jen.Id("want").Id(envelopeExpectationType))).Op("*").Id(viewType).Block(
			tHelper(),
			jen.List(jen.Id("result"), jen.Err()).Op(":=").Id("subject").Dot("Decode").Call(jen.Id("conformanceFixture").Call(jen.Id("t"), jen.Id("fixture"))),
			requireOK("decode"),
			jen.If(jen.Op("!").Id("result").Dot("Accepted")).Block(
				tDo("Fatalf", jen.Lit("decode rejected a valid envelope: %s"), jen.Id("result").Dot("Reason"))),
			jen.Id("view").Op(":=").Id("result").Dot("View"),
			jen.If(jen.Id("view").Op("==").Nil()).Block(
				tDo("Fatal", jen.Lit("decode accepted the envelope but returned no view"))),
			field("urn", "URN"),
			jen.Id("conformanceExpectJSON").Call(jen.Id("t"), jen.Lit("data"), view("Data"), want("Data")),
			field("attempts", "Attempts"),
			field("lang", "Lang"),
			field("schema_version", "SchemaVersion"),
			jen.If(view("ID").Op("==").Nil().Op("||").Op("*").Add(view("ID")).Op("==").Lit("")).Block(
				tDo("Error", jen.Lit("meta.id must be a non-empty string"))),
			jen.If(view("TraceID").Op("==").Nil().Op("||").Op("*").Add(view("TraceID")).Op("==").Lit("")).Block(
				tDo("Error", jen.Lit("trace_id must be a non-empty string"))),
			jen.If(view("CreatedAt").Op("==").Nil()).Block(
				tDo("Error", jen.Lit("meta.created_at must be an integer"))),
			jen.Return(jen.Id("view")),
		))
	b.decl("conformanceExpectField compares a field of the view with want; nil means the envelope does not carry it.",
		jen.Func().Id("conformanceExpectField").Types(jen.Id("V").Comparable()).Params(tParam(), jen.Id("name").String(), jen.Id("got").Op("*").Id("V"), jen.Id("want").Id("V")).Block(
			tHelper(),
			jen.If(jen.Id("got").Op("==").Nil()).Block(
				tDo("Errorf", jen.Lit("%s is absent, want %#v"), jen.Id("name"), jen.Id("want")),
			).Else().If(jen.Op("*").Id("got").Op("!=").Id("want")).Block(
				tDo("Errorf", jen.Lit("%s = %#v, want %#v"), jen.Id("name"), jen.Op("*").Id("got"), jen.Id("want")),
			),
		))
}
