package php

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The subject API in PHP, computed from package protocol: the Subject
// interface, the oracle subject, the skipping decorator and the scaffold's
// method signatures are all laid out from it, so none of them names an
// operation and an operation added to protocol appears in all of them.
//
// Values cross the interface in the JSON model of the generated Json class:
// a JSON object (a record, a map) is a \stdClass, an array a list. A record
// passed in as a parameter is an associative array with the same keys, as
// PHP code writes such arguments.

// subjectAPI is the subject in PHP.
type subjectAPI struct {
	// Capabilities is the handshake, answered by every subject for itself.
	Capabilities method
	Methods      []method // one per operation, in protocol order
	Records      []record // the records the methods exchange
}

// method is one operation as a PHP method.
type method struct {
	Wire      string // the protocol's operation name
	Name      string // the PHP method name, camelCase
	Transport string // the block whose transport provides it, "" for the core SDK
	Summary   string // the operation's doc as a sentence
	Params    []param
	Returns   string // the PHP return type
	// ReturnDoc is the docblock type and description of the result.
	ReturnDoc string
	// Member is the result member the method returns, or "" when it returns
	// the whole result object (a record).
	Member string
	// Default is the reason the generated default (SubjectDefaults) reports
	// the operation not provided with, in the target generated for:
	// backend.DefaultReason.
	Default string
	// OwnLang: the oracle subject sends its target's tag with the request
	// (protocol.Operation.OwnLang), the tag the oracle stamps.
	OwnLang bool
}

// param is one parameter of a method.
type param struct {
	Name    string // the PHP variable name, without $
	Wire    string // the protocol's name, the key in the request's args
	Type    string // the PHP type
	DocType string // the docblock type
	Doc     string // what it holds, "" when the name says it all
}

// record is one record type, for the interface's documentation.
type record struct {
	Name   string // PascalCase, as PHP names classes
	Doc    string
	Fields []recordField
}

// recordField is one member of a record.
type recordField struct {
	Key     string // the member name, as on the wire
	DocType string
	Doc     string
}

// buildSubject computes the PHP subject from operations and records (the
// protocol's, or a test's extension of them).
func buildSubject(ops []protocol.Operation, records []protocol.RecordType) (subjectAPI, error) {
	var api subjectAPI
	var err error
	if api.Capabilities, err = newMethod(protocol.Capabilities, records); err != nil {
		return api, err
	}
	for _, op := range ops {
		m, err := newMethod(op, records)
		if err != nil {
			return api, err
		}
		api.Methods = append(api.Methods, m)
	}
	for _, r := range records {
		rec := record{Name: recordName(r.Name), Doc: r.Doc}
		for _, f := range r.Fields {
			t, err := phpTypeOf(f.Type, records)
			if err != nil {
				return api, fmt.Errorf("php: record %s.%s: %w", r.Name, f.Name, err)
			}
			rec.Fields = append(rec.Fields, recordField{Key: f.Name, DocType: t.member, Doc: f.Doc})
		}
		api.Records = append(api.Records, rec)
	}
	return api, nil
}

// newMethod is the PHP method of op.
func newMethod(op protocol.Operation, records []protocol.RecordType) (method, error) {
	m := method{Wire: op.Name, Name: phpName(op.Name), Transport: op.Transport, Summary: sentence(op.Doc), Member: op.Result.Member,
		OwnLang: op.OwnLang}
	for _, p := range op.Params {
		t, err := phpTypeOf(p.Type, records)
		if err != nil {
			return m, fmt.Errorf("php: %s parameter %s: %w", op.Name, p.Name, err)
		}
		m.Params = append(m.Params, param{Name: phpName(p.Name), Wire: p.Name, Type: t.native, DocType: t.docIn, Doc: p.Doc})
	}
	t, err := phpTypeOf(op.Result.Type, records)
	if err != nil {
		return m, fmt.Errorf("php: %s result: %w", op.Name, err)
	}
	m.Returns = t.native
	what := t.about
	if what == "" {
		what = "the `" + op.Result.Member + "` result"
	}
	m.ReturnDoc = t.doc + " " + what
	if m.Member != "" && !phpIdentifier.MatchString(m.Member) {
		return m, fmt.Errorf("php: %s: result member %q is not a PHP identifier", op.Name, m.Member)
	}
	return m, nil
}

