package dotnet

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// AuditScaffold reads each scaffold file as C# text (a light parse: the
// methods' heads, not a compiler) against the generated IConformanceSubject.
// Every operation but Capabilities has a default in the interface, so a
// missing method or a public method whose parameter or result types differ
// (C# takes it for an unrelated overload) still builds: the default answers
// and the operation's tests skip, a warning. What does not build is a
// Breaks finding: no Capabilities (it has no default, CS0535), an explicit
// IConformanceSubject.X with another signature (CS0539), or a method that
// differs from the interface's only in nullability, which the compiler
// warns about (CS8766, CS8767) and the SDK's build treats as an error.
func (Backend) AuditScaffold(scaffold map[string][]byte, s *model.Suite, _ backend.Options) []backend.ScaffoldFinding {
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return nil // the generator reports the same error
	}
	api.withDefaults(s, protocol.Operations)
	paths := make([]string, 0, len(scaffold))
	for p := range scaffold {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var findings []backend.ScaffoldFinding
	for _, path := range paths {
		methods := scaffoldMethods(string(scaffold[path]))
		for i, op := range api.Operations {
			calls := op.Handshake || backend.Expects(s, protocol.All()[i], transportLayout)
			if f, ok := auditOperation(op, methods[op.Method], calls); ok {
				f.File = path
				findings = append(findings, f)
			}
		}
	}
	return findings
}

// Stubs is a method per named operation, each reporting not provided until
// the maintainer maps it, ready to paste into the scaffold class.
func (Backend) Stubs(ops []string, _ *model.Suite, _ backend.Options) (string, error) {
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return "", err
	}
	var stubs []string
	for _, name := range ops {
		i := operationIndex(api, name)
		if i < 0 {
			return "", fmt.Errorf("dotnet: no operation %q in the subject protocol", name)
		}
		stubs = append(stubs, stub(api.Operations[i]))
	}
	return strings.Join(stubs, "\n"), nil
}

func operationIndex(api subjectAPI, wire string) int {
	for i, op := range api.Operations {
		if op.Wire == wire {
			return i
		}
	}
	return -1
}

// stub is op's method as the scaffold declares it, reporting not provided;
// the handshake's lists no operation.
func stub(op operationView) string {
	if op.Handshake {
		return "    /// <inheritdoc/>\n    public " + op.Signature + " =>\n" +
			"        new string[] { }; // the operations this scaffold maps, in protocol order\n"
	}
	return "    /// <inheritdoc/>\n    public " + op.Signature + " =>\n" +
		"        throw new NotProvidedException(\n            " + string(op.WireLiteral) + ",\n            " +
		string(csString("not mapped yet: map "+op.Wire+" onto the SDK's API")) + ");\n"
}

// auditOperation is the finding, if any, for operation op given the
// scaffold's methods of its name; calls says the target's tests call it.
func auditOperation(op operationView, found []scaffoldMethod, calls bool) (backend.ScaffoldFinding, bool) {
	want := op.Result + " " + op.Method + "(" + strings.Join(paramTypes(op), ", ") + ")"
	f := backend.ScaffoldFinding{Operation: op.Wire, Stub: stub(op)}
	for _, m := range found {
		if m.matches(op) {
			return f, false
		}
	}
	for _, m := range found {
		switch {
		case m.explicit:
			f.Breaks = true
			f.Problem = m.head() + " matches no member of the generated interface (CS0539): " +
				"declare " + op.Wire + " as " + want
			return f, true
		case m.nullabilityOnly(op):
			f.Breaks = true
			f.Problem = m.head() + " differs from the generated IConformanceSubject." + op.Method +
				" only in nullability (CS8766/CS8767, an error with warnings as errors): declare " + op.Wire + " as " + want
			return f, true
		}
	}
	if op.Handshake {
		f.Breaks = true
		f.Problem = "no " + want + ": the generated IConformanceSubject has no default for it (CS0535)"
		return f, true
	}
	if len(found) > 0 {
		f.Problem = found[0].head() + " does not implement " + op.Wire + ", whose method is now " + want +
			": the interface's default answers not provided (" + unquote(op.Default) + ") and its tests skip; " +
			"change the method to the stub's declaration"
		return f, true
	}
	if !calls {
		return f, false
	}
	f.Problem = "no method " + want + " for " + op.Wire + ", which this target's tests call: the interface's default " +
		"answers not provided (" + unquote(op.Default) + ") and its tests skip; paste the stub and map it onto the SDK"
	return f, true
}

