package node

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The scaffold audit reads conformance-binding.ts as text: a class member
// is a line indented two spaces that opens a method, and its parameter list
// is read up to the matching parenthesis. That is all tsc needs to accept the
// scaffold against the binding interface, where every operation is optional:
// a missing method is answered by its generated default (a warning), and
// only a method tsc would reject breaks the build.

// AuditScaffold reports each operation the target's tests call that the
// scaffold has no method for (but a broker's in a core target, which its
// transport target maps) (a warning, with the method to paste), and each
// method whose parameters tsc would reject against the protocol's (Breaks,
// with the declaration to change it to).
func (Backend) AuditScaffold(scaffold map[string][]byte, s *model.Suite, opt backend.Options) []backend.ScaffoldFinding {
	src, ok := scaffold[bindingFile]
	if !ok || opt.Binding != backend.BindSDK {
		return nil
	}
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return nil
	}
	methods := scaffoldMethods(string(src))
	var out []backend.ScaffoldFinding
	for i, op := range protocol.Operations {
		m := api.Operations[i]
		params, found := methods[m.Method]
		switch {
		case !found && backend.Expects(s, op, transportLayout):
			out = append(out, backend.ScaffoldFinding{File: bindingFile, Operation: op.Name,
				Problem: fmt.Sprintf("the scaffold has no method %s for operation %s: its tests skip with %q until it is mapped",
					m.Method, op.Name, backend.DefaultReason(s, op, transportLayout)),
				Stub: stub(m)})
		case found:
			if problem := paramProblem(params, m.paramTypes); problem != "" {
				out = append(out, backend.ScaffoldFinding{File: bindingFile, Operation: op.Name, Breaks: true,
					Problem: fmt.Sprintf("method %s (operation %s) no longer matches the protocol: %s; declare it as below",
						m.Method, op.Name, problem),
					Stub: m.Signature + ": Awaitable<" + m.Result + ">"})
			}
		}
	}
	return out
}

// Stubs returns, for each named operation, a method reporting it not
// provided, to paste into the scaffold's class and map onto the SDK.
func (Backend) Stubs(ops []string, s *model.Suite, opt backend.Options) (string, error) {
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, name := range ops {
		i := slices.IndexFunc(protocol.Operations, func(op protocol.Operation) bool { return op.Name == name })
		if i < 0 {
			return "", fmt.Errorf("node: no operation %q in the protocol", name)
		}
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(stub(api.Operations[i]))
	}
	return b.String(), nil
}

// stub is the method of one operation, reporting it not mapped yet.
func stub(m methodView) string {
	reason := tsString("not mapped yet: map " + m.Name + " onto the SDK's API")
	return m.Doc + memberIndent + m.Signature + ": " + m.Result + " {\n" +
		memberIndent + "  throw new NotProvided(" + m.OpLiteral + ", " + reason + ");\n" +
		memberIndent + "}\n"
}

// memberHead opens a class member method: its name and parenthesis.
var memberHead = regexp.MustCompile(`(?m)^  (?:async )?([A-Za-z_$][A-Za-z0-9_$]*)\(`)

// subjectClass opens the class that implements the binding interface.
var subjectClass = regexp.MustCompile(`(?m)^(?:export )?class [A-Za-z_$][A-Za-z0-9_$]*[^{]*\bConformanceSubject\b[^{]*\{`)

// scaffoldMethods maps each method of the scaffold's class (the whole file
// when it has none) to the types of its parameters, as written. Only the
// class is read: a type literal elsewhere may declare a method of the same
// name (the core scaffold's codec declares decode).
func scaffoldMethods(src string) map[string][]string {
	if loc := subjectClass.FindStringIndex(src); loc != nil {
		src = balanced(src[loc[1]:])
	}
	out := map[string][]string{}
	heads := memberHead.FindAllStringSubmatchIndex(src, -1)
	for i, loc := range heads {
		name := src[loc[2]:loc[3]]
		// A parameter list ends before the next member's head, so that each
		// part of the file is read once, however many lists never close.
		end := len(src)
		if i+1 < len(heads) {
			end = heads[i+1][0]
		}
		list := balanced(src[loc[1]:end])
		var types []string
		for _, p := range splitTop(list, ',') {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			typ := ""
			if parts := splitTop(p, ':'); len(parts) > 1 {
				typ = strings.Join(parts[1:], ":")
			}
			typ, _, _ = strings.Cut(typ, "=") // a default value
			types = append(types, normalType(typ))
		}
		out[name] = types
	}
	return out
}

// balanced is the text of src up to the parenthesis that closes the one
// just before it.
func balanced(src string) string {
	depth := 1
	for i, r := range src {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth--; depth == 0 {
				return src[:i]
			}
		}
	}
	return src
}

// splitTop splits s at sep outside brackets and angle brackets.
func splitTop(s string, sep rune) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case r == '>' && i > 0 && s[i-1] == '=': // an arrow, not a closing angle bracket
		case strings.ContainsRune("([{<", r):
			depth++
		case strings.ContainsRune(")]}>", r):
			depth--
		case r == sep && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// normalType is a parameter type with its spacing and readonly dropped: how
// two spellings of one type compare.
func normalType(t string) string {
	t = strings.Join(strings.Fields(t), " ")
	return strings.TrimSpace(strings.ReplaceAll(t+" ", "readonly ", ""))
}

// aliases expands the subject file's JSON types into the union members tsc
// compares them by.
var aliases = map[string][]string{
	"JsonValue": {"null", "boolean", "number", "string", "JsonValue[]", "JsonObject"},
}

// paramProblem says why tsc would reject a method with parameters got where
// the interface declares want, or "" when it accepts it. A method's
// parameters are compared both ways (bivariantly): a type is accepted when
// either one's union members include the other's, or when either is unknown
// or any. An untyped parameter (implicitly any) is accepted.
func paramProblem(got, want []string) string {
	if len(got) > len(want) {
		return fmt.Sprintf("it takes %d parameters, the protocol passes %d", len(got), len(want))
	}
	for i, g := range got {
		g, w := normalType(g), normalType(want[i])
		if g == "" || g == w || g == "any" || g == "unknown" {
			continue
		}
		gs, ws := unionMembers(g), unionMembers(w)
		if !subset(gs, ws) && !subset(ws, gs) {
			return fmt.Sprintf("parameter %d is %s, the protocol's is %s", i+1, g, w)
		}
	}
	return ""
}

// unionMembers is a type's top-level union members, aliases expanded.
func unionMembers(t string) []string {
	var out []string
	for _, m := range splitTop(t, '|') {
		m = strings.TrimSpace(m)
		if expanded, ok := aliases[m]; ok {
			out = append(out, expanded...)
			continue
		}
		out = append(out, m)
	}
	return out
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}
