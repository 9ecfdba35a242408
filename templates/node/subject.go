package node

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The subject API in TypeScript, computed from the protocol: method,
// parameter and type names and native types for every protocol.Operation and
// protocol.RecordType. Nothing here names an operation, so an operation added
// to the protocol appears in the subject interface, the oracle subject and
// the scaffold's stubs with no edit here (a new protocol.Kind needs a case in
// nativeType).

// subjectView is the subject API: the capabilities handshake, the operations
// in protocol order and the records they exchange.
type subjectView struct {
	Capabilities methodView
	Operations   []methodView
	Records      []recordView
	// OracleTypes lists, sorted, the subject-file types the oracle subject
	// names: ConformanceSubject and the types of every signature.
	OracleTypes []string
}

// methodView is one subject method.
type methodView struct {
	Name      string // the wire name, e.g. idempotency_key
	OpLiteral string // the wire name as a string literal
	Method    string // the TypeScript method, e.g. idempotencyKey
	Transport string // the broker block providing it; "" for the core
	Doc       string // the JSDoc comment, indented for a class or interface member
	// Signature is the method's name and parameters, e.g.
	// reencode(envelope: string, attemptsIncrement: number), broken over
	// lines when it would be long.
	Signature string
	// OptionalSignature is Signature as an optional member of the binding's
	// interface: reencode?(envelope: string, attemptsIncrement: number).
	OptionalSignature string
	Result            string // the native type of the answer, e.g. number
	// DefaultEntry is the member of withDefaults' object that answers for the
	// operation: the binding's method, else a default reporting not provided
	// with the target's reason (backend.DefaultReason; set by buildView).
	DefaultEntry string
	// OracleCall is the oracle subject's body: the request, its args object
	// (e.g. { body_attempts: bodyAttempts }) and, when the answer is one
	// member of the wire result, that member's name.
	OracleCall string
	types      []string // the subject-file types the signature names
	paramTypes []string // the native type of each parameter, in order
}

// recordView is one record as a TypeScript interface. Its members keep the
// protocol's wire names, so a wire result is the record as it is.
type recordView struct {
	Name   string
	Doc    string // JSDoc comment
	Fields []fieldView
}

// fieldView is one member of a record.
type fieldView struct {
	Doc, Name, Type string
}

// memberIndent is the indentation of an interface or class member.
const memberIndent = "  "

// buildSubject computes the subject API of ops and records.
func buildSubject(ops []protocol.Operation, records []protocol.RecordType) (subjectView, error) {
	known := map[string]bool{}
	var sv subjectView
	for _, r := range records {
		rv, err := buildRecord(r)
		if err != nil {
			return sv, err
		}
		known[r.Name] = true
		sv.Records = append(sv.Records, rv)
	}
	seen := map[string]bool{"ConformanceSubject": true}
	for i, op := range append([]protocol.Operation{protocol.Capabilities}, ops...) {
		mv, err := buildMethod(op, known)
		if err != nil {
			return sv, fmt.Errorf("node: operation %s: %w", op.Name, err)
		}
		for _, t := range mv.types {
			seen[t] = true
		}
		if i == 0 {
			sv.Capabilities = mv
		} else {
			sv.Operations = append(sv.Operations, mv)
		}
	}
	sv.OracleTypes = sortedKeys(seen)
	return sv, nil
}