// phpIdentifier is a name PHP accepts after -> as is.
var phpIdentifier = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// phpType is how a protocol type is written in PHP.
type phpType struct {
	native string // the declared type
	doc    string // the docblock type of a result or record member
	docIn  string // the docblock type of a parameter (records are arrays)
	about  string // what a record-carrying value is, for the docblock
	member string // the type of a record member in the records' docs
}

// phpTypeOf maps a protocol type onto PHP; the one place a Kind is mapped.
func phpTypeOf(t protocol.Type, records []protocol.RecordType) (phpType, error) {
	simple := func(native, doc string) (phpType, error) {
		return phpType{native: native, doc: doc, docIn: doc, member: doc}, nil
	}
	switch t.Kind {
	case protocol.Envelope, protocol.Text:
		return simple("string", "string")
	case protocol.Integer:
		return simple("int", "int")
	case protocol.Boolean:
		return simple("bool", "bool")
	case protocol.OptionalText:
		return simple("?string", "?string")
	case protocol.OptionalInteger:
		return simple("?int", "?int")
	case protocol.JSONObject, protocol.TextMap:
		return simple(`\stdClass`, `\stdClass`)
	case protocol.JSONValue:
		return simple("mixed", "mixed")
	case protocol.TextList:
		return simple("array", "list<string>")
	case protocol.BooleanList:
		return simple("array", "list<bool>")
	}
	r, ok := lookupRecord(records, t.Record)
	if !ok {
		return phpType{}, fmt.Errorf("unknown record %q", t.Record)
	}
	name := recordName(r.Name)
	switch t.Kind {
	case protocol.Record:
		return phpType{native: `\stdClass`, doc: `\stdClass`, docIn: arrayShape(r, records), about: "a " + name, member: name}, nil
	case protocol.OptionalRecord:
		return phpType{native: `?\stdClass`, doc: `?\stdClass`, docIn: "?" + arrayShape(r, records), about: "a " + name + " or null",
			member: "?" + name}, nil
	case protocol.RecordList:
		return phpType{native: "array", doc: "list<\\stdClass>", docIn: "list<" + arrayShape(r, records) + ">", about: "a list of " + name,
			member: "list<" + name + ">"}, nil
	case protocol.RecordMap:
		return phpType{native: `\stdClass`, doc: `\stdClass`, docIn: "array<string, " + arrayShape(r, records) + ">", about: "name => " + name,
			member: "name => " + name}, nil
	}
	return phpType{}, fmt.Errorf("no PHP type for protocol kind %d", t.Kind)
}

// phpArgument writes a JSON value from the suite as a PHP literal of
// parameter type t, by construction: a JSON null is PHP's null (the
// parameter absent), which only an optional type or a JSON value takes;
// every other value must be of the type's JSON kind, and is written in the
// JSON model (an object a \stdClass, a list an array). An integer must be
// a JSON integer PHP reads as an int.
func phpArgument(t protocol.Type, v model.Value) (string, error) {
	var want []model.Kind
	switch t.Kind {
	case protocol.Envelope, protocol.Text:
		want = []model.Kind{model.String}
	case protocol.OptionalText:
		want = []model.Kind{model.String, model.Null}
	case protocol.Integer:
		want = []model.Kind{model.Number}
	case protocol.OptionalInteger:
		want = []model.Kind{model.Number, model.Null}
	case protocol.Boolean:
		want = []model.Kind{model.Bool}
	case protocol.JSONObject, protocol.TextMap:
		want = []model.Kind{model.Object}
	case protocol.JSONValue:
		return phpLongValue(v)
	case protocol.TextList, protocol.BooleanList:
		want = []model.Kind{model.Array}
	default:
		return "", fmt.Errorf("no PHP literal for a parameter of protocol kind %d", t.Kind)
	}
	if !slices.Contains(want, v.Kind) {
		return "", fmt.Errorf("a %s cannot be passed as %s", v.Kind, phpTypeName(t))
	}
	if v.Kind == model.Number && !phpInteger.MatchString(v.Text) {
		return "", fmt.Errorf("%s is not an integer PHP reads as an int", v.Text)
	}
	item := map[protocol.Kind]model.Kind{protocol.TextList: model.String, protocol.BooleanList: model.Bool, protocol.TextMap: model.String}
	if k, ok := item[t.Kind]; ok {
		for _, c := range children(v) {
			if c.Kind != k {
				return "", fmt.Errorf("a %s inside %s", c.Kind, phpTypeName(t))
			}
		}
	}
	return phpLongValue(v)
}

