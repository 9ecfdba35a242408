package dotnet

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// subjectAPI is the subject protocol as C#: the IConformanceSubject methods,
// the records they exchange, and how the oracle subject turns each value
// into JSON and back. It is computed from protocol.Operations and
// protocol.Records; nothing here names an operation or a record, so an
// operation added to the protocol appears in the interface, the oracle
// subject and the scaffold (as "not provided") without an edit here.
type subjectAPI struct {
	Operations []operationView // protocol.Capabilities first, then the operations in protocol order
	Records    []recordView
}

// withDefaults sets each operation's Default and Elsewhere for the target
// whose suite is s. The handshake has no default: every scaffold lists what
// it provides.
func (api *subjectAPI) withDefaults(s *model.Suite, ops []protocol.Operation) {
	for i := range api.Operations {
		v := &api.Operations[i]
		if v.Handshake {
			continue
		}
		op := ops[i-1]
		v.Default = csString(backend.DefaultReason(s, op, transportLayout))
		v.Elsewhere = !backend.Belongs(s, op, transportLayout)
	}
}

// operationView is one subject method.
type operationView struct {
	Wire        string // the wire name: a protocol identifier ([a-z0-9_]), for template names
	WireLiteral csExpr // the same as a C# string literal
	Transport   string // the block whose transport package provides it; "" for the core SDK
	// OtherTarget is the C# string literal a target that does not run the
	// operation's block reports it not provided with (backend.OtherTarget).
	OtherTarget csExpr
	// Default is the C# string literal the interface's default body reports
	// the operation not provided with (backend.DefaultReason): what answers
	// when a scaffold has no method for it.
	Default csExpr
	// Elsewhere says only another target's tests call the operation, so the
	// default already says what a scaffold would (OtherTarget): a new
	// scaffold leaves it out.
	Elsewhere bool
	Handshake bool   // protocol.Capabilities, which lists the others
	Method    string // the C# method name, e.g. SqsReconcile
	Doc       string // the XML doc comment, indented for an interface member
	Signature string // e.g. "long SqsReconcile(long bodyAttempts, string? approximateReceiveCount)", wrapped when long
	Result    string // the C# result type, e.g. long
	Params    []paramView
	// OwnLang is the member of the request carrying the tag the oracle
	// subject sends (protocol.Operation.OwnLang: the oracle stamps it), as
	// an object initializer entry; "" when none.
	OwnLang csExpr
	// ResultOpen and ResultClose surround the oracle's Call(...) expression
	// to read the result: ResultOpen + "Call(...)" + ResultClose.
	ResultOpen, ResultClose string
}

// paramView is one parameter of a subject method.
type paramView struct {
	WireLiteral csExpr // the wire name as a C# string literal
	Name        string // the C# parameter name
	Type        string
	ToJSON      string // the oracle's expression for its JSON request member
}

// recordView is one C# record of the subject protocol.
type recordView struct {
	Name   string // the C# type name, e.g. SqsAttribute
	Doc    string // the XML doc comment, at the top level
	Fields []fieldView
	// Read and Write say whether the oracle subject reads the record from a
	// result or writes it into a request.
	Read, Write bool
	// Extra is C#'s own last parameter (csOnly), "" for none.
	Extra string
}

// csOnly holds C#'s own additions to protocol records, by protocol name: an
// optional last parameter that never crosses the wire, so a scaffold written
// before it still compiles. A scaffold on a core without the warnings hook
// must say "cannot tell" for the warnings alone while still answering
// decode: the forbidden-key tests then skip and the cases tests run (the
// missing-feature rule; Go's WarningsErr).
var csOnly = map[string]struct{ Param, Doc string }{
	"DecodeResult": {Param: "string? WarningsNotProvided = null",
		Doc: "Why the subject cannot tell decode's warnings (the SDK has no API that reports them); null when it can."},
}

// fieldView is one positional property of a record.
type fieldView struct {
	WireLiteral csExpr
	Name        string // the C# property name
	Type        string
	FromJSON    string // the oracle's expression reading it from the JsonNode? named node
	ToJSON      string // the oracle's expression writing it from the record named value
}