// buildMethod computes one operation's method.
func buildMethod(op protocol.Operation, records map[string]bool) (methodView, error) {
	mv := methodView{Name: op.Name, OpLiteral: tsString(op.Name), Method: lowerCamel(op.Name), Transport: op.Transport}
	var params, args, paramDocs []string
	for _, p := range op.Params {
		typ, refs, err := nativeType(p.Type, records, true)
		if err != nil {
			return mv, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		name := lowerCamel(p.Name)
		params = append(params, name+": "+typ)
		mv.paramTypes = append(mv.paramTypes, typ)
		if arg := tsPropertyName(p.Name); arg == name {
			args = append(args, name) // shorthand: { envelope }
		} else {
			args = append(args, arg+": "+name)
		}
		mv.types = append(mv.types, refs...)
		if p.Doc != "" {
			paramDocs = append(paramDocs, "@param "+name+" "+p.Doc)
		}
	}
	result, refs, err := nativeType(op.Result.Type, records, false)
	if err != nil {
		return mv, fmt.Errorf("result: %w", err)
	}
	mv.Result, mv.types = result, append(mv.types, refs...)
	if op.Result.Member == "" && op.Result.Type.Kind != protocol.Record {
		return mv, fmt.Errorf("a result without a member must be a record")
	}
	mv.Signature = layoutList(memberIndent, mv.Method+"(", params, ")", len("async : Promise<> {")+len(result))
	mv.OptionalSignature = layoutList(memberIndent, mv.Method+"?(", params, ")", len(": Awaitable<>;")+len(result))
	if op.OwnLang {
		// the oracle answers for every language: it stamps the one asked
		args = append(args, tsPropertyName(protocol.OwnLangArg)+": "+tsString(ownLang))
	}
	mv.OracleCall = oracleCall(mv, op.Result.Member, args)
	mv.Doc, err = jsDoc(append([]string{sentence(withParamNames(op.Doc, op.Params))}, paramDocs...), memberIndent)
	return mv, err
}

// oracleCall is the statement that forwards a method to the oracle: the
// operation, its args object and the member holding the answer, if any.
func oracleCall(mv methodView, member string, args []string) string {
	indent := memberIndent + "  "
	request := "{}"
	if len(args) > 0 {
		request = "{ " + strings.Join(args, ", ") + " }"
	}
	items := []string{mv.OpLiteral, request}
	if member != "" {
		items = append(items, tsString(member))
	}
	open := "return this.#call<" + mv.Result + ">("
	call := layoutList(indent, open, items, ");", 0)
	if longest(call) > lineLimit {
		items[1] = layoutList(indent, "{", args, "}", 0)
		call = layoutList(indent, open, items, ");", 0)
	}
	return call
}

// longest is the length in runes of the longest line of text.
func longest(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		n = max(n, utf8.RuneCountInString(line))
	}
	return n
}

// withDefaultReasons sets the DefaultEntry of every operation of api (laid
// out from protocol.Operations, in its order) for the target whose suite is s.
func withDefaultReasons(api *subjectView, s *model.Suite) {
	for i, op := range protocol.Operations {
		m := &api.Operations[i]
		open := m.Method + ": binding." + m.Method + "?.bind(binding) ?? notProvided("
		items := []string{m.OpLiteral, tsString(backend.DefaultReason(s, op, transportLayout))}
		m.DefaultEntry = layoutList(defaultIndent, open, items, "),", 0)
	}
}

// transportLayout is where @babelqueue/core's transports live: each broker's
// adapter is a package of its own, so a core target leaves their operations
// to the adapters' targets even though it generates their tests.
const transportLayout = backend.TransportsApart

// defaultIndent is the indentation of a member of withDefaults' object.
const defaultIndent = "    "

// withParamNames spells the wire names of params in doc as the method's
// parameter names: "adds attempts_increment" reads "adds attemptsIncrement".
func withParamNames(doc string, params []protocol.Field) string {
	for _, p := range params {
		if name := lowerCamel(p.Name); name != p.Name {
			doc = regexp.MustCompile(`\b`+regexp.QuoteMeta(p.Name)+`\b`).ReplaceAllString(doc, name)
		}
	}
	return doc
}

// notProvidedParts are the members of a record a subject may report as
// NotProvided alone while answering the rest (Node's addition to the
// protocol; it never crosses the wire): a core without a decode warnings
// hook still decodes, so the cases tests run and the forbidden_keys tests
// skip at their warnings.
var notProvidedParts = map[string]map[string]bool{"DecodeResult": {"warnings": true}}