// phpLongValue is phpValue in a test method's body, a string split into
// concatenated literals where it is too long for one line.
func phpLongValue(v model.Value) (string, error) {
	if v.Kind == model.String {
		return phpLongString(v.Text, maxMessage), nil
	}
	return phpValue(v, bodyIndent)
}

// phpInteger is a JSON integer within PHP's int range (up to 18 digits
// always is; a longer one would be read as a float).
var phpInteger = regexp.MustCompile(`^-?(0|[1-9][0-9]{0,17})$`)

// phpTypeName names a parameter type for an error: its PHP docblock type.
func phpTypeName(t protocol.Type) string {
	pt, err := phpTypeOf(t, nil)
	if err != nil {
		return "a record"
	}
	return pt.docIn
}

// arrayShape is the docblock shape of a record passed as an array:
// "array{meta_id: string, outcome: string}".
func arrayShape(r protocol.RecordType, records []protocol.RecordType) string {
	parts := make([]string, len(r.Fields))
	for i, f := range r.Fields {
		t, err := phpTypeOf(f.Type, records)
		doc := t.docIn
		if err != nil {
			doc = "mixed"
		}
		parts[i] = f.Name + ": " + doc
	}
	return "array{" + strings.Join(parts, ", ") + "}"
}

func lookupRecord(records []protocol.RecordType, name string) (protocol.RecordType, bool) {
	for _, r := range records {
		if r.Name == name {
			return r, true
		}
	}
	return protocol.RecordType{}, false
}

// phpName is the camelCase PHP name of a wire name, as php-sdk spells
// initialisms (idempotency_key -> idempotencyKey, meta_id -> metaId).
func phpName(wire string) string { return backend.Join(lowerWords(wire), backend.Camel) }

// recordName is the PascalCase name of a record (SQSAttribute -> SqsAttribute).
func recordName(name string) string { return backend.Join(lowerWords(name), backend.Pascal) }

func lowerWords(name string) []string {
	words := protocol.Words(name)
	for i, w := range words {
		words[i] = strings.ToLower(w)
	}
	return words
}

// sentence capitalises a doc phrase and ends it with a full stop.
func sentence(doc string) string {
	if doc == "" {
		return ""
	}
	return strings.ToUpper(doc[:1]) + doc[1:] + "."
}

// maxLine is the longest generated line where PHP allows a break.
const maxLine = 120

// Declaration is the method's signature, "public function name(params): type",
// with one parameter per line when it would not fit at indent.
func (m method) Declaration(indent string) string {
	parts := make([]string, len(m.Params))
	for i, p := range m.Params {
		parts[i] = p.Type + " $" + p.Name
	}
	one := "public function " + m.Name + "(" + strings.Join(parts, ", ") + "): " + m.Returns
	if len(indent)+len(one)+1 <= maxLine || len(parts) == 0 {
		return one
	}
	inner := indent + "    "
	return "public function " + m.Name + "(\n" + inner + strings.Join(parts, ",\n"+inner) + ",\n" + indent + "): " + m.Returns
}

// Opening is the declaration followed by the opening brace: on its own line
// after a one-line declaration, after "): type" otherwise (PSR-12).
func (m method) Opening(indent string) string {
	d := m.Declaration(indent)
	if strings.Contains(d, "\n") {
		return d + " {"
	}
	return d + "\n" + indent + "{"
}

// Forward is the statement passing the call on to the subject in
// $this->subject: "return $this->subject->name($a, $b);", with one argument
// per line when it would not fit at indent.
func (m method) Forward(indent string) string {
	return "return " + m.call("$this->subject->", indent) + ";"
}

// Dispatch is the skipping decorator's statement: the call passed on to the
// subject when it has the method, else to the generated default, so a
// scaffold written before the operation existed still loads and its tests
// skip with the default's reason.
func (m method) Dispatch(indent string) string {
	inner := indent + "    "
	return "return is_callable([$this->subject, " + phpString(m.Name) + "])\n" +
		inner + "? " + m.call("$this->subject->", inner) + "\n" +
		inner + ": " + m.call("parent::", inner) + ";"
}

