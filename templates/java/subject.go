package java

import (
	"fmt"
	"sort"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The subject API in Java, computed from package protocol: the interface
// ConformanceSubject, the records it exchanges, the generic oracle subject
// and the scaffold's method heads. Nothing here names an operation: an
// operation added to protocol appears in all three, and only a Kind this
// file does not know needs a line here.

// oracleClass is the oracle subject's class, which qualifies its static
// methods in method references.
const oracleClass = "OracleConformanceSubject"

// subject is the Java view of the protocol.
type subject struct {
	Operations []subjectOp     // capabilities first, then protocol order
	Records    []subjectRecord // protocol order
	// Uses names the helpers and ConformanceJson factories of the oracle
	// subject that the operations need, so it declares no other.
	Uses map[string]bool
	// JSONImports are the ConformanceJson factories the oracle subject
	// calls, sorted, for its static imports.
	JSONImports []string
}

// subjectOp is one operation as a Java method.
type subjectOp struct {
	Name      string // the wire name; scaffold templates are looked up by it
	Wire      string // the wire name as a Java string literal
	Transport string // the block whose transport provides it, "" for core
	// OtherTarget is the Java string literal a target that does not run the
	// operation's block reports it not provided with (backend.OtherTarget).
	OtherTarget string
	// Default is the Java string expression (a literal, split where long)
	// the interface's default method reports the operation not provided with
	// (backend.DefaultReason), for a scaffold that has no method for it.
	Default string
	// DefaultSaysOtherTarget is true when Default is OtherTarget: a scaffold
	// method that would only report OtherTarget is left out of new scaffolds.
	DefaultSaysOtherTarget bool
	Handshake              bool   // capabilities: each subject answers it for itself
	Method                 string // the Java method name, e.g. idempotencyKey
	Signature              string // "String reencode(String envelope, long attemptsIncrement)", wrapped
	// DefaultSignature is Signature wrapped after "default " instead of "public ".
	DefaultSignature string
	Returns          string   // the Java return type
	ParamTypes       []string // the Java parameter types, in order
	Doc              []string // the Javadoc lines
	Params           []string // the Java parameter names, in order
	Request          string   // oracle: the call(...) expression sending the operation
	Answer           string   // oracle: the expression converting the result object
}

// subjectRecord is one protocol record as a Java record.
type subjectRecord struct {
	Name       string   // the Java record name, e.g. SqsAttribute
	Doc        []string // the Javadoc lines
	Components string   // "(boolean accepted, String reason, ...)", wrapped
	Read       bool     // the oracle subject reads it from an answer
	Write      bool     // the oracle subject writes it into a request
	Reader     string   // oracle: "new X(member(object, ...), ...)", wrapped
	Writer     string   // oracle: "jsonObject(jsonMember(...), ...)", wrapped
	// Extra is Java's own addition to the record's body (javaOnly), "" for none.
	Extra string
}

// javaOnlyPart is Java's own addition to a protocol record: one component
// that never crosses the wire, a constructor without it (so the oracle
// subject and scaffolds written before it still compile), and the accessor
// the tests call instead of the protocol member it guards.
type javaOnlyPart struct {
	Component, Doc string // "String warningsNotProvided" and what it holds
	Guarded        string // the protocol component the accessor guards
	Accessor       string // its declaration and body, at member indent plus 4
}

// javaOnly holds the additions by protocol record name. A scaffold on a core
// without the warnings hook must say "cannot tell" for the warnings alone
// while still answering decode: the forbidden-key tests then skip, the
// cases tests run (the missing-feature rule; Go's WarningsErr).
var javaOnly = map[string]javaOnlyPart{
	"DecodeResult": {Component: "String warningsNotProvided",
		Doc:     "why the subject cannot tell decode's warnings (the SDK has no API that reports them), null when it can",
		Guarded: "warnings",
		Accessor: `/** The warnings; a subject that cannot tell them makes the calling test skip with the reason. */
        List<String> providedWarnings() {
            if (warningsNotProvided != null) {
                throw new NotProvidedException(warningsNotProvided);
            }
            return warnings;
        }`},
}

// Layout of the generated subject code.
const (
	lineWidth    = 100 // where argument lists are wrapped
	memberIndent = 4   // a member of a top-level type
	bodyStart    = 8   // a statement in a method
	contIndent   = 8   // the extra indent of a continuation line
)

// buildSubject computes the Java API of ops (capabilities among them, as
// protocol.All gives them) and records, for the target whose suite is s (the
// defaults' reasons depend on the blocks its tests run).
func buildSubject(s *model.Suite, ops []protocol.Operation, records []protocol.RecordType) (*subject, error) {
	g := &subjectGen{sub: &subject{Uses: map[string]bool{}}, records: map[string]protocol.RecordType{},
		read: map[string]bool{}, write: map[string]bool{}, suite: s}
	for _, r := range records {
		g.records[r.Name] = r
	}
	for _, op := range ops {
		o, err := g.operation(op)
		if err != nil {
			return nil, fmt.Errorf("java subject: operation %s: %w", op.Name, err)
		}
		if o.Handshake {
			g.sub.Operations = append([]subjectOp{o}, g.sub.Operations...)
		} else {
			g.sub.Operations = append(g.sub.Operations, o)
		}
	}
	for _, r := range records {
		rec, err := g.record(r)
		if err != nil {
			return nil, fmt.Errorf("java subject: record %s: %w", r.Name, err)
		}
		g.sub.Records = append(g.sub.Records, rec)
	}
	for name := range g.sub.Uses {
		if strings.HasPrefix(name, "json") && name != "jsonInteger" {
			g.sub.JSONImports = append(g.sub.JSONImports, name)
		}
	}
	sort.Strings(g.sub.JSONImports)
	return g.sub, nil
}

// subjectGen carries what building the subject learns on the way.
type subjectGen struct {
	sub         *subject
	records     map[string]protocol.RecordType
	read, write map[string]bool // records the oracle subject reads, writes
	suite       *model.Suite
}

func (g *subjectGen) operation(op protocol.Operation) (subjectOp, error) {
	method, err := identifier(op.Name, false)
	if err != nil {
		return subjectOp{}, err
	}
	returns, err := g.javaType(op.Result.Type)
	if err != nil {
		return subjectOp{}, err
	}
	o := subjectOp{Name: op.Name, Wire: javaString(op.Name), Transport: op.Transport, Method: method,
		Returns: returns, Handshake: op.Name == protocol.Capabilities.Name}
	o.OtherTarget = javaString(backend.OtherTarget(op.Transport))
	reason := backend.DefaultReason(g.suite, op, transportLayout)
	// "        throw new NotProvidedException(...);"
	o.Default = splitLiteral(javaString(reason), bodyStart+len("throw new NotProvidedException("), len(");"),
		bodyStart+contIndent)
	o.DefaultSaysOtherTarget = reason == backend.OtherTarget(op.Transport)
	var decls, members []string
	var paramDocs [][2]string
	for _, p := range op.Params {
		name, err := identifier(p.Name, false)
		if err != nil {
			return subjectOp{}, err
		}
		typ, err := g.javaType(p.Type)
		if err != nil {
			return subjectOp{}, err
		}
		value, err := g.writer(p.Type, name)
		if err != nil {
			return subjectOp{}, err
		}
		o.Params = append(o.Params, name)
		o.ParamTypes = append(o.ParamTypes, typ)
		decls = append(decls, typ+" "+name)
		members = append(members, g.use("jsonMember")+"("+javaString(p.Name)+", "+value+")")
		if p.Doc != "" {
			paramDocs = append(paramDocs, [2]string{name, p.Doc})
		}
	}
	// The longest context of a signature: "    public T m(...) {".
	o.Signature = fill(memberIndent+len("public "), returns+" "+method+"(", decls, ")", len(" {"), memberIndent+contIndent)
	o.DefaultSignature = fill(memberIndent+len("default "), returns+" "+method+"(", decls, ")", len(" {"),
		memberIndent+contIndent)
	o.Doc = javadoc(sentence(op.Doc), paramDocs)
	if op.OwnLang {
		// the oracle answers for every language: it stamps the one asked
		members = append(members, g.use("jsonMember")+"("+javaString(protocol.OwnLangArg)+", "+g.use("jsonString")+"("+javaString(ownLang)+"))")
	}
	// "        ConformanceJson.Obj result = call(...);"
	g.use("call")
	o.Request = stack(bodyStart+len("ConformanceJson.Obj result = "), "call("+o.Wire, members, len(";"),
		bodyStart+contIndent)
	if o.Answer, err = g.answer(op); err != nil {
		return subjectOp{}, err
	}
	return o, nil
}

// answer converts the result object, "result", to the method's return value.
func (g *subjectGen) answer(op protocol.Operation) (string, error) {
	r := op.Result
	if r.Member == "" {
		if r.Type.Kind != protocol.Record {
			return "", fmt.Errorf("a result without a member must be a Record, not kind %d", r.Type.Kind)
		}
		name, err := g.recordName(r.Type.Record)
		if err != nil {
			return "", err
		}
		g.markRead(r.Type.Record)
		return "read" + name + "(result, " + javaString("the answer to "+op.Name) + ")", nil
	}
	reader, err := g.reader(r.Type)
	if err != nil {
		return "", err
	}
	return g.use("member") + "(result, " + javaString(r.Member) + ", " + reader + ")", nil
}

func (g *subjectGen) record(r protocol.RecordType) (subjectRecord, error) {
	name, err := g.recordName(r.Name)
	if err != nil {
		return subjectRecord{}, err
	}
	rec := subjectRecord{Name: name, Read: g.read[r.Name], Write: g.write[r.Name]}
	var comps, reads, writes []string
	var docs [][2]string
	for _, f := range r.Fields {
		field, err := identifier(f.Name, false)
		if err != nil {
			return subjectRecord{}, err
		}
		typ, err := g.javaType(f.Type)
		if err != nil {
			return subjectRecord{}, err
		}
		comps = append(comps, typ+" "+field)
		if f.Doc != "" {
			docs = append(docs, [2]string{field, f.Doc})
		}
		if rec.Read {
			reader, err := g.reader(f.Type)
			if err != nil {
				return subjectRecord{}, err
			}
			reads = append(reads, g.use("member")+"(object, "+javaString(f.Name)+", "+reader+")")
		}
		if rec.Write {
			value, err := g.writer(f.Type, "value."+field+"()")
			if err != nil {
				return subjectRecord{}, err
			}
			writes = append(writes, g.use("jsonMember")+"("+javaString(f.Name)+", "+value+")")
		}
	}
	protocolComps := comps
	if extra, ok := javaOnly[r.Name]; ok {
		comps = append(append([]string(nil), comps...), extra.Component)
		docs = append(docs, [2]string{strings.Fields(extra.Component)[1], extra.Doc})
		rec.Extra = javaOnlyBody(name, protocolComps, extra)
	}
	rec.Doc = javadoc(sentence(r.Doc), docs)
	// "    record Name(...) {"
	rec.Components = fill(memberIndent+len("record "+name), "(", comps, ")", len(" {"), memberIndent+contIndent)
	// "        return new Name(...);" and "        return jsonObject(...);"
	if rec.Read {
		rec.Reader = stack(bodyStart+len("return "), "new "+name+"(", reads, len(";"), bodyStart+contIndent)
	}
	if rec.Write {
		rec.Writer = stack(bodyStart+len("return "), g.use("jsonObject")+"(", writes, len(";"), bodyStart+contIndent)
	}
	return rec, nil
}

// javaOnlyBody is the record body of extra: the constructor without its
// component, which leaves it null, and the accessor.
func javaOnlyBody(name string, protocolComps []string, extra javaOnlyPart) string {
	var args []string
	for _, c := range protocolComps {
		args = append(args, strings.Fields(c)[len(strings.Fields(c))-1])
	}
	const in = memberIndent + 4
	head := fill(in+len(name), "(", protocolComps, ")", len(" {"), in+contIndent)
	call := stack(in+4+len("this"), "this(", append(args, "null"), len(";"), in+4+contIndent)
	pad := strings.Repeat(" ", in)
	return "\n\n" + pad + "/** Without " + strings.Fields(extra.Component)[1] + ": the subject can tell the " +
		extra.Guarded + ". */\n" + pad + name + head + " {\n" + pad + "    " + call + ";\n" + pad + "}\n\n" +
		pad + extra.Accessor
}

// javaType is the Java type of a value of t on the subject interface.
func (g *subjectGen) javaType(t protocol.Type) (string, error) {
	switch t.Kind {
	case protocol.Envelope, protocol.Text, protocol.OptionalText:
		return "String", nil
	case protocol.Integer:
		return "long", nil
	case protocol.OptionalInteger:
		return "Long", nil
	case protocol.Boolean:
		return "boolean", nil
	case protocol.JSONObject, protocol.JSONValue:
		return "ConformanceJson", nil
	case protocol.TextList:
		return "List<String>", nil
	case protocol.BooleanList:
		return "List<Boolean>", nil
	case protocol.TextMap:
		return "Map<String, String>", nil
	}
	name, err := g.recordName(t.Record)
	if err != nil {
		return "", err
	}
	switch t.Kind {
	case protocol.Record, protocol.OptionalRecord:
		return name, nil
	case protocol.RecordList:
		return "List<" + name + ">", nil
	case protocol.RecordMap:
		return "Map<String, " + name + ">", nil
	}
	return "", fmt.Errorf("no Java type for kind %d", t.Kind)
}

// reader is the oracle subject's Reader of a value of t in an answer.
func (g *subjectGen) reader(t protocol.Type) (string, error) {
	scalar := map[protocol.Kind]string{
		protocol.Envelope: "TEXT", protocol.Text: "TEXT", protocol.Integer: "INTEGER",
		protocol.Boolean: "BOOLEAN", protocol.JSONObject: "OBJECT", protocol.JSONValue: "JSON",
		protocol.OptionalText: "nullable(TEXT)", protocol.OptionalInteger: "nullable(INTEGER)",
		protocol.TextList: "list(TEXT)", protocol.BooleanList: "list(BOOLEAN)", protocol.TextMap: "map(TEXT)",
	}
	if r, ok := scalar[t.Kind]; ok {
		for _, helper := range []string{"nullable", "list", "map", "TEXT", "INTEGER", "BOOLEAN", "OBJECT", "JSON"} {
			if strings.Contains(r, helper) {
				g.use(helper)
			}
		}
		return r, nil
	}
	name, err := g.recordName(t.Record)
	if err != nil {
		return "", err
	}
	g.markRead(t.Record)
	ref := oracleClass + "::read" + name
	switch t.Kind {
	case protocol.Record:
		return ref, nil
	case protocol.OptionalRecord:
		return g.use("nullable") + "(" + ref + ")", nil
	case protocol.RecordList:
		return g.use("list") + "(" + ref + ")", nil
	case protocol.RecordMap:
		return g.use("map") + "(" + ref + ")", nil
	}
	return "", fmt.Errorf("no oracle reader for kind %d", t.Kind)
}

// writer is the ConformanceJson expression of the Java value expr of type
// t, as the oracle subject sends it.
func (g *subjectGen) writer(t protocol.Type, expr string) (string, error) {
	switch t.Kind {
	case protocol.Envelope, protocol.Text:
		return g.use("jsonString") + "(" + expr + ")", nil
	case protocol.Integer:
		return g.use("jsonInteger") + "(" + expr + ")", nil
	case protocol.Boolean:
		return g.use("jsonBool") + "(" + expr + ")", nil
	case protocol.JSONObject, protocol.JSONValue:
		return expr, nil
	case protocol.OptionalText:
		return g.use("optionalText") + "(" + expr + ")", nil
	case protocol.OptionalInteger:
		g.use("jsonInteger")
		return g.use("optionalInteger") + "(" + expr + ")", nil
	case protocol.TextList:
		return g.use("writeList") + "(" + expr + ", ConformanceJson::jsonString)", nil
	case protocol.BooleanList:
		return g.use("writeList") + "(" + expr + ", ConformanceJson::jsonBool)", nil
	case protocol.TextMap:
		return g.use("writeMap") + "(" + expr + ", ConformanceJson::jsonString)", nil
	}
	name, err := g.recordName(t.Record)
	if err != nil {
		return "", err
	}
	g.markWrite(t.Record)
	ref := oracleClass + "::write" + name
	switch t.Kind {
	case protocol.Record:
		return "write" + name + "(" + expr + ")", nil
	case protocol.OptionalRecord:
		return g.use("optional") + "(" + expr + ", " + ref + ")", nil
	case protocol.RecordList:
		return g.use("writeList") + "(" + expr + ", " + ref + ")", nil
	case protocol.RecordMap:
		return g.use("writeMap") + "(" + expr + ", " + ref + ")", nil
	}
	return "", fmt.Errorf("no oracle writer for kind %d", t.Kind)
}

// use records that the oracle subject needs helper name, and returns it.
func (g *subjectGen) use(name string) string {
	g.sub.Uses[name] = true
	return name
}

// recordName is the Java name of the protocol record named name.
func (g *subjectGen) recordName(name string) (string, error) {
	if _, ok := g.records[name]; !ok {
		return "", fmt.Errorf("unknown record %q", name)
	}
	return identifier(name, true)
}

// markRead and markWrite note that the oracle subject reads or writes the
// record named name, and so every record among its fields.
func (g *subjectGen) markRead(name string)  { g.mark(name, g.read) }
func (g *subjectGen) markWrite(name string) { g.mark(name, g.write) }

func (g *subjectGen) mark(name string, set map[string]bool) {
	if set[name] {
		return
	}
	set[name] = true
	for _, f := range g.records[name].Fields {
		if f.Type.Record != "" {
			g.mark(f.Type.Record, set)
		}
	}
}

// identifier is a wire name as a Java identifier: lowerCamelCase for
// methods, parameters and record components, UpperCamelCase for types. An
// initialism is one word, as Java spells it: meta_id is metaId,
// SQSAttribute is SqsAttribute, and a product name with capitals inside is
// cased the same way (a word "AbcMQ" makes AbcMq).
func identifier(name string, upper bool) (string, error) {
	var b strings.Builder
	for i, w := range protocol.Words(name) {
		if i == 0 && !upper {
			b.WriteString(strings.ToLower(w))
			continue
		}
		rs := []rune(w)
		for j, r := range rs {
			switch {
			case j == 0:
				r = unicode.ToUpper(r)
			case unicode.IsUpper(rs[j-1]):
				r = unicode.ToLower(r)
			}
			b.WriteRune(r)
		}
	}
	id := b.String()
	if !isASCIIIdentifier(id) || keywordSet[id] {
		return "", fmt.Errorf("%q does not make a Java identifier (%q)", name, id)
	}
	return id, nil
}

// sentence is a protocol doc phrase as a Javadoc sentence: capitalised,
// ending in a full stop.
func sentence(doc string) string {
	doc = strings.TrimSpace(doc)
	if doc == "" {
		return ""
	}
	doc = strings.ToUpper(doc[:1]) + doc[1:]
	if !strings.HasSuffix(doc, ".") {
		doc += "."
	}
	return doc
}

// javadoc is the lines of a Javadoc comment: the escaped, wrapped text,
// then one @param per documented parameter or component.
func javadoc(text string, params [][2]string) []string {
	lines := docLines(text)
	if len(params) > 0 && len(lines) > 0 {
		lines = append(lines, "")
	}
	for _, p := range params {
		wrapped := wrap("@param "+p[0]+" "+commentText(p[1]), docWidth)
		for i := 1; i < len(wrapped); i++ {
			wrapped[i] = "       " + wrapped[i] // under the parameter's description
		}
		lines = append(lines, wrapped...)
	}
	return lines
}

// fill writes head, then items separated by ", ", then closing, wrapping
// before an item that would pass lineWidth onto a new line at indent; a
// string literal still too long there is split (splitLiteral). col
// is the column head starts at, and tail the width of what follows closing
// on its line.
func fill(col int, head string, items []string, closing string, tail, indent int) string {
	var b strings.Builder
	b.WriteString(head)
	width := col + len(head)
	for i, item := range items {
		end := ","
		if i == len(items)-1 {
			end = closing
			if tail > 0 {
				end += strings.Repeat(" ", tail) // reserve, never written
			}
		}
		sep := ""
		if i > 0 {
			sep = " "
		}
		if i > 0 && width+len(sep)+len(item)+len(end) > lineWidth {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			width, sep = indent, ""
		}
		item = splitLiteral(item, width+len(sep), len(end), indent+contIndent)
		b.WriteString(sep + item)
		if nl := strings.LastIndexByte(item, '\n'); nl >= 0 {
			width = len(item) - nl - 1
		} else {
			width += len(sep) + len(item)
		}
		if i < len(items)-1 {
			b.WriteString(",")
			width++
		}
	}
	b.WriteString(closing)
	return b.String()
}

// stack is the call head(items...) on one line when it fits lineWidth, and
// otherwise with each item on a line of its own at indent. head holds the
// opening parenthesis and any first argument that stays on its line
// ("call(\"decode\""), so items continue it after a comma.
func stack(col int, head string, items []string, tail, indent int) string {
	open := head
	if !strings.HasSuffix(head, "(") && len(items) > 0 {
		open += ", "
	}
	if line := open + strings.Join(items, ", ") + ")"; col+len(line)+tail <= lineWidth {
		return line
	}
	pad := "\n" + strings.Repeat(" ", indent)
	return strings.TrimSuffix(open, " ") + pad + strings.Join(items, ","+pad) + ")"
}

// transportLayout is where the Java SDK's transports live: each broker's is
// an artifact of its own (babelqueue-java-kafka, ...), so a core target
// leaves their operations to those targets even though it generates their
// tests.
const transportLayout = backend.TransportsApart