// buildSubject computes the C# subject API for ops (the protocol's
// operations, a parameter so a test can add one) and records.
func buildSubject(ops []protocol.Operation, records []protocol.RecordType) (subjectAPI, error) {
	var api subjectAPI
	recordNames := map[string]string{}
	for _, r := range records {
		recordNames[r.Name] = csTypeName(r.Name)
	}
	read, write := map[string]bool{}, map[string]bool{}
	for _, op := range append([]protocol.Operation{protocol.Capabilities}, ops...) {
		v, err := operation(op, recordNames)
		if err != nil {
			return subjectAPI{}, fmt.Errorf("dotnet: operation %s: %w", op.Name, err)
		}
		api.Operations = append(api.Operations, v)
		markRecords(op.Result.Type, records, read)
		for _, p := range op.Params {
			markRecords(p.Type, records, write)
		}
	}
	for _, r := range records {
		v, err := record(r, recordNames)
		if err != nil {
			return subjectAPI{}, fmt.Errorf("dotnet: record %s: %w", r.Name, err)
		}
		v.Read, v.Write = read[r.Name], write[r.Name]
		api.Records = append(api.Records, v)
	}
	return api, nil
}

func operation(op protocol.Operation, recordNames map[string]string) (operationView, error) {
	v := operationView{Wire: op.Name, WireLiteral: csString(op.Name), Transport: op.Transport, Method: csTypeName(op.Name),
		OwnLang:   ownLangLiteral(op),
		Handshake: op.Name == protocol.Capabilities.Name}
	v.OtherTarget = csString(backend.OtherTarget(op.Transport))
	var params, docParams []string
	for _, p := range op.Params {
		typ, err := csType(p.Type, recordNames)
		if err != nil {
			return v, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		name := csParamName(p.Name)
		toJSON, err := writeExpr(p.Type, name, recordNames)
		if err != nil {
			return v, err
		}
		v.Params = append(v.Params, paramView{WireLiteral: csString(p.Name), Name: name, Type: typ, ToJSON: toJSON})
		params = append(params, typ+" "+name)
		docParams = append(docParams, name, fieldDoc(p))
	}
	result, err := csType(op.Result.Type, recordNames)
	if err != nil {
		return v, fmt.Errorf("result: %w", err)
	}
	v.Signature = signature(result+" "+v.Method, params)
	v.Result = result
	fn, extra, err := readFunc(op.Result.Type, recordNames)
	if err != nil {
		return v, err
	}
	v.ResultOpen = fn + "("
	if op.Result.Member != "" {
		v.ResultClose = "[" + string(csString(op.Result.Member)) + "]"
	}
	v.ResultClose += extra + ")"
	v.Doc = docComment("    ", sentence(op.Doc), docParams...)
	return v, nil
}

// signature is a method's signature, head(params): on one line when the
// longest line printing it ("    public <signature> =>") fits in maxLine,
// else with each parameter on a line of its own, indented for a class
// member's continuation.
func signature(head string, params []string) string {
	if line := "    public " + head + "(" + strings.Join(params, ", ") + ") =>"; len(line) <= maxLine {
		return head + "(" + strings.Join(params, ", ") + ")"
	}
	return head + "(\n        " + strings.Join(params, ",\n        ") + ")"
}

func record(r protocol.RecordType, recordNames map[string]string) (recordView, error) {
	v := recordView{Name: recordNames[r.Name]}
	var docParams []string
	for _, f := range r.Fields {
		typ, err := csType(f.Type, recordNames)
		if err != nil {
			return v, fmt.Errorf("field %s: %w", f.Name, err)
		}
		name := csTypeName(f.Name)
		if name == v.Name {
			return v, fmt.Errorf("field %s: a member cannot take its record's name %s (CS0542)", f.Name, name)
		}
		fn, extra, err := readFunc(f.Type, recordNames)
		if err != nil {
			return v, err
		}
		lit := csString(f.Name)
		toJSON, err := writeExpr(f.Type, "value."+name, recordNames)
		if err != nil {
			return v, err
		}
		v.Fields = append(v.Fields, fieldView{WireLiteral: lit, Name: name, Type: typ,
			FromJSON: fn + "(node?[" + string(lit) + "]" + extra + ")", ToJSON: toJSON})
		docParams = append(docParams, name, fieldDoc(f))
	}
	if extra, ok := csOnly[r.Name]; ok {
		v.Extra = extra.Param
		docParams = append(docParams, strings.Fields(extra.Param)[1], extra.Doc)
	}
	v.Doc = docComment("", sentence(r.Doc), docParams...)
	return v, nil
}

// fieldDoc is what a parameter or record member holds: its protocol doc, or
// its wire name.
func fieldDoc(f protocol.Field) string {
	if f.Doc == "" {
		return "<c>" + f.Name + "</c>"
	}
	return f.Doc
}

// markRecords marks the record typ carries, and the records those carry.
func markRecords(typ protocol.Type, records []protocol.RecordType, seen map[string]bool) {
	if typ.Record == "" || seen[typ.Record] {
		return
	}
	seen[typ.Record] = true
	for _, r := range records {
		if r.Name == typ.Record {
			for _, f := range r.Fields {
				markRecords(f.Type, records, seen)
			}
		}
	}
}

// recordName is the C# name of the record typ carries.
func recordName(typ protocol.Type, recordNames map[string]string) (string, error) {
	name, ok := recordNames[typ.Record]
	if !ok {
		return "", fmt.Errorf("record %q is not defined", typ.Record)
	}
	return name, nil
}

// csType is the C# type of a protocol type: the one place each Kind maps
// onto a native type.
func csType(typ protocol.Type, recordNames map[string]string) (string, error) {
	switch typ.Kind {
	case protocol.Envelope, protocol.Text:
		return "string", nil
	case protocol.Integer:
		return "long", nil
	case protocol.Boolean:
		return "bool", nil
	case protocol.OptionalText:
		return "string?", nil
	case protocol.OptionalInteger:
		return "long?", nil
	case protocol.JSONObject:
		return "JsonObject", nil
	case protocol.JSONValue:
		return "JsonNode?", nil
	case protocol.TextList:
		return "IReadOnlyList<string>", nil
	case protocol.BooleanList:
		return "IReadOnlyList<bool>", nil
	case protocol.TextMap:
		return "IReadOnlyDictionary<string, string>", nil
	}
	name, err := recordName(typ, recordNames)
	if err != nil {
		return "", err
	}
	switch typ.Kind {
	case protocol.Record:
		return name, nil
	case protocol.OptionalRecord:
		return name + "?", nil
	case protocol.RecordList:
		return "IReadOnlyList<" + name + ">", nil
	case protocol.RecordMap:
		return "IReadOnlyDictionary<string, " + name + ">", nil
	}
	return "", fmt.Errorf("no C# type for protocol kind %d", typ.Kind)
}

// scalarReaders are the oracle subject's readers of a JsonNode? per kind
// (OracleConformanceSubject.cs defines them).
var scalarReaders = map[protocol.Kind]string{
	protocol.Envelope: "TextOf", protocol.Text: "TextOf", protocol.Integer: "IntegerOf",
	protocol.Boolean: "BooleanOf", protocol.OptionalText: "OptionalTextOf",
	protocol.OptionalInteger: "OptionalIntegerOf", protocol.JSONObject: "ObjectOf",
	protocol.JSONValue: "ValueOf",
}

// readFunc is how the oracle subject reads a value of typ: the function and
// what follows the node among its arguments, e.g. ("ListOf", ", TextOf").
func readFunc(typ protocol.Type, recordNames map[string]string) (fn, extra string, err error) {
	if r, ok := scalarReaders[typ.Kind]; ok {
		return r, "", nil
	}
	switch typ.Kind {
	case protocol.TextList:
		return "ListOf", ", TextOf", nil
	case protocol.BooleanList:
		return "ListOf", ", BooleanOf", nil
	case protocol.TextMap:
		return "MapOf", ", TextOf", nil
	}
	name, err := recordName(typ, recordNames)
	if err != nil {
		return "", "", err
	}
	switch typ.Kind {
	case protocol.Record:
		return name + "Of", "", nil
	case protocol.OptionalRecord:
		return "OptionalOf", ", " + name + "Of", nil
	case protocol.RecordList:
		return "ListOf", ", " + name + "Of", nil
	case protocol.RecordMap:
		return "MapOf", ", " + name + "Of", nil
	}
	return "", "", fmt.Errorf("no oracle reader for protocol kind %d", typ.Kind)
}

// writeExpr is the oracle subject's JSON for the C# value expr of typ.
// Strings, numbers and booleans convert to JsonNode implicitly.
func writeExpr(typ protocol.Type, expr string, recordNames map[string]string) (string, error) {
	switch typ.Kind {
	case protocol.Envelope, protocol.Text, protocol.Integer, protocol.Boolean,
		protocol.OptionalText, protocol.OptionalInteger:
		return expr, nil
	case protocol.JSONObject:
		return expr + ".DeepClone()", nil
	case protocol.JSONValue:
		return expr + "?.DeepClone()", nil
	case protocol.TextList:
		return "ListJson(" + expr + ", TextJson)", nil
	case protocol.BooleanList:
		return "ListJson(" + expr + ", BooleanJson)", nil
	case protocol.TextMap:
		return "MapJson(" + expr + ", TextJson)", nil
	}
	name, err := recordName(typ, recordNames)
	if err != nil {
		return "", err
	}
	switch typ.Kind {
	case protocol.Record:
		return name + "Json(" + expr + ")", nil
	case protocol.OptionalRecord:
		return expr + " is null ? null : " + name + "Json(" + expr + ")", nil
	case protocol.RecordList:
		return "ListJson(" + expr + ", " + name + "Json)", nil
	case protocol.RecordMap:
		return "MapJson(" + expr + ", " + name + "Json)", nil
	}
	return "", fmt.Errorf("no oracle writer for protocol kind %d", typ.Kind)
}

// csTypeName is the C# (Pascal case) name of a wire name, with initialisms
// cased as .NET names them: a word spelled "RabbitMQ" in prose is RabbitMq,
// "SQSAttribute" is SqsAttribute, "meta_id" MetaId.
func csTypeName(wire string) string {
	var b strings.Builder
	for _, w := range protocol.Words(wire) {
		for _, part := range camelParts(w) {
			b.WriteString(strings.ToUpper(part[:1]) + strings.ToLower(part[1:]))
		}
	}
	return b.String()
}

// camelParts splits a prose word at each capital that follows a lower-case
// letter: "RabbitMQ" is "Rabbit", "MQ"; "SQS" and "publishing" stay whole.
func camelParts(w string) []string {
	var parts []string
	start := 0
	for i := 1; i < len(w); i++ {
		if 'A' <= w[i] && w[i] <= 'Z' && 'a' <= w[i-1] && w[i-1] <= 'z' {
			parts = append(parts, w[start:i])
			start = i
		}
	}
	return append(parts, w[start:])
}

// csParamName is the C# (camel case) parameter name of a wire name; a C#
// keyword is escaped with @.
func csParamName(wire string) string {
	name := csTypeName(wire)
	name = strings.ToLower(name[:1]) + name[1:]
	if isKeyword(name) {
		return "@" + name
	}
	return name
}

// sentence capitalises a protocol doc phrase and ends it with a period. A
// phrase that starts with a wire name ("meta.id") keeps its spelling.
func sentence(doc string) string {
	if doc == "" {
		return ""
	}
	if first, _, _ := strings.Cut(doc, " "); !strings.ContainsAny(first, "._") {
		doc = strings.ToUpper(doc[:1]) + doc[1:]
	}
	if !strings.HasSuffix(doc, ".") {
		doc += "."
	}
	return doc
}

// docWidth is where doc comment text wraps.
const docWidth = 100

// docComment renders an XML doc comment at indent: the summary, then a
// <param> per (name, text) pair, each wrapped at docWidth. Text is XML
// escaped except for <c> elements, which the caller builds from wire names.
func docComment(indent, summary string, params ...string) string {
	var b strings.Builder
	writeDocElement(&b, indent, "<summary>", "</summary>", xmlDocText(summary))
	for i := 0; i+1 < len(params); i += 2 {
		writeDocElement(&b, indent, `<param name="`+params[i]+`">`, "</param>", sentence(xmlDocText(params[i+1])))
	}
	return b.String()
}

// writeDocElement writes open+text+close on one line when it fits, else
// open, the text wrapped, and close, each on its own line.
func writeDocElement(b *strings.Builder, indent, open, close, text string) {
	prefix := indent + "/// "
	if line := prefix + open + text + close; len(line) <= docWidth {
		b.WriteString(line + "\n")
		return
	}
	b.WriteString(prefix + open + "\n")
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(prefix)+len(line)+1+len(word) > docWidth {
			b.WriteString(prefix + line + "\n")
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		b.WriteString(prefix + line + "\n")
	}
	b.WriteString(prefix + close + "\n")
}

// xmlDocText escapes the protocol's prose for an XML doc comment, keeping
// the <c>...</c> elements record docs build for wire names.
func xmlDocText(s string) string {
	s = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(commentText(s))
	return strings.NewReplacer("&lt;c&gt;", "<c>", "&lt;/c&gt;", "</c>").Replace(s)
}

// transportLayout is where the .NET SDK's transports live: each broker's is a
// NuGet package of its own (BabelQueue.Sqs, ...), so a core target leaves
// their operations to those targets even though it generates their tests.
const transportLayout = backend.TransportsApart

// ownLangLiteral is the tag an oracle subject sends with op, the one the
// oracle stamps for every language, or "" for an operation that stamps none.
func ownLangLiteral(op protocol.Operation) csExpr {
	if !op.OwnLang {
		return ""
	}
	return "[" + csString(protocol.OwnLangArg) + "] = " + csString(ownLang)
}