// call is the call expression head + name(args), with one argument per line
// when the statement it ends would not fit at indent.
func (m method) call(head, indent string) string {
	head += m.Name + "("
	parts := make([]string, len(m.Params))
	for i, p := range m.Params {
		parts[i] = "$" + p.Name
	}
	one := head + strings.Join(parts, ", ") + ")"
	if len(indent)+len("return ")+len(one)+1 <= maxLine || len(parts) == 0 {
		return one
	}
	inner := indent + "    "
	return head + "\n" + inner + strings.Join(parts, ",\n"+inner) + ",\n" + indent + ")"
}

// Request is the oracle subject's statement: the operation sent with its
// args by wire name, the answer taken from the result member.
func (m method) Request(indent string) string {
	args := make([]string, len(m.Params))
	for i, p := range m.Params {
		args[i] = phpString(p.Wire) + " => $" + p.Name
	}
	if m.OwnLang {
		args = append(args, phpString(protocol.OwnLangArg)+" => "+phpString(ownLang))
	}
	access := ""
	if m.Member != "" {
		access = "->" + m.Member
	}
	prefix := "return $this->oracle->request(" + phpString(m.Wire) + ", "
	list := "[" + strings.Join(args, ", ") + "])" + access + ";"
	if len(indent)+len(prefix)+len(list) <= maxLine || len(args) == 0 {
		return prefix + list
	}
	return prefix + "[\n" + indent + "    " + strings.Join(args, ",\n"+indent+"    ") + ",\n" + indent + "])" + access + ";"
}

// wrap breaks text into lines of at most width bytes at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// docWidth is where docblock prose wraps, as the hand-written docblocks do.
const docWidth = 80

// docLines is a docblock paragraph: text wrapped to fit after indent and
// " * " within docWidth, each line prefixed. The protocol's docs are bqgen's own words, but
// they pass through commentText all the same.
func docLines(indent, text string) string {
	prefix := indent + " * "
	lines := wrap(commentText(text), docWidth-len(prefix))
	return prefix + strings.Join(lines, "\n"+prefix)
}

// docTag is a docblock tag ("@param string $x what it is") with its
// continuation lines indented under the tag's text. A tag wraps only past
// maxLine: its type comes first and may be long.
func docTag(indent, tag string) string {
	prefix := indent + " * "
	lines := wrap(commentText(tag), maxLine-len(prefix)-4)
	return prefix + strings.Join(lines, "\n"+prefix+"    ")
}

// All is the handshake followed by the operations: the Subject interface's
// methods, in protocol order.
func (api subjectAPI) All() []method { return append([]method{api.Capabilities}, api.Methods...) }

// DocBlock is the method's docblock in the Subject interface.
func (m method) DocBlock(indent string) string {
	lines := []string{indent + "/**", docLines(indent, m.Summary), docLines(indent, "Protocol operation `"+m.Wire+"`."), indent + " *"}
	for _, p := range m.Params {
		tag := "@param " + p.DocType + " $" + p.Name
		if p.Doc != "" {
			tag += " " + p.Doc
		}
		lines = append(lines, docTag(indent, tag))
	}
	lines = append(lines, docTag(indent, "@return "+m.ReturnDoc), indent+" *",
		indent+" * @throws NotProvided when this subject cannot perform the operation", indent+" */")
	return strings.Join(lines, "\n")
}

// RecordsDoc documents every record in the Subject interface's docblock.
func (api subjectAPI) RecordsDoc(indent string) string {
	var lines []string
	for i, r := range api.Records {
		if i > 0 {
			lines = append(lines, indent+" *")
		}
		lines = append(lines, docLines(indent, r.Name+", "+r.Doc+":"))
		for _, f := range r.Fields {
			text := "- " + f.Key + ": " + f.DocType
			if f.Doc != "" {
				text += ", " + f.Doc
			}
			lines = append(lines, docTag(indent, text))
		}
	}
	return strings.Join(lines, "\n")
}

// transportLayout is where the php-sdk's transports live: in the SDK
// itself, so a target maps every operation its tests call.
const transportLayout = backend.TransportsInCore