// unquote is the text of a C# string literal csString wrote (printable
// ASCII with \" and \\ escapes; a \u escape stays as written).
func unquote(lit csExpr) string {
	s := strings.TrimSuffix(strings.TrimPrefix(string(lit), `"`), `"`)
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`).Replace(s)
}

func paramTypes(op operationView) []string {
	types := make([]string, len(op.Params))
	for i, p := range op.Params {
		types[i] = p.Type
	}
	return types
}

// scaffoldMethod is one instance method head of the scaffold.
type scaffoldMethod struct {
	explicit bool // IConformanceSubject.Name(...), no access modifier
	result   string
	name     string
	params   []string // the parameter types, as written
}

func (m scaffoldMethod) head() string {
	name := m.name
	if m.explicit {
		name = "IConformanceSubject." + name
	}
	return m.result + " " + name + "(" + strings.Join(m.params, ", ") + ")"
}

// matches reports whether m implements op exactly.
func (m scaffoldMethod) matches(op operationView) bool {
	if typeKey(m.result) != typeKey(op.Result) || len(m.params) != len(op.Params) {
		return false
	}
	for i, p := range op.Params {
		if typeKey(m.params[i]) != typeKey(p.Type) {
			return false
		}
	}
	return true
}

// nullabilityOnly reports whether m has op's CLR signature (C# then takes
// it for op's implementation) with a nullable reference result op's is not,
// or a non-nullable reference parameter op's is not: the compiler warns.
func (m scaffoldMethod) nullabilityOnly(op operationView) bool {
	if len(m.params) != len(op.Params) || clrKey(m.result) != clrKey(op.Result) {
		return false
	}
	warns := isNullable(m.result) && !isNullable(op.Result)
	for i, p := range op.Params {
		if clrKey(m.params[i]) != clrKey(p.Type) {
			return false
		}
		warns = warns || (isNullable(p.Type) && !isNullable(m.params[i]))
	}
	return warns
}

// typeKey is a C# type with its spacing removed.
func typeKey(t string) string { return strings.Join(strings.Fields(t), "") }

// valueTypes are the value types of the subject protocol: for them "?" is
// another CLR type (Nullable<T>), not an annotation.
var valueTypes = map[string]bool{"long": true, "bool": true, "int": true, "double": true}

// clrKey is typeKey without a reference type's nullable annotation.
func clrKey(t string) string {
	k := typeKey(t)
	if base, ok := strings.CutSuffix(k, "?"); ok && !valueTypes[base] {
		return base
	}
	return k
}

func isNullable(t string) bool { return strings.HasSuffix(typeKey(t), "?") }

var (
	// methodHead is an instance method's head up to "(": a public one, or an
	// explicit IConformanceSubject member; static methods are no subject's.
	methodHead = regexp.MustCompile(`(?m)^[ \t]*(?:(public)[ \t]+((?:(?:static|override|virtual|sealed|new|async|unsafe)[ \t]+)*)` +
		`([\w<>\[\]?,. ]+?)[ \t]+(\w+)|([\w<>\[\]?,. ]+?)[ \t]+IConformanceSubject[ \t]*\.[ \t]*(\w+))[ \t]*\(`)
	lineComment  = regexp.MustCompile(`//[^\n]*`)
	blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	stringLit    = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"`)
	attribute    = regexp.MustCompile(`\[[^\]]*\]`)
)

// scaffoldMethods is the scaffold's instance methods by name.
func scaffoldMethods(src string) map[string][]scaffoldMethod {
	src = stringLit.ReplaceAllString(lineComment.ReplaceAllString(blockComment.ReplaceAllString(src, ""), ""), `""`)
	methods := map[string][]scaffoldMethod{}
	heads := methodHead.FindAllStringSubmatchIndex(src, -1)
	for i, at := range heads {
		sub := func(i int) string {
			if at[2*i] < 0 {
				return ""
			}
			return src[at[2*i]:at[2*i+1]]
		}
		m := scaffoldMethod{result: sub(3), name: sub(4)}
		if sub(1) == "" {
			m = scaffoldMethod{explicit: true, result: sub(5), name: sub(6)}
		} else if strings.Contains(sub(2), "static") {
			continue
		}
		params, ok := parameterTypes(src[at[1]:nextHead(heads, i, len(src))])
		if !ok {
			continue
		}
		m.params = params
		methods[m.name] = append(methods[m.name], m)
	}
	return methods
}

// nextHead is where the head after heads[i] starts (end when it is the
// last): a parameter list ends before it, so that the reader reads each
// part of the file once, however many heads never close (C# allows no
// method declaration inside a parameter list).
func nextHead(heads [][]int, i, end int) int {
	if i+1 < len(heads) {
		return heads[i+1][0]
	}
	return end
}

// parameterTypes reads the parameter list that src starts inside (after
// "("), up to its ")", and returns each parameter's type.
func parameterTypes(src string) ([]string, bool) {
	depth, start := 0, 0
	var params []string
	for i, r := range src {
		switch r {
		case '<', '(', '[':
			depth++
		case '>', ']':
			depth--
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			return appendParam(params, src[start:i]), true
		case ',':
			if depth == 0 {
				params = appendParam(params, src[start:i])
				start = i + 1
			}
		}
	}
	return nil, false
}

// appendParam appends the type of the parameter declared by decl (its
// attributes, modifiers, name and default value dropped).
func appendParam(params []string, decl string) []string {
	decl, _, _ = strings.Cut(decl, "=")
	decl = attribute.ReplaceAllString(decl, "")
	words := strings.Fields(decl)
	if len(words) == 0 {
		return params
	}
	for len(words) > 2 && (words[0] == "this" || words[0] == "in" || words[0] == "ref" || words[0] == "params" || words[0] == "scoped") {
		words = words[1:]
	}
	return append(params, strings.Join(words[:len(words)-1], " "))
}