// buildRecord computes one record's interface.
func buildRecord(r protocol.RecordType) (recordView, error) {
	rv := recordView{Name: typeName(r.Name)}
	var err error
	if rv.Doc, err = jsDoc([]string{sentence(r.Doc)}, ""); err != nil {
		return rv, fmt.Errorf("node: record %s: %w", r.Name, err)
	}
	for _, f := range r.Fields {
		typ, _, err := nativeType(f.Type, nil, false)
		if err != nil {
			return rv, fmt.Errorf("node: record %s field %s: %w", r.Name, f.Name, err)
		}
		if notProvidedParts[r.Name][f.Name] {
			typ += " | NotProvided"
		}
		fv := fieldView{Name: tsPropertyName(f.Name), Type: typ}
		if f.Doc != "" {
			if fv.Doc, err = jsDoc([]string{f.Doc}, memberIndent); err != nil {
				return rv, fmt.Errorf("node: record %s field %s: %w", r.Name, f.Name, err)
			}
		}
		rv.Fields = append(rv.Fields, fv)
	}
	return rv, nil
}

// nativeType is the TypeScript type of a protocol type and the subject-file
// types it names. A parameter's list is readonly: the subject only reads it.
// records, when not nil, are the records that may be named.
func nativeType(t protocol.Type, records map[string]bool, param bool) (string, []string, error) {
	record := ""
	switch t.Kind {
	case protocol.Record, protocol.OptionalRecord, protocol.RecordList, protocol.RecordMap:
		if records != nil && !records[t.Record] {
			return "", nil, fmt.Errorf("record %q is not defined", t.Record)
		}
		record = typeName(t.Record)
	}
	list := func(item string) string {
		if param {
			return "readonly " + item + "[]"
		}
		return item + "[]"
	}
	switch t.Kind {
	case protocol.Envelope, protocol.Text:
		return "string", nil, nil
	case protocol.Integer:
		return "number", nil, nil
	case protocol.Boolean:
		return "boolean", nil, nil
	case protocol.OptionalText:
		return "string | null", nil, nil
	case protocol.OptionalInteger:
		return "number | null", nil, nil
	case protocol.JSONObject:
		return "JsonObject", []string{"JsonObject"}, nil
	case protocol.JSONValue:
		return "JsonValue", []string{"JsonValue"}, nil
	case protocol.TextList:
		return list("string"), nil, nil
	case protocol.BooleanList:
		return list("boolean"), nil, nil
	case protocol.TextMap:
		return "{ [name: string]: string }", nil, nil
	case protocol.Record:
		return record, []string{record}, nil
	case protocol.OptionalRecord:
		return record + " | null", []string{record}, nil
	case protocol.RecordList:
		return list(record), []string{record}, nil
	case protocol.RecordMap:
		return "{ [name: string]: " + record + " }", []string{record}, nil
	}
	return "", nil, fmt.Errorf("no TypeScript type for protocol kind %d", t.Kind)
}

// lowerCamel is a wire name as a TypeScript method or parameter name:
// idempotency_key is idempotencyKey, attempts_increment attemptsIncrement.
func lowerCamel(name string) string {
	words := protocol.Words(name)
	if len(words) == 0 {
		return name
	}
	return strings.ToLower(words[0]) + strings.Join(capitalise(words[1:]), "")
}

// typeName is a record name as a TypeScript type name: its words as prose
// spells them, each capitalised (SQSAttribute, RabbitMQPublishing), as the
// AWS and Azure SDKs for JavaScript spell theirs.
func typeName(name string) string {
	return strings.Join(capitalise(protocol.Words(name)), "")
}

// capitalise upper-cases the first letter of every word.
func capitalise(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = upperFirst(w)
	}
	return out
}

