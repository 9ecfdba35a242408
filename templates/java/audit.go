package java

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// The scaffold audit: what `bqgen check` reports about the SDK's
// SdkConformanceSubject.java against the subject interface bqgen now
// generates. Every interface method but capabilities has a default, so a
// missing method never breaks the build (its tests skip with the default's
// reason: a warning), but a method the interface no longer declares as
// written does: javac rejects an @Override that overrides nothing, a return
// type that differs, a method that is not public and a missing
// capabilities.

// AuditScaffold implements backend.ScaffoldAuditor for the scaffold of the
// target s and opt generate for; a scaffold not among the files is not
// audited.
func (Backend) AuditScaffold(scaffold map[string][]byte, s *model.Suite, opt backend.Options) []backend.ScaffoldFinding {
	c, err := buildCommon(s, opt)
	if err != nil {
		return nil // generate reports the same options error
	}
	api, err := buildSubject(s, protocol.All(), protocol.Records)
	if err != nil {
		return nil
	}
	path := packageDir(c.Package) + scaffoldFile
	src, ok := scaffold[path]
	if !ok {
		return nil
	}
	methods := classMethods(string(src))
	var findings []backend.ScaffoldFinding
	for _, o := range api.Operations {
		op, _ := protocol.Lookup(o.Name)
		if f, ok := auditOperation(o, op, methods[o.Method], s); ok {
			f.File = path
			findings = append(findings, f)
		}
	}
	return findings
}

// auditOperation is the finding, if any, on the scaffold's methods named
// like operation o.
func auditOperation(o subjectOp, op protocol.Operation, decls []javaMethod, s *model.Suite) (backend.ScaffoldFinding, bool) {
	want := strings.Join(normalised(o.ParamTypes), ", ")
	var overriding, matching *javaMethod
	for i, m := range decls {
		switch {
		case strings.Join(m.Params, ", ") == want:
			matching = &decls[i]
		case m.Override && overriding == nil:
			overriding = &decls[i]
		}
	}
	switch {
	case overriding != nil:
		return breaks(o, fmt.Sprintf("line %d: %s(%s) is @Override, but ConformanceSubject declares %s(%s), so "+
			"javac fails (\"method does not override or implement a method from a supertype\"): change its "+
			"parameter types", overriding.Line, o.Method, strings.Join(overriding.Params, ", "), o.Method, declared(o))), true
	case matching != nil:
		return auditMatching(o, *matching)
	case o.Handshake:
		return breaks(o, fmt.Sprintf("%s has no method %s(), which has no default, so javac fails (\"%s is not "+
			"abstract and does not override abstract method %s()\"): add it, listing the operations it maps",
			scaffoldClass, o.Method, scaffoldClass, o.Method)), true
	case !backend.Expects(s, op, transportLayout):
		return backend.ScaffoldFinding{}, false // only another target's tests call it: the default says so
	}
	problem := fmt.Sprintf("%s has no method %s(%s); the default reports %q", scaffoldClass, o.Method, declared(o),
		backend.DefaultReason(s, op, transportLayout))
	if len(decls) > 0 {
		problem += fmt.Sprintf(" (the %s at line %d takes (%s), so it does not implement the operation)",
			o.Method, decls[0].Line, strings.Join(decls[0].Params, ", "))
	}
	return backend.ScaffoldFinding{Operation: o.Name, Problem: problem, Stub: stubMethod(o)}, true
}

// scaffoldClass is the class the scaffold declares.
const scaffoldClass = "SdkConformanceSubject"

// auditMatching is the finding on m, a method whose parameters are the
// operation's: javac rejects it when it returns another type or is not
// public.
func auditMatching(o subjectOp, m javaMethod) (backend.ScaffoldFinding, bool) {
	switch {
	case m.Returns != javaTypeText(o.Returns):
		return breaks(o, fmt.Sprintf("line %d: %s(%s) returns %s, but ConformanceSubject declares %s, so javac "+
			"fails (\"return type %s is not compatible with %s\"): change its return type",
			m.Line, o.Method, declared(o), m.Returns, o.Returns, m.Returns, o.Returns)), true
	case !m.Public:
		return breaks(o, fmt.Sprintf("line %d: %s(%s) is not public, so javac fails (\"attempting to assign "+
			"weaker access privileges; was public\"): make it public", m.Line, o.Method, declared(o))), true
	}
	return backend.ScaffoldFinding{}, false
}

// breaks is a finding that fails the SDK's build; its stub is the method's
// declaration as the interface now has it.
func breaks(o subjectOp, problem string) backend.ScaffoldFinding {
	return backend.ScaffoldFinding{Operation: o.Name, Breaks: true, Problem: problem,
		Stub: "    @Override\n    public " + o.Signature + " {\n"}
}

// declared is the operation's parameter types as the interface declares
// them: "long, String".
func declared(o subjectOp) string { return strings.Join(o.ParamTypes, ", ") }

func normalised(types []string) []string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = javaTypeText(t)
	}
	return out
}

// Stubs implements backend.ScaffoldAuditor: a method per named operation,
// each reporting not provided until the SDK maps it, to paste into the
// scaffold's class.
func (Backend) Stubs(ops []string, s *model.Suite, opt backend.Options) (string, error) {
	api, err := buildSubject(s, protocol.All(), protocol.Records)
	if err != nil {
		return "", err
	}
	byName := map[string]subjectOp{}
	for _, o := range api.Operations {
		byName[o.Name] = o
	}
	var stubs []string
	for _, name := range ops {
		o, ok := byName[name]
		if !ok {
			return "", fmt.Errorf("java: no operation %q in the subject protocol", name)
		}
		stubs = append(stubs, stubMethod(o))
	}
	return strings.Join(stubs, "\n"), nil
}

// stubMethod is o as a scaffold method that reports it not provided, at
// member indent.
func stubMethod(o subjectOp) string {
	// "        throw new NotProvidedException(...);"
	reason := splitLiteral(javaString("not mapped yet: map "+o.Name+" onto the SDK's API"),
		bodyStart+len("throw new NotProvidedException("), len(");"), bodyStart+contIndent)
	return "    @Override\n    public " + o.Signature + " {\n        throw new NotProvidedException(" + reason + ");\n    }\n"
}
