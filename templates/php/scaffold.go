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

// The scaffold audit: SdkSubject.php read as text against the methods the
// generated SubjectDefaults declares. A scaffold that extends SubjectDefaults
// (written by this bqgen) is checked by PHP's inheritance rules when it is
// loaded: an incompatible override is a fatal error for every test. One
// written before it implements Subject method by method: a method it lacks
// is answered by the default (SkippingSubject), and an incompatible one
// loads but throws a TypeError at each call.

var _ backend.ScaffoldAuditor = Backend{}

// scaffoldMethod is a method as the scaffold declares it.
type scaffoldMethod struct {
	Params  []string // each "type $name[ = default]", as written
	Returns string   // the return type, "" when it declares none
	Text    string   // the declaration, for the finding
}

var (
	// phpBlockComment and phpLineComment are removed before the
	// declarations are read, so a commented-out method is not one.
	phpBlockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	phpLineComment  = regexp.MustCompile(`(?m)^\s*(//|#).*$`)
	// phpFunction opens a method declaration: its name, up to the
	// parenthesis of its parameters.
	phpFunction = regexp.MustCompile(`\bfunction\s+&?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(`)
	// phpReturn is what follows the parameters: the return type, if any,
	// up to the body or the semicolon.
	phpReturn = regexp.MustCompile(`^\s*(?::\s*([^{;]+?))?\s*[{;]`)
	// extendsDefaults is the class clause of a scaffold that extends the
	// generated defaults.
	extendsDefaults = regexp.MustCompile(`\bclass\s+SdkSubject\s+extends\s+(?:\\?[A-Za-z0-9_\\]*\\)?SubjectDefaults\b`)
)

// scaffoldMethods are the methods src declares, by lower-case name (PHP's
// method names are case-insensitive).
func scaffoldMethods(src string) map[string]scaffoldMethod {
	src = phpLineComment.ReplaceAllString(phpBlockComment.ReplaceAllString(src, ""), "")
	out := map[string]scaffoldMethod{}
	heads := phpFunction.FindAllStringSubmatchIndex(src, -1)
	for i, loc := range heads {
		// A declaration ends before the next function's head, so that
		// each part of the file is read once, however many parameter
		// lists never close or no body follows.
		next := len(src)
		if i+1 < len(heads) {
			next = heads[i+1][0]
		}
		params, end := phpParams(src[:next], loc[1])
		ret := phpReturn.FindStringSubmatch(src[end:next])
		if ret == nil {
			continue
		}
		text := src[loc[0] : end+len(ret[0])-1]
		out[strings.ToLower(src[loc[2]:loc[3]])] = scaffoldMethod{Params: params, Returns: strings.TrimSpace(ret[1]),
			Text: strings.Join(strings.Fields(text), " ")}
	}
	return out
}

// phpParams splits the parameter list starting at src[start] (after its
// parenthesis) at the commas outside brackets and strings, and returns the
// parameters and the offset after the closing parenthesis.
func phpParams(src string, start int) ([]string, int) {
	var params []string
	depth, from := 0, start
	var quote byte
	for i := start; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(' || c == '[':
			depth++
		case (c == ')' || c == ']') && depth > 0:
			depth--
		case c == ')' || (c == ',' && depth == 0):
			if p := strings.TrimSpace(src[from:i]); p != "" {
				params = append(params, p)
			}
			if c == ')' {
				return params, i + 1
			}
			from = i + 1
		}
	}
	return params, len(src)
}

// AuditScaffold reports the operations the target's tests call that
// SdkSubject.php has no method for (a warning: the default answers), and
// every method declared incompatibly with SubjectDefaults (Breaks), as the
// interface's handshake missing is.
func (Backend) AuditScaffold(scaffold map[string][]byte, s *model.Suite, _ backend.Options) []backend.ScaffoldFinding {
	src, ok := scaffold[ScaffoldFile]
	if !ok {
		return nil
	}
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return nil // Generate reports it
	}
	declared := scaffoldMethods(string(src))
	extends := extendsDefaults.Match(src)
	var findings []backend.ScaffoldFinding
	if _, ok := declared[strings.ToLower(api.Capabilities.Name)]; !ok {
		findings = append(findings, backend.ScaffoldFinding{File: ScaffoldFile, Operation: protocol.Capabilities.Name, Breaks: true,
			Problem: "SdkSubject has no method " + api.Capabilities.Name + "(), which the Subject interface declares: PHP stops loading the tests; add it",
			Stub:    stub(api.Capabilities, "return [];")})
	}
	for i, m := range append([]method{api.Capabilities}, api.Methods...) {
		op := protocol.Capabilities
		if i > 0 {
			op = protocol.Operations[i-1]
		}
		if f, ok := auditMethod(m, op, declared, extends, s); ok {
			findings = append(findings, f)
		}
	}
	return findings
}

