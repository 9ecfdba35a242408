package python

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/protocol"
)

// The subject API in Python, computed from the protocol: the TypedDict of
// every record, and the method of every operation with its signature, its
// docstring, the request the oracle subject sends and the template of its
// scaffold mapping. Nothing here names an operation or a record: adding one
// to protocol adds it to the Subject protocol, the oracle subject and the
// scaffold (as "not provided" until its block's template maps it).

// subjectAPI is the subject as the support, oracle and scaffold modules lay
// it out.
type subjectAPI struct {
	// Records are the TypedDicts, each after the records its fields use.
	Records []record
	// Methods are capabilities and every operation, in protocol order.
	Methods []method
	// Transports are the blocks whose transport provides an operation, in
	// protocol order: the scaffold includes "scaffold-support.<block>" of
	// each, where a block's template defines module-level helpers.
	Transports []string
	// SignatureRecords are the record classes the signatures name, sorted:
	// what a subject module imports from the support module.
	SignatureRecords []string

	byWire  map[string]*method
	records map[string]protocol.RecordType // by record name
}

// record is one protocol.RecordType as a TypedDict.
type record struct {
	Class  string // PEP 8 CapWords, acronyms in capitals: "SQSAttribute"
	Doc    string // class docstring literal
	Fields []recordField
}

// recordField is one key of a TypedDict; its name is the wire name, since a
// record is the JSON object the protocol exchanges.
type recordField struct {
	Name, Type string
	Doc        string // attribute docstring literal, "" when there is none
}

// method is one operation as a Python method.
type method struct {
	Name     string // snake_case from protocol.Words: "idempotency_key"
	WireLit  string // the operation's wire name as a str literal
	Scaffold string // the template of its scaffold mapping: "scaffold.<wire name>"
	// Unmapped is the template that says why the scaffold cannot map the
	// operation onto the SDK ("not-provided.<wire name>", in its block's
	// template, a sentence of plain text): its stub raises NotProvided with
	// that reason instead of NotProvided's generic one.
	Unmapped string
	// Signature is the def line, wrapped one parameter a line when it would
	// be long at class level (indent 4); continuation lines are relative to
	// column 0 (templates shift them with hang).
	Signature string
	Doc       string // docstring literal, continuation lines at column 0
	// Request is the oracle subject's call, `result = self._call(...)`,
	// wrapped for method level (indent 8) like Signature.
	Request string
	// Result is the expression the oracle subject returns, a cast of
	// result or of its Result.Member.
	Result string
	// NotProvided is the literal a scaffold without a mapping or a reason
	// raises with.
	NotProvided string
	// Records are the record classes the signature names, sorted.
	Records []string
}

// partialParts are the parts of a result an SDK may lack the API for while
// it provides the operation, by record and field, with when: the subject
// puts a NotProvided there (never an empty or default value) and the tests
// that need the part skip with its reason after the checks they can make,
// as Go's WarningsErr does.
var partialParts = map[string]map[string]string{
	"DecodeResult": {"warnings": "the implementation has no way to surface warnings at all"},
}

// lineWidth is where generated code breaks a line (PEP 8's limit for teams
// that agree on longer lines).
const lineWidth = 99

// buildSubject computes the subject of the operations ops (capabilities
// first) over the records records.
func buildSubject(ops []protocol.Operation, records []protocol.RecordType) (*subjectAPI, error) {
	byName := map[string]protocol.RecordType{}
	api := &subjectAPI{byWire: map[string]*method{}, records: byName}
	for _, r := range records {
		byName[r.Name] = r
	}
	ordered, err := recordOrder(records, byName)
	if err != nil {
		return nil, err
	}
	for _, r := range ordered {
		rec, err := buildRecord(r, byName)
		if err != nil {
			return nil, fmt.Errorf("record %s: %w", r.Name, err)
		}
		api.Records = append(api.Records, rec)
	}
	used := map[string]bool{}
	for _, op := range ops {
		mine := map[string]bool{}
		m, err := buildMethod(op, byName, mine)
		if err != nil {
			return nil, fmt.Errorf("operation %s: %w", op.Name, err)
		}
		for class := range mine {
			used[class] = true
			m.Records = append(m.Records, class)
		}
		slices.Sort(m.Records)
		api.Methods = append(api.Methods, m)
		if op.Transport != "" && !slices.Contains(api.Transports, op.Transport) {
			api.Transports = append(api.Transports, op.Transport)
		}
	}
	for i := range api.Methods {
		api.byWire[ops[i].Name] = &api.Methods[i]
	}
	for class := range used {
		api.SignatureRecords = append(api.SignatureRecords, class)
	}
	slices.Sort(api.SignatureRecords)
	return api, nil
}

