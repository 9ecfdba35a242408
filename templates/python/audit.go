package python

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The scaffold audit reads the SDK's scaffold module as text (bqgen runs no
// Python to read it): the class subject() returns, the methods at its body's
// indentation, and each method's parameter list. It finds what would make
// a generated test fail to call the scaffold, not what a type checker would
// say: Python calls a method whatever its annotations, and an operation the
// class lacks answers from SubjectDefaults (the tests reach the subject
// through with_defaults), so only a call the method cannot take breaks.

var _ backend.ScaffoldAuditor = Backend{}

// AuditScaffold reports each operation the target's tests call that the
// scaffold's subject class has no method for (a warning: its default
// answers, and its tests skip), and each method the tests' call would raise
// TypeError on (Breaks), and a scaffold without subject() (Breaks: the test
// modules import it).
func (Backend) AuditScaffold(scaffold map[string][]byte, s *model.Suite, opt backend.Options) []backend.ScaffoldFinding {
	if opt.Binding == backend.BindOracle {
		return nil
	}
	l := layoutOfBlocks(s.Blocks())
	path := l.path(l.Scaffold)
	src, ok := scaffold[path]
	if !ok {
		return nil
	}
	api, err := buildSubject(protocol.All(), protocol.Records)
	if err != nil {
		return []backend.ScaffoldFinding{{File: path, Breaks: true, Problem: "the protocol makes no Python subject: " + err.Error()}}
	}
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	class, found := subjectClass(text)
	if !found {
		return []backend.ScaffoldFinding{{File: path, Breaks: true,
			Problem: path + " defines no function subject(): the generated tests import it from " + l.Scaffold,
			Stub:    "def subject() -> Subject:\n    return SdkSubject()\n"}}
	}
	methods := classMethods(text, class)
	var out []backend.ScaffoldFinding
	for i, op := range protocol.All() {
		if !backend.Expects(s, op, transportLayout) {
			continue
		}
		m := api.Methods[i]
		if f, bad := auditMethod(text, class, methods, op, m); bad {
			f.File = path
			out = append(out, f)
		}
	}
	return out
}

// auditMethod is the finding about the scaffold's method for op, if any.
func auditMethod(text, class string, methods map[string]params, op protocol.Operation, m method) (backend.ScaffoldFinding, bool) {
	got, ok := methods[m.Name]
	if !ok {
		problem := fmt.Sprintf("%s has no method %s: its tests skip with %q until it maps %s onto the SDK",
			class, m.Name, backend.ScaffoldPredates(op), op.Name)
		if missing := unimported(text, m.Records); len(missing) > 0 {
			problem += "; the stub names " + strings.Join(missing, ", ") + ", which the scaffold must import from the support module"
		}
		return backend.ScaffoldFinding{Operation: op.Name, Problem: problem, Stub: stub(m)}, true
	}
	why := got.rejects(op, keywordCalls[op.Name])
	if why == "" {
		return backend.ScaffoldFinding{}, false
	}
	return backend.ScaffoldFinding{Operation: op.Name, Breaks: true,
		Problem: fmt.Sprintf("%s.%s %s: the generated tests of %s would raise TypeError; change its def to the stub",
			class, m.Name, why, op.Name),
		Stub: "    " + hang(4, m.Signature) + "\n"}, true
}

// stub is the method of m, ready to paste into the subject class: its def
// and a body that reports the operation not provided yet.
func stub(m method) string {
	return "    " + hang(4, m.Signature) + "\n" +
		raiseNotProvided("not mapped yet: map "+strings.Trim(m.WireLit, `"`)+" onto the SDK's API")
}

// unimported are the classes of names that text never mentions.
func unimported(text string, names []string) []string {
	var out []string
	for _, n := range names {
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(n) + `\b`).MatchString(text) {
			out = append(out, n)
		}
	}
	return out
}

// Stubs is the method of each named operation, in the order given, for the
// subject class.
func (Backend) Stubs(ops []string, s *model.Suite, opt backend.Options) (string, error) {
	all := protocol.All()
	api, err := buildSubject(all, protocol.Records)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for i, name := range ops {
		m, ok := api.byWire[name]
		if !ok {
			return "", fmt.Errorf("python: no operation %q in the subject protocol", name)
		}
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(stub(*m))
	}
	return b.String(), nil
}

var (
	subjectFunc = regexp.MustCompile(`(?m)^def subject\(\)[^:\n]*:\s*\n((?:[ \t]+.*\n|[ \t]*\n)*)`)
	returnCall  = regexp.MustCompile(`return\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(`)
	defLine     = regexp.MustCompile(`^(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(`)
)

// subjectClass is the class the module's subject() instantiates
// ("SdkSubject" when its return names no class); false when there is no
// subject().
func subjectClass(text string) (string, bool) {
	m := subjectFunc.FindStringSubmatch(text + "\n")
	if m == nil {
		return "", false
	}
	if r := returnCall.FindStringSubmatch(m[1]); r != nil {
		return r[1], true
	}
	return "SdkSubject", true
}

// classMethods are the parameters of each method defined in the body of the
// top-level class name, by method name.
func classMethods(text, name string) map[string]params {
	out := map[string]params{}
	head := regexp.MustCompile(`(?m)^class\s+` + regexp.QuoteMeta(name) + `\b[^\n]*\n`)
	loc := head.FindStringIndex(text)
	if loc == nil {
		return out
	}
	defs := classDefs(text, loc[1])
	for i, d := range defs {
		// A parameter list ends before the next def, so that each part of
		// the file is read once, however many lists never close.
		end := len(text)
		if i+1 < len(defs) {
			end = defs[i+1].line
		}
		out[d.name] = parseParams(text[d.open:end])
	}
	return out
}

// classDef is one def of a class body: its name, where its line starts
// and where its parameter list opens (after the parenthesis).
type classDef struct {
	name       string
	line, open int
}

// classDefs are the defs at the indent of the class body that starts at
// offset of text, to the body's end (the next top-level statement).
func classDefs(text string, offset int) []classDef {
	var defs []classDef
	indent := ""
	for _, line := range strings.SplitAfter(text[offset:], "\n") {
		trimmed := strings.TrimLeft(line, " \t")
		blank := strings.TrimSpace(line) == "" || strings.HasPrefix(trimmed, "#")
		switch {
		case blank:
		case len(trimmed) == len(line):
			return defs // the class ends at the next top-level statement
		case indent == "":
			indent = line[:len(line)-len(trimmed)]
			fallthrough
		default:
			if d := defLine.FindStringSubmatchIndex(trimmed); d != nil && line[:len(line)-len(trimmed)] == indent {
				defs = append(defs, classDef{name: trimmed[d[2]:d[3]], line: offset,
					open: offset + len(line) - len(trimmed) + d[1]})
			}
		}
		offset += len(line)
	}
	return defs
}