func upperFirst(w string) string {
	if w == "" {
		return w
	}
	r, size := utf8.DecodeRuneInString(w)
	return string(unicode.ToUpper(r)) + w[size:]
}

// identifier matches the property names TypeScript accepts unquoted.
var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// tsPropertyName is a wire name as a property name: bare when it is an
// identifier, else a string literal.
func tsPropertyName(name string) string {
	if identifier.MatchString(name) {
		return name
	}
	return tsString(name)
}

// sentence capitalises a protocol doc (a verb or noun phrase) and ends it
// with a full stop.
func sentence(doc string) string {
	if doc == "" {
		return ""
	}
	doc = upperFirst(doc)
	if !strings.HasSuffix(doc, ".") {
		doc += "."
	}
	return doc
}

// jsDoc is a /** ... */ comment of paragraphs, wrapped, each line starting
// with indent. The protocol's prose is trusted but checked: nothing in it may
// end the comment or the line.
func jsDoc(paras []string, indent string) (string, error) {
	var lines []string
	for _, p := range paras {
		if p == "" {
			continue
		}
		if strings.Contains(p, "*/") || strings.ContainsAny(p, "\n\r\u2028\u2029") {
			return "", fmt.Errorf("doc %q would end its comment", p)
		}
		lines = append(lines, wrap(p, docWidth-len(indent)-3)...)
	}
	if len(lines) == 0 {
		return "", nil
	}
	if len(lines) == 1 && len(indent)+len(lines[0])+7 <= docWidth {
		return indent + "/** " + lines[0] + " */\n", nil
	}
	var b strings.Builder
	b.WriteString(indent + "/**\n")
	for _, l := range lines {
		b.WriteString(indent + " * " + l + "\n")
	}
	b.WriteString(indent + " */\n")
	return b.String(), nil
}

// maxLine is the longest line of a generated file. lineLimit is the width
// the code is laid out to: less by the indent of the describe block every
// test file's tests are wrapped in afterwards (renderTestFile), so that a
// test's lines fit too. docWidth is the width doc comments are wrapped to.
const (
	maxLine   = 120
	lineLimit = maxLine - len(describeIndent)
	docWidth  = 100
)

// layoutList lays out open, items separated by commas, and closing: on one
// line when that line (indented by indent, plus reserve characters that
// follow it) fits within lineLimit, else one item per line, indented one
// level further, with a trailing comma; a string literal too long for its
// line is split into a concatenation (splitLiteral). Multi-line items keep
// their lines.
func layoutList(indent, open string, items []string, closing string, reserve int) string {
	flat := open + strings.Join(items, ", ") + closing
	first, _, multi := strings.Cut(flat, "\n")
	if len(items) == 0 || (len(indent)+utf8.RuneCountInString(first)+reserve <= lineLimit && !multi) ||
		(multi && len(indent)+utf8.RuneCountInString(first) <= lineLimit) {
		return flat
	}
	inner := indent + "  "
	lines := make([]string, len(items))
	for i, item := range items {
		lines[i] = splitLiteral(item, inner)
	}
	return strings.TrimRight(open, " ") + "\n" + inner + strings.Join(lines, ",\n"+inner) + ",\n" + indent + strings.TrimLeft(closing, " ")
}

// sortedKeys returns a set's members, sorted.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// scaffoldView is the scaffold's part of the subject: each operation's
// method, with the hand-written mapping onto the SDK where one exists.
// Mappings live in the template of the block an operation serves:
// "scaffold.<operation>" is the body of a core operation's method in the
// core's scaffold, "own.<operation>" that of a broker operation in its
// adapter package's scaffold, and "scaffold.<operation>.not_provided" the
// reason (text) an operation the SDK has no API for reports instead of the
// default one.
type scaffoldView struct {
	Methods []scaffoldMethod
	// Core lists the operations with a mapping, and Transports the
	// "own.<block>" templates of what an adapter package's mappings import
	// and share.
	Core       []string
	Transports []string
	// Types lists, sorted, the subject-file types the scaffold names.
	Types []string
}

