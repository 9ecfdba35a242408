package gobackend

import (
	"fmt"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The subject API, computed from protocol: every Go name and native type of
// the operations and records. Nothing here names an operation, so an
// operation added to protocol reaches the subject interface, the oracle
// subject and the scaffold's stubs without an edit here. The identifiers start
// with "Conformance"/"conformance" so they cannot collide with the SDK's own
// test helpers in the same package.
const (
	// operationsType is every operation of the protocol: what the generated
	// tests call.
	operationsType = "ConformanceOperations"
	// subjectType is what the scaffold's newSubjectFunc returns: any value,
	// with some of operationsType's methods (see subjectFor).
	subjectType    = "ConformanceSubject"
	newSubjectFunc = "newConformanceSubject"
	// defaultsType answers every operation as not provided; a scaffold
	// embeds it (protoc-gen-go's Unimplemented...Server).
	defaultsType = "UnimplementedConformanceSubject"
	// subjectFor is what the generated tests obtain their subject from.
	subjectFor = "conformanceSubjectFor"
	// adapterType completes a scaffold value lacking methods with the
	// defaults.
	adapterType = "conformanceSubjectAdapter"
	// signatureMismatch (support file) names a method of the protocol's
	// name whose signature is not the protocol's.
	signatureMismatch = "conformanceSignatureMismatch"
	notProvided       = "conformanceNotProvided"
	typePrefix        = "Conformance"
)

// subjectAPI is the subject's Go method set and its record types.
type subjectAPI struct {
	Operations []goOperation
	Records    []goRecord
}

// goOperation is one subject method.
type goOperation struct {
	Op     protocol.Operation
	Method string // Go method name, e.g. SQSReconcile
	Wire   string // protocol name, e.g. validate_payload
	Doc    string // doc comment text, starting with Method
	Params []goField
	Result *jen.Statement // type of the non-error result
	// Signature is "(params) (result, error)" as the scaffold's method
	// declaration writes it: one parameter per line when the declaration
	// would be long (see methodDeclaration).
	Signature string
	// Zero is the zero value of the result, for a not-provided stub.
	Zero string
	// Default is what the generated default (UnimplementedConformanceSubject)
	// answers for the operation in this target (backend.DefaultReason); ""
	// before the target is known.
	Default string
}

// DefaultIsOtherTarget reports whether the generated default already says
// what a scaffold method reporting OtherTarget would: the scaffold then
// leaves the method out.
func (o goOperation) DefaultIsOtherTarget() bool {
	return o.Default == backend.OtherTarget(o.Op.Transport)
}

// OtherTarget is, as a Go string literal, the missing-feature rule's reason
// for this operation in a scaffold whose target does not run it: it belongs
// to its broker's transport target, or to the core target.
func (o goOperation) OtherTarget() string {
	return strconv.Quote(backend.OtherTarget(o.Op.Transport))
}

// goField is a parameter or a record field.
type goField struct {
	Wire string // protocol name
	Name string // Go identifier: lowerCamel for parameters, exported for fields
	Doc  string
	Kind protocol.Kind
	Type *jen.Statement
}

// goRecord is one record type of the protocol as a Go struct.
type goRecord struct {
	Name   string
	Doc    string
	Fields []goField
}

// goOnlyFields are Go's own additions to protocol records: a scaffold on a
// core without Envelope.Warnings must be able to say "cannot tell" for the
// warnings alone while still answering decode. They never cross the wire.
var goOnlyFields = map[string][]goField{
	"DecodeResult": {{Name: "WarningsErr", Type: jen.Error(),
		Doc: "WarningsErr wraps ErrConformanceNotProvided when the implementation has no way to surface warnings at all."}},
}

// buildSubjectAPI maps the operations and records onto Go. A test passes its
// own lists to show that a new operation needs no edit here.
func buildSubjectAPI(ops []protocol.Operation, records []protocol.RecordType) (*subjectAPI, error) {
	api := &subjectAPI{}
	for _, r := range records {
		rec := goRecord{Name: recordType(r.Name), Doc: recordType(r.Name) + " is " + sentence(r.Doc)}
		for _, f := range r.Fields {
			typ, err := goType(f.Type)
			if err != nil {
				return nil, fmt.Errorf("record %s, field %s: %w", r.Name, f.Name, err)
			}
			field := goField{Wire: f.Name, Name: exported(f.Name), Kind: f.Type.Kind, Type: typ}
			if f.Doc != "" {
				field.Doc = field.Name + " is " + sentence(f.Doc)
			}
			rec.Fields = append(rec.Fields, field)
		}
		rec.Fields = append(rec.Fields, goOnlyFields[r.Name]...)
		api.Records = append(api.Records, rec)
	}
	for _, op := range ops {
		g := goOperation{Op: op, Method: exported(op.Name), Wire: op.Name}
		g.Doc = g.Method + " " + sentence(op.Doc)
		for _, p := range op.Params {
			typ, err := goType(p.Type)
			if err != nil {
				return nil, fmt.Errorf("operation %s, parameter %s: %w", op.Name, p.Name, err)
			}
			name := unexported(p.Name)
			g.Params = append(g.Params, goField{Wire: p.Name, Name: name, Kind: p.Type.Kind, Type: typ, Doc: p.Doc})
		}
		result, err := goType(op.Result.Type)
		if err != nil {
			return nil, fmt.Errorf("operation %s, result: %w", op.Name, err)
		}
		g.Result = result
		g.Zero = zeroValue(op.Result.Type)
		// rendered as the type of a variable, the one way jen formats a signature alone
		wrap := wrapSignature(scaffoldSubjectType, g)
		g.Signature = strings.TrimPrefix(goText(jen.Var().Id("_").Func().Add(methodSignature(g, wrap))), "var _ func")
		api.Operations = append(api.Operations, g)
	}
	return api, nil
}

// goType is the native Go type of a protocol type. JSON values cross the
// interface as json.RawMessage, so no SDK number type or map order leaks into
// the comparison; an envelope is its exact bytes.
func goType(t protocol.Type) (*jen.Statement, error) {
	switch t.Kind {
	case protocol.Envelope:
		return jen.Index().Byte(), nil
	case protocol.Text:
		return jen.String(), nil
	case protocol.Integer:
		return jen.Int64(), nil
	case protocol.Boolean:
		return jen.Bool(), nil
	case protocol.OptionalText:
		return jen.Op("*").String(), nil
	case protocol.OptionalInteger:
		return jen.Op("*").Int64(), nil
	case protocol.JSONObject, protocol.JSONValue:
		return jen.Qual("encoding/json", "RawMessage"), nil
	case protocol.TextList:
		return jen.Index().String(), nil
	case protocol.BooleanList:
		return jen.Index().Bool(), nil
	case protocol.TextMap:
		return jen.Map(jen.String()).String(), nil
	case protocol.Record:
		return jen.Id(recordType(t.Record)), nil
	case protocol.OptionalRecord:
		return jen.Op("*").Id(recordType(t.Record)), nil
	case protocol.RecordList:
		return jen.Index().Id(recordType(t.Record)), nil
	case protocol.RecordMap:
		return jen.Map(jen.String()).Id(recordType(t.Record)), nil
	}
	return nil, fmt.Errorf("no Go type for protocol kind %d", t.Kind)
}

// zeroValue is the Go zero value of a protocol type, as source text.
func zeroValue(t protocol.Type) string {
	switch t.Kind {
	case protocol.Text:
		return `""`
	case protocol.Integer:
		return "0"
	case protocol.Boolean:
		return "false"
	case protocol.Record:
		return recordType(t.Record) + "{}"
	}
	return "nil"
}

// goText renders a type as Go source ("json.RawMessage", "map[string]string").
func goText(typ *jen.Statement) string { return fmt.Sprintf("%#v", typ) }

// recordType is the Go struct of a protocol record: ConformanceSQSAttribute.
func recordType(name string) string { return typePrefix + exported(name) }

// exported is a wire name as an exported Go identifier, initialisms kept:
// validate_payload → ValidatePayload, meta_id → MetaID.
func exported(name string) string {
	var b strings.Builder
	for _, w := range protocol.Words(name) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// unexported is a wire name as a parameter: attempts_increment →
// attemptsIncrement, urn → urn. A Go keyword gets a suffix.
func unexported(name string) string {
	words := protocol.Words(name)
	var b strings.Builder
	for i, w := range words {
		if i == 0 {
			b.WriteString(strings.ToLower(w))
			continue
		}
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	id := b.String()
	// A keyword cannot be a name; a predeclared one (error) would shadow
	// the type in the signature's own results.
	if token.IsKeyword(id) || types.Universe.Lookup(id) != nil {
		id += "Value"
	}
	return id
}

// sentence ends a protocol doc phrase with a full stop.
func sentence(doc string) string {
	doc = strings.TrimSpace(doc)
	if strings.HasSuffix(doc, ".") {
		return doc
	}
	return doc + "."
}

// subjectFile builds conformance_subject_gen_test.go: the operations
// interface and its record types, the generated defaults and the accessor
// the tests obtain their subject from. Only the defaults' reasons depend on
// the target, so a scaffold compiles against any suite's.
func subjectFile(c *common) (*fileBuilder, error) {
	b := c.newGenerated(SubjectFile)
	b.decl(operationsType+" is every operation of the implementation under test. Generated tests call nothing else; "+
		subjectFor+" obtains it from "+newSubjectFunc+" (in the scaffold or the oracle binding).",
		jen.Type().Id(operationsType).InterfaceFunc(func(g *jen.Group) {
			for _, op := range c.api.Operations {
				comment(g, op.Doc)
				g.Id(op.Method).Add(interfaceSignature(op))
			}
		}))
	// An alias of any, not an interface of the operations: a scaffold written
	// before an operation was added still returns a valid ConformanceSubject.
	b.decl(subjectType+" is what "+newSubjectFunc+" returns: any value with some of "+operationsType+
		"' methods. The ones it lacks answer with "+defaultsType+"'s defaults; one of an operation's name "+
		"whose signature is not the protocol's fails its tests, naming both.",
		jen.Type().Id(subjectType).Op("=").Any())
	for _, r := range c.api.Records {
		b.decl(r.Doc, jen.Type().Id(r.Name).StructFunc(func(g *jen.Group) {
			for _, f := range r.Fields {
				comment(g, f.Doc)
				tag := "-"
				if f.Wire != "" {
					tag = f.Wire
				}
				g.Id(f.Name).Add(f.Type.Clone()).Tag(map[string]string{"json": tag})
			}
		}))
	}
	addDefaults(b, c.api)
	addAccessor(b, c.api)
	return b, nil
}

// interfaceSignature is op's signature as an interface method, indented by
// a tab: its parameters wrap when the line would be too long.
func interfaceSignature(op goOperation) *jen.Statement {
	oneLine := strings.TrimPrefix(goText(jen.Var().Id("_").Func().Add(methodSignature(op, false))), "var _ func")
	wrap := 1+len(op.Method)+len(oneLine) > maxLineWidth
	return methodSignature(op, wrap)
}

// addDefaults declares UnimplementedConformanceSubject, whose every method
// reports not provided with the operation's default reason in this target.
func addDefaults(b *fileBuilder, api *subjectAPI) {
	b.decl(defaultsType+" answers every operation as not provided. A scaffold embeds it and "+
		"declares the methods it maps: an operation a later bqgen adds then answers from here, so the "+
		"SDK's build never breaks and the operation's tests skip, saying so, until the scaffold maps it.",
		jen.Type().Id(defaultsType).Struct())
	for _, op := range api.Operations {
		wrap := wrapSignature(defaultsType, op)
		// bqgen's own text (operation names and revisions), so a plain
		// literal; no local, which a parameter (dead_letter's reason) could shadow
		b.decl("", methodDeclaration(defaultsType, op, wrap).Block(
			jen.Return(jen.Id(op.Zero), jen.Id(notProvided).Call(jen.Lit(op.Default)))))
	}
}

// addAccessor declares conformanceSubjectFor and the adapter it returns for
// a scaffold value without every operation: per operation, the value's
// method when its signature is the protocol's, an error naming both
// signatures when it is another, else the default.
func addAccessor(b *fileBuilder, api *subjectAPI) {
	b.decl(subjectFor+" is the subject the generated tests run against: the value "+newSubjectFunc+
		" returns, each operation it has no method for answered by "+defaultsType+".",
		jen.Func().Id(subjectFor).Params(tParam()).Id(operationsType).Block(
			tHelper(),
			jen.Id("value").Op(":=").Id(newSubjectFunc).Call(jen.Id("t")),
			jen.If(jen.List(jen.Id("subject"), jen.Id("ok")).Op(":=").Id("value").Assert(jen.Id(operationsType)), jen.Id("ok")).Block(
				jen.Return(jen.Id("subject"))),
			jen.Return(jen.Id(adapterType).Values(jen.Id("value")))))
	b.decl(adapterType+" is a scaffold value that lacks some operations, completed with the defaults.",
		jen.Type().Id(adapterType).Struct(jen.Id("value").Id(subjectType)))
	for _, op := range api.Operations {
		args := make([]jen.Code, len(op.Params))
		for i, p := range op.Params {
			args[i] = jen.Id(p.Name)
		}
		wrap := wrapSignature(adapterType, op)
		b.decl("", jen.Func().Params(jen.Id("a").Id(adapterType)).Id(op.Method).Add(methodSignature(op, wrap)).Block(
			jen.If(
				jen.List(jen.Id("mapped"), jen.Id("ok")).Op(":=").Id("a").Dot("value").Assert(
					jen.Interface(jen.Id(op.Method).Add(interfaceSignature(op)))),
				jen.Id("ok"),
			).Block(jen.Return(call("mapped."+op.Method, args...))),
			jen.If(jen.Err().Op(":=").Id(signatureMismatch).Call(jen.Id("a").Dot("value"), jen.Lit(op.Method)),
				jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id(op.Zero), jen.Err())),
			jen.Return(call(defaultsType+"{}."+op.Method, args...)),
		))
	}
}

// methodSignature is the parameter and result lists of a method; adjacent
// parameters of one type share it, as gofmt'ed hand-written Go does. With
// wrap, each parameter gets a line of its own.
func methodSignature(op goOperation, wrap bool) *jen.Statement {
	params := make([]jen.Code, len(op.Params))
	for i, p := range op.Params {
		params[i] = jen.Id(p.Name)
		if i+1 == len(op.Params) || goText(op.Params[i+1].Type) != goText(p.Type) {
			params[i] = jen.Id(p.Name).Add(p.Type.Clone())
		}
	}
	return jen.ParamsFunc(func(g *jen.Group) {
		for _, p := range params {
			if wrap {
				g.Line().Add(p)
			} else {
				g.Add(p)
			}
		}
		if wrap {
			g.Line()
		}
	}).Params(op.Result.Clone(), jen.Error())
}

// scaffoldSubjectType is the scaffold's subject, the receiver of its methods.
const scaffoldSubjectType = "sdkConformanceSubject"

// maxLineWidth is the longest line a generated file may have.
const maxLineWidth = 120

// wrapSignature reports whether the declaration of op's method on receiver,
// with its opening brace, is too long for one line, so its parameters wrap.
func wrapSignature(receiver string, op goOperation) bool {
	return len(goText(methodDeclaration(receiver, op, false))+" {") > maxLineWidth
}

// methodDeclaration is "func (receiver) Method(params) (result, error)".
func methodDeclaration(receiver string, op goOperation, wrap bool) *jen.Statement {
	return jen.Func().Params(jen.Id(receiver)).Id(op.Method).Add(methodSignature(op, wrap))
}

// oracleSubjectType is the oracle binding's subject.
const oracleSubjectType = "oracleConformanceSubject"

// oracleSubjectFile builds conformance_oracle_subject_gen_test.go: one
// generic method per operation, each sending {"op": name, "args": {...}} to
// the oracle server (conformanceOracleCall, in the oracle client file) and
// reading the answer from the result object as protocol.Result says.
func oracleSubjectFile(c *common) (*fileBuilder, error) {
	b := c.newGenerated(OracleSubjectFile)
	b.decl(newSubjectFunc+" returns the oracle subject.",
		jen.Func().Id(newSubjectFunc).Params(tParam()).Id(subjectType).Block(
			tHelper(), jen.Return(jen.Id(oracleSubjectType).Values())))
	b.decl(oracleSubjectType+" is the "+operationsType+" of `bqgen oracle serve`.",
		jen.Type().Id(oracleSubjectType).Struct())
	b.decl("", jen.Var().Id("_").Id(operationsType).Op("=").Id(oracleSubjectType).Values())
	for _, op := range c.api.Operations {
		wrap := wrapSignature(oracleSubjectType, op)
		b.decl("", methodDeclaration(oracleSubjectType, op, wrap).Block(oracleMethodBody(c.api, op)...))
	}
	return b, nil
}

// oracleMethodBody sends the arguments by their wire names and converts the
// answer: the whole result object for a record result, else its member.
// Envelope bytes travel as JSON strings, never base64, both ways.
func oracleMethodBody(api *subjectAPI, op goOperation) []jen.Code {
	args := make([]field, len(op.Params))
	for i, p := range op.Params {
		value := jen.Id(p.Name)
		if p.Kind == protocol.Envelope {
			value = jen.String().Parens(jen.Id(p.Name))
		}
		args[i] = keyed(p.Wire, value)
	}
	if op.Op.OwnLang {
		// the oracle answers for every language: it stamps the one asked
		args = append(args, keyed(protocol.OwnLangArg, jen.Lit(ownLang)))
	}
	call := jen.Err().Op(":=").Id("conformanceOracleCall").Call(jen.Lit(op.Wire),
		composite(jen.Map(jen.String()).Any(), args...), jen.Op("&").Id("result"))
	if op.Op.Result.Member == "" {
		if rec := api.record(op.Op.Result.Type); rec != nil && rec.hasEnvelope() {
			return recordWithEnvelopes(*rec, call)
		}
		return []jen.Code{jen.Var().Id("result").Add(op.Result.Clone()), call, jen.Return(jen.Id("result"), jen.Err())}
	}
	member := exported(op.Op.Result.Member)
	wireType, value := op.Result.Clone(), jen.Id("result").Dot(member)
	if op.Op.Result.Type.Kind == protocol.Envelope {
		wireType, value = jen.String(), jen.Index().Byte().Parens(jen.Id("result").Dot(member))
	}
	return []jen.Code{
		jen.Var().Id("result").Struct(jen.Id(member).Add(wireType).Tag(map[string]string{"json": op.Op.Result.Member})),
		call,
		jen.Return(value, jen.Err()),
	}
}

// recordWithEnvelopes reads a record result with envelope fields through a
// struct whose envelope fields are strings, then converts them to bytes.
func recordWithEnvelopes(rec goRecord, call jen.Code) []jen.Code {
	var wire []jen.Code
	var fields []field
	for _, f := range rec.Fields {
		if f.Wire == "" {
			continue // Go's own field, never on the wire
		}
		typ, value := f.Type.Clone(), jen.Id("result").Dot(f.Name)
		if f.Kind == protocol.Envelope {
			typ, value = jen.String(), jen.Index().Byte().Parens(jen.Id("result").Dot(f.Name))
		}
		wire = append(wire, jen.Id(f.Name).Add(typ).Tag(map[string]string{"json": f.Wire}))
		fields = append(fields, named(f.Name, value))
	}
	return []jen.Code{
		jen.Var().Id("result").Struct(wire...),
		call,
		jen.Return(composite(jen.Id(rec.Name), fields...), jen.Err()),
	}
}

// record is the Go record of a protocol record type, or nil.
func (api *subjectAPI) record(t protocol.Type) *goRecord {
	if t.Kind != protocol.Record {
		return nil
	}
	for i := range api.Records {
		if api.Records[i].Name == recordType(t.Record) {
			return &api.Records[i]
		}
	}
	return nil
}

// hasEnvelope reports whether a field of r holds envelope bytes.
func (r goRecord) hasEnvelope() bool {
	for _, f := range r.Fields {
		if f.Kind == protocol.Envelope {
			return true
		}
	}
	return false
}

// transportLayout is where babelqueue-go's transports live: each broker's is
// a module of its own, so a core target leaves their operations to them.
const transportLayout = backend.TransportsApart
