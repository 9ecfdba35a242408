package gobackend

import (
	"github.com/babelqueue/bqgen/model"
	"github.com/dave/jennifer/jen"
)

// The payload schema blocks: payload_schema and payload_schema_unicode share
// a shape and a runner, validate_payload(schema, data).valid == valid.

func emitPayloadSchema(v *view, b *fileBuilder) error {
	emitPayloadBlock(b, model.BlockPayloadSchema, v.suite.PayloadSchema,
		"each data value gets the expected verdict against the block's schema.")
	return nil
}

func emitPayloadSchemaUnicode(v *view, b *fileBuilder) error {
	emitPayloadBlock(b, model.BlockPayloadSchemaUnicode, v.suite.PayloadSchemaUnicode,
		"string lengths count Unicode code points, not bytes, UTF-16 units or graphemes.")
	return nil
}

// emitPayloadBlock adds one test with the schema as a local and a subtest
// per case.
func emitPayloadBlock(b *fileBuilder, block string, ps *model.PayloadSchema, doc string) {
	body := []jen.Code{jen.Id("schema").Op(":=").Add(rawJSON()).Parens(jsonLit(ps.Schema))}
	for _, c := range ps.Cases {
		body = append(body, subtest(c.Name,
			callOp("ValidatePayload", jen.Id("schema"), rawJSON().Parens(jsonLit(c.Data))),
			requireOK("validate_payload"),
			expectEqual("valid", jen.Id("got"), jen.Lit(c.Valid)),
		))
	}
	name := testName(block)
	b.decl(name+" runs "+block+": "+doc, testFunc(name, body...))
}