// auditMethod is the finding for one operation's method, if any.
func auditMethod(m method, op protocol.Operation, declared map[string]scaffoldMethod, extends bool, s *model.Suite) (backend.ScaffoldFinding, bool) {
	f := backend.ScaffoldFinding{File: ScaffoldFile, Operation: op.Name}
	calls := op.Name == protocol.Capabilities.Name || backend.Expects(s, op, transportLayout)
	d, ok := declared[strings.ToLower(m.Name)]
	switch {
	case !ok && op.Name != protocol.Capabilities.Name && calls:
		f.Problem = "SdkSubject has no method " + m.Name + "() for operation " + op.Name + ": its tests skip with \"" +
			backend.DefaultReason(s, op, transportLayout) + "\" until it is mapped; paste the stub and map it onto the php-sdk's API"
		f.Stub = stub(m, "throw new NotProvided("+phpText(notMappedYet(op.Name))+");")
		return f, true
	case !ok || compatible(d, m):
		return f, false
	case extends:
		f.Problem = "SdkSubject::" + m.Name + "() is declared `" + d.Text + "`, incompatible with SubjectDefaults (operation " + op.Name +
			"): PHP stops loading the tests (\"Declaration ... must be compatible\"); change it to `" + oneLine(m) + "`"
	case calls:
		f.Problem = "SdkSubject::" + m.Name + "() is declared `" + d.Text + "`, but operation " + op.Name + " is now `" + oneLine(m) +
			"`: each of its tests errors with a TypeError; change the declaration to match"
	default:
		return f, false // no test of this target calls it
	}
	f.Breaks = true
	f.Stub = m.Declaration("    ")
	return f, true
}

// oneLine is the method's declaration on one line.
func oneLine(m method) string { return strings.Join(strings.Fields(m.Declaration("")), " ") }

// compatible reports whether d may stand for m as PHP checks an override:
// the same parameters, each taking at least m's type (untyped and mixed take
// any), any extra one optional; a return type within m's.
func compatible(d scaffoldMethod, m method) bool {
	if len(d.Params) < len(m.Params) {
		return false
	}
	for i, p := range d.Params {
		if i >= len(m.Params) {
			if !strings.Contains(p, "=") {
				return false
			}
			continue
		}
		typ, _, _ := strings.Cut(strings.TrimSpace(strings.SplitN(p, "$", 2)[0]), " ")
		if typ == "" || strings.EqualFold(typ, "mixed") {
			continue
		}
		if !subset(typeSet(m.Params[i].Type), typeSet(typ)) {
			return false
		}
	}
	return m.Returns == "mixed" || (d.Returns != "" && subset(typeSet(d.Returns), typeSet(m.Returns)))
}

// typeSet is a PHP type as the set of its members, lower-case and
// unqualified: "?\stdClass" -> {stdclass, null}.
func typeSet(t string) []string {
	t = strings.ToLower(strings.ReplaceAll(t, " ", ""))
	var out []string
	if strings.HasPrefix(t, "?") {
		out, t = append(out, "null"), t[1:]
	}
	for _, part := range strings.Split(t, "|") {
		out = append(out, strings.TrimPrefix(part, `\`))
	}
	return out
}

// subset reports whether every member of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// notMappedYet is the reason a pasted stub reports until it is mapped.
func notMappedYet(op string) string {
	return "not mapped yet: map " + op + " onto the php-sdk's API"
}

// stub is m's method with its docblock and body, as the scaffold indents it.
func stub(m method, body string) string {
	return m.DocBlock("    ") + "\n    " + m.Opening("    ") + "\n        " + body + "\n    }\n"
}

// Stubs is the methods of the named operations, each reporting not provided
// until it is mapped, to paste into SdkSubject.php.
func (Backend) Stubs(ops []string, _ *model.Suite, _ backend.Options) (string, error) {
	api, err := buildSubject(protocol.Operations, protocol.Records)
	if err != nil {
		return "", err
	}
	var parts []string
	for _, name := range ops {
		i := slices.IndexFunc(protocol.Operations, func(op protocol.Operation) bool { return op.Name == name })
		if i < 0 {
			return "", fmt.Errorf("php: no operation %q in the subject protocol", name)
		}
		parts = append(parts, stub(api.Methods[i], "throw new NotProvided("+phpText(notMappedYet(name))+");"))
	}
	return strings.Join(parts, "\n"), nil
}