// scaffoldMethod is one method of the scaffold.
type scaffoldMethod struct {
	methodView
	Mapping string // the template of its body; "" when there is none
	Reason  string // the template of its not-provided reason; "" for the default
	// Sync and Async are the heads of the method: its signature and result
	// type, as a plain or as an async method.
	Sync, Async string
}

// scaffoldTypes are the subject-file types the scaffold's own code names,
// besides those of the mapped methods' signatures.
var scaffoldTypes = []string{"ConformanceSubject", "JsonValue", "View"}

// buildScaffold lays out the scaffold of api, with the mappings the
// templates define (has reports whether a template exists). For a
// transport target (transport is its broker block) it is the adapter
// package's own scaffold: see buildOwnScaffold. In the core's, a core
// operation maps with "scaffold.<operation>" (else it reports its
// "scaffold.<operation>.not_provided" reason or the default one). A
// broker's operation belongs to its transport target: the scaffold leaves it
// out, and the generated default (withDefaults) says so.
func buildScaffold(api subjectView, transport string, has func(string) bool) (scaffoldView, error) {
	if transport != "" {
		return buildOwnScaffold(api, transport, has), nil
	}
	sc := scaffoldView{}
	types := map[string]bool{}
	for _, t := range scaffoldTypes {
		types[t] = true
	}
	for _, m := range api.Operations {
		sm := scaffoldMethod{methodView: m, Sync: m.Signature + ": " + m.Result, Async: "async " + m.Signature + ": Promise<" + m.Result + ">"}
		switch core := "scaffold." + m.Name; {
		case m.Transport != "":
			continue
		case has(core):
			sm.Mapping = core
			sc.Core = append(sc.Core, m.OpLiteral)
			for _, t := range m.types {
				types[t] = true
			}
		case has(core + ".not_provided"):
			sm.Reason = core + ".not_provided"
		}
		sc.Methods = append(sc.Methods, sm)
	}
	sc.Types = sortedKeys(types)
	return sc, nil
}

// buildOwnScaffold lays out the scaffold of an adapter package (the
// transport target of block): the operations of its broker map onto the
// package's own source with "own.<operation>"; one without reports its
// "scaffold.<operation>.not_provided" reason or the default one. Every
// other operation belongs to another package and is not provided here,
// except one of the core's with a "scaffold.<operation>.not_provided"
// reason: no package has its API, and that reason says why.
// Core lists the mapped operations; "own.<block>" (Transports) is what the
// block's own mappings import and share.
func buildOwnScaffold(api subjectView, block string, has func(string) bool) scaffoldView {
	sc := scaffoldView{}
	types := map[string]bool{"ConformanceSubject": true}
	if has("own." + block) {
		sc.Transports = []string{"own." + block}
	}
	for _, m := range api.Operations {
		sm := scaffoldMethod{methodView: m, Sync: m.Signature + ": " + m.Result, Async: "async " + m.Signature + ": Promise<" + m.Result + ">"}
		switch own, core := "own."+m.Name, "scaffold."+m.Name; {
		case m.Transport == "" && has(core+".not_provided"):
			sm.Reason = core + ".not_provided" // the core lacks it too: no package has its API
		case m.Transport != block:
			continue
		case has(own):
			sm.Mapping = own
		case has(core + ".not_provided"):
			sm.Reason = core + ".not_provided"
		}
		if sm.Mapping != "" {
			sc.Core = append(sc.Core, m.OpLiteral)
			for _, t := range m.types {
				types[t] = true
			}
		}
		sc.Methods = append(sc.Methods, sm)
	}
	sc.Types = sortedKeys(types)
	return sc
}

// All is the capabilities handshake followed by the operations: every method
// the subject interface declares, in protocol order.
func (sv subjectView) All() []methodView {
	return append([]methodView{sv.Capabilities}, sv.Operations...)
}