// method returns the method of op; block views name the operations their
// tests call by the protocol's typed variables.
func (api *subjectAPI) method(op protocol.Operation) (string, error) {
	m, ok := api.byWire[op.Name]
	if !ok {
		return "", fmt.Errorf("operation %s is not in the subject", op.Name)
	}
	return m.Name, nil
}

// recordOrder puts every record after the records its fields name, so the
// support module defines a TypedDict before an annotation refers to it;
// otherwise it keeps protocol order.
func recordOrder(records []protocol.RecordType, byName map[string]protocol.RecordType) ([]protocol.RecordType, error) {
	var out []protocol.RecordType
	state := map[string]int{} // 1: being placed, 2: placed
	var place func(r protocol.RecordType) error
	place = func(r protocol.RecordType) error {
		switch state[r.Name] {
		case 1:
			return fmt.Errorf("record %s contains itself", r.Name)
		case 2:
			return nil
		}
		state[r.Name] = 1
		for _, f := range r.Fields {
			if f.Type.Record == "" {
				continue
			}
			dep, ok := byName[f.Type.Record]
			if !ok {
				return fmt.Errorf("record %s, field %s: unknown record %q", r.Name, f.Name, f.Type.Record)
			}
			if err := place(dep); err != nil {
				return err
			}
		}
		state[r.Name] = 2
		out = append(out, r)
		return nil
	}
	for _, r := range records {
		if err := place(r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func buildRecord(r protocol.RecordType, byName map[string]protocol.RecordType) (record, error) {
	class, err := className(r.Name)
	if err != nil {
		return record{}, err
	}
	rec := record{Class: class, Doc: pyDocText(sentence(r.Doc), docWidth)}
	for _, f := range r.Fields {
		if !isIdentifier(f.Name) || pythonKeywords[f.Name] {
			return record{}, fmt.Errorf("field %q is not a Python identifier: a TypedDict needs one", f.Name)
		}
		typ, err := nativeType(f.Type, byName, nil)
		if err != nil {
			return record{}, fmt.Errorf("field %s: %w", f.Name, err)
		}
		doc := sentence(f.Doc)
		if why, ok := partialParts[r.Name][f.Name]; ok {
			typ = "Union[" + typ + ", NotProvided]"
			doc += " NotProvided when " + why + "."
		}
		field := recordField{Name: f.Name, Type: typ}
		if doc != "" {
			field.Doc = pyDocText(doc, docWidth)
		}
		rec.Fields = append(rec.Fields, field)
	}
	return rec, nil
}

func buildMethod(op protocol.Operation, byName map[string]protocol.RecordType, used map[string]bool) (method, error) {
	name := identifier(op.Name)
	if !isIdentifier(name) {
		return method{}, fmt.Errorf("%q makes no Python method name", op.Name)
	}
	returns, err := nativeType(op.Result.Type, byName, used)
	if err != nil {
		return method{}, fmt.Errorf("result: %w", err)
	}
	params := []string{"self"}
	args := []string{}
	var argDocs []string
	for _, p := range op.Params {
		pname := identifier(p.Name)
		if !isIdentifier(pname) {
			return method{}, fmt.Errorf("parameter %q makes no Python name", p.Name)
		}
		typ, err := nativeType(p.Type, byName, used)
		if err != nil {
			return method{}, fmt.Errorf("parameter %s: %w", p.Name, err)
		}
		params = append(params, pname+": "+typ)
		args = append(args, pyString(p.Name)+": "+pname)
		if p.Doc != "" {
			argDocs = append(argDocs, pname+": "+sentence(p.Doc))
		}
	}
	if op.OwnLang {
		// the oracle answers for every language: it stamps the one asked
		args = append(args, pyString(protocol.OwnLangArg)+": "+pyString(ownLang))
	}
	doc := sentence(op.Doc)
	if len(argDocs) > 0 {
		doc += "\n\nArgs:\n" + strings.Join(indentEach(argDocs, "    "), "\n")
	}
	result := "result"
	if op.Result.Member != "" {
		result += "[" + pyString(op.Result.Member) + "]"
	}
	return method{
		Name:        name,
		WireLit:     pyString(op.Name),
		Scaffold:    "scaffold." + op.Name,
		Unmapped:    "not-provided." + op.Name,
		Signature:   wrapCall(4, "def "+name+"(", params, ") -> "+returns+":"),
		Doc:         pyDocText(doc, docWidth),
		Request:     wrapCall(8, "result = self._call("+pyString(op.Name)+", {", args, "})"),
		Result:      "cast(" + returns + ", " + result + ")",
		NotProvided: pyString(op.Name + " is not mapped onto the babelqueue SDK in this scaffold"),
	}, nil
}

// nativeType is the annotation of a protocol type; used collects the
// record classes it names.
func nativeType(t protocol.Type, byName map[string]protocol.RecordType, used map[string]bool) (string, error) {
	class := ""
	if t.Record != "" {
		r, ok := byName[t.Record]
		if !ok {
			return "", fmt.Errorf("unknown record %q", t.Record)
		}
		var err error
		if class, err = className(r.Name); err != nil {
			return "", err
		}
		if used != nil {
			used[class] = true
		}
	}
	switch t.Kind {
	case protocol.Envelope, protocol.Text:
		return "str", nil
	case protocol.Integer:
		return "int", nil
	case protocol.Boolean:
		return "bool", nil
	case protocol.OptionalText:
		return "Optional[str]", nil
	case protocol.OptionalInteger:
		return "Optional[int]", nil
	case protocol.JSONObject:
		return "dict[str, Any]", nil
	case protocol.JSONValue:
		return "Any", nil
	case protocol.TextList:
		return "list[str]", nil
	case protocol.BooleanList:
		return "list[bool]", nil
	case protocol.TextMap:
		return "dict[str, str]", nil
	}
	if class == "" {
		return "", fmt.Errorf("kind %d has no Python type", t.Kind)
	}
	switch t.Kind {
	case protocol.Record:
		return class, nil
	case protocol.OptionalRecord:
		return "Optional[" + class + "]", nil
	case protocol.RecordList:
		return "list[" + class + "]", nil
	case protocol.RecordMap:
		return "dict[str, " + class + "]", nil
	}
	return "", fmt.Errorf("kind %d has no Python type", t.Kind)
}

// identifier is a method or parameter name: the words of a wire name in
// lower case, joined by underscores, with PEP 8's trailing underscore when
// that is a keyword.
func identifier(wire string) string {
	words := protocol.Words(wire)
	for i, w := range words {
		words[i] = strings.ToLower(w)
	}
	name := strings.Join(words, "_")
	if pythonKeywords[name] {
		name += "_"
	}
	return name
}

// className is a record's class name in CapWords; initialisms stay in
// capitals, as PEP 8 asks ("RabbitMQPublishing", "SQSAttribute").
func className(name string) (string, error) {
	var b strings.Builder
	for _, w := range protocol.Words(name) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	class := b.String()
	if !isIdentifier(class) || pythonKeywords[class] {
		return "", fmt.Errorf("record %q makes no Python class name", name)
	}
	return class, nil
}

// isIdentifier reports whether s is an ASCII Python identifier.
func isIdentifier(s string) bool {
	if s == "" || ('0' <= s[0] && s[0] <= '9') {
		return false
	}
	for _, r := range s {
		if r > unicode.MaxASCII || !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// pythonKeywords are the names Python reserves (hard keywords and the
// constants).
var pythonKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
}

// sentence capitalises a doc phrase of the protocol, unless it starts with
// a name from code ("meta.id"), and ends it with a full stop.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	if first, _, _ := strings.Cut(s, " "); !strings.ContainsAny(first, "._") {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

func indentEach(lines []string, prefix string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = prefix + l
	}
	return out
}

// wrapCall lays out open + items joined by ", " + close at column indent on
// one line when it fits lineWidth and no item spans lines, else one item a
// line, each indented four (an item's own continuation lines with it) and
// ending with a comma, and close on a line of its own. Continuation lines
// are indented relative to column 0; templates shift them with hang.
func wrapCall(indent int, open string, items []string, close string) string {
	one := open + strings.Join(items, ", ") + close
	if (indent+len(one) <= lineWidth && !strings.Contains(one, "\n")) || len(items) == 0 {
		return one
	}
	var b strings.Builder
	b.WriteString(open)
	for _, item := range items {
		b.WriteString("\n    " + hang(4, item) + ",")
	}
	b.WriteString("\n" + close)
	return b.String()
}

// resultRecord is the record op answers with as a whole (its Result has no
// Member and is a Record): the result a test reads members of.
func (api *subjectAPI) resultRecord(op protocol.Operation) (protocol.RecordType, error) {
	if op.Result.Member != "" || op.Result.Type.Kind != protocol.Record {
		return protocol.RecordType{}, fmt.Errorf("operation %s does not answer with a record", op.Name)
	}
	r, ok := api.records[op.Result.Type.Record]
	if !ok {
		return protocol.RecordType{}, fmt.Errorf("operation %s: unknown record %q", op.Name, op.Result.Type.Record)
	}
	return r, nil
}
