package gobackend

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
	"github.com/dave/jennifer/jen"
)

// The scaffold audit: `bqgen check` reads the SDK's scaffold (written once,
// the SDK's own since) with go/parser against the protocol bqgen generates
// for now. A missing method is a warning (the generated default answers and
// the tests skip); a method of an operation's name with another signature
// breaks: a scaffold that asserts ConformanceOperations no longer builds,
// and an older one builds but fails that operation's tests at run time
// (conformanceSignatureMismatch). Either way CI should stop.

// notMapped is the reason a pasted stub reports until the maintainer maps
// the operation.
func notMapped(op protocol.Operation) string {
	return "not mapped yet: map " + op.Name + " onto the SDK's API"
}

// NotMapped is notMapped as a Go string literal, for the scaffold template.
func (o goOperation) NotMapped() string { return strconv.Quote(notMapped(o.Op)) }

// scaffoldShape is what the audit reads of a scaffold file.
type scaffoldShape struct {
	subject string                   // the type newConformanceSubject returns
	methods map[string]*ast.FuncDecl // its methods, by name
	// complete: the file requires the subject to have every operation (an
	// assertion to, or a return of, ConformanceOperations) without
	// embedding the defaults, so a missing method breaks the build.
	complete bool
	jsonName string // the name encoding/json is imported as
}

// AuditScaffold reports every operation the target's tests call that the
// scaffold has no method for (a warning with the method to paste) and every
// method of an operation's name whose signature is not the protocol's
// (Breaks, with the declaration to change it to).
func (*Backend) AuditScaffold(scaffold map[string][]byte, s *model.Suite, opt backend.Options) []backend.ScaffoldFinding {
	src, ok := scaffold[ScaffoldFile]
	if !ok {
		return nil
	}
	api, err := buildSubjectAPI(protocol.Operations, protocol.Records)
	if err != nil {
		return []backend.ScaffoldFinding{{File: ScaffoldFile, Breaks: true, Problem: err.Error()}}
	}
	shape, err := readScaffold(src)
	if err != nil {
		return []backend.ScaffoldFinding{{File: ScaffoldFile, Breaks: true,
			Problem: "does not parse, so the SDK's tests would not build: " + err.Error()}}
	}
	var findings []backend.ScaffoldFinding
	for _, op := range api.Operations {
		fn, has := shape.methods[op.Method]
		switch {
		case has:
			if f, ok := shape.mismatch(op, fn); ok {
				findings = append(findings, f)
			}
		case backend.Expects(s, op.Op, transportLayout) || shape.complete:
			findings = append(findings, shape.missing(op, backend.DefaultReason(s, op.Op, transportLayout)))
		}
	}
	return findings
}

// missing is the finding of an operation the scaffold has no method for.
func (sh scaffoldShape) missing(op goOperation, reason string) backend.ScaffoldFinding {
	f := backend.ScaffoldFinding{File: ScaffoldFile, Operation: op.Wire, Stub: stub(sh.subject, op)}
	if sh.complete {
		f.Breaks = true
		f.Problem = fmt.Sprintf("%s has no method %s (operation %s) and does not embed %s, so the SDK's tests "+
			"would not build: embed %s in %s, or paste the method below", sh.subject, op.Method, op.Wire,
			defaultsType, defaultsType, sh.subject)
		return f
	}
	f.Problem = fmt.Sprintf("%s has no method %s: the tests of operation %s skip (%q) until you paste the "+
		"method below and map it onto the SDK", sh.subject, op.Method, op.Wire, reason)
	return f
}

// mismatch is the finding of a method of op's name whose signature is not
// the protocol's, if it is not.
func (sh scaffoldShape) mismatch(op goOperation, fn *ast.FuncDecl) (backend.ScaffoldFinding, bool) {
	got := funcTypeText(fn.Type)
	want := sh.protocolText(op)
	if got == want {
		return backend.ScaffoldFinding{}, false
	}
	recv := "(" + sh.subject + ")"
	if fn.Recv != nil && len(fn.Recv.List) == 1 {
		recv = "(" + types.ExprString(fn.Recv.List[0].Type) + ")"
		if names := fn.Recv.List[0].Names; len(names) == 1 {
			recv = "(" + names[0].Name + " " + types.ExprString(fn.Recv.List[0].Type) + ")"
		}
	}
	return backend.ScaffoldFinding{
		File: ScaffoldFile, Operation: op.Wire, Breaks: true,
		Problem: fmt.Sprintf("%s.%s is func%s; the protocol's %s is func%s: change its declaration to the one "+
			"below (a scaffold asserting %s no longer builds; one that does not fails %s's tests)",
			sh.subject, op.Method, got, op.Wire, want, operationsType, op.Wire),
		Stub: "func " + recv + " " + op.Method + strings.TrimPrefix(goText(jen.Var().Id("_").Func().Add(methodSignature(op, false))), "var _ func"),
	}, true
}

// protocolText is op's signature as funcTypeText writes one, with
// encoding/json under the scaffold's name for it.
func (sh scaffoldShape) protocolText(op goOperation) string {
	params := make([]string, len(op.Params))
	for i, p := range op.Params {
		params[i] = goText(p.Type)
	}
	text := "(" + strings.Join(params, ", ") + ") (" + goText(op.Result) + ", error)"
	if sh.jsonName != "json" {
		text = strings.ReplaceAll(text, "json.", sh.jsonName+".")
	}
	return text
}

// funcTypeText is a function type's parameter and result types, one per
// name: "(int64, *string) (int64, error)".
func funcTypeText(ft *ast.FuncType) string {
	return "(" + strings.Join(fieldTypes(ft.Params), ", ") + ") (" + strings.Join(fieldTypes(ft.Results), ", ") + ")"
}

func fieldTypes(fields *ast.FieldList) []string {
	var out []string
	if fields == nil {
		return out
	}
	for _, f := range fields.List {
		n := max(len(f.Names), 1)
		for range n {
			out = append(out, types.ExprString(f.Type))
		}
	}
	return out
}

// readScaffold parses a scaffold: the type newConformanceSubject returns
// (sdkConformanceSubject when it cannot tell), that type's methods, and
// whether the file requires it to have every operation.
func readScaffold(src []byte) (scaffoldShape, error) {
	file, err := parser.ParseFile(token.NewFileSet(), ScaffoldFile, src, parser.SkipObjectResolution)
	if err != nil {
		return scaffoldShape{}, err
	}
	sh := scaffoldShape{subject: scaffoldSubjectType, methods: map[string]*ast.FuncDecl{}, jsonName: "json"}
	for _, imp := range file.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == "encoding/json" && imp.Name != nil {
			sh.jsonName = imp.Name.Name
		}
	}
	requires := false
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == newSubjectFunc {
			if name := returnedType(fn); name != "" {
				sh.subject = name
			}
			requires = requires || fn.Type.Results != nil && len(fn.Type.Results.List) == 1 &&
				types.ExprString(fn.Type.Results.List[0].Type) == operationsType
		}
		if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.VAR {
			for _, spec := range gen.Specs {
				if v, ok := spec.(*ast.ValueSpec); ok && v.Type != nil && types.ExprString(v.Type) == operationsType {
					requires = true
				}
			}
		}
	}
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil && len(fn.Recv.List) == 1 &&
			baseType(fn.Recv.List[0].Type) == sh.subject {
			sh.methods[fn.Name.Name] = fn
		}
	}
	sh.complete = requires && !embedsDefaults(file, sh.subject)
	return sh, nil
}

// returnedType is the type of the value newConformanceSubject returns,
// sdkConformanceSubject{} or &sdkConformanceSubject{...}, or "".
func returnedType(fn *ast.FuncDecl) string {
	name := ""
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		ret, ok := n.(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 || name != "" {
			return name == ""
		}
		expr := ret.Results[0]
		if u, ok := expr.(*ast.UnaryExpr); ok && u.Op == token.AND {
			expr = u.X
		}
		if lit, ok := expr.(*ast.CompositeLit); ok {
			name = baseType(lit.Type)
		}
		return false
	})
	return name
}

// baseType is T of a receiver or literal type T or *T.
func baseType(e ast.Expr) string {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// embedsDefaults reports whether struct type name embeds
// UnimplementedConformanceSubject (or a pointer to it).
func embedsDefaults(file *ast.File, name string) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		spec, ok := n.(*ast.TypeSpec)
		if !ok || spec.Name.Name != name {
			return !found
		}
		if st, ok := spec.Type.(*ast.StructType); ok {
			for _, f := range st.Fields.List {
				found = found || len(f.Names) == 0 && baseType(f.Type) == defaultsType
			}
		}
		return false
	})
	return found
}

// Stubs is, for each named operation, a method of the scaffold's subject
// that reports not provided until the maintainer maps it, ready to paste.
func (*Backend) Stubs(ops []string, _ *model.Suite, _ backend.Options) (string, error) {
	api, err := buildSubjectAPI(protocol.Operations, protocol.Records)
	if err != nil {
		return "", err
	}
	byWire := map[string]goOperation{}
	var known []string
	for _, op := range api.Operations {
		byWire[op.Wire] = op
		known = append(known, op.Wire)
	}
	sort.Strings(known)
	var out []string
	for _, name := range ops {
		op, ok := byWire[name]
		if !ok {
			return "", fmt.Errorf("no operation %q in the protocol (operations: %s)", name, strings.Join(known, ", "))
		}
		out = append(out, stub(scaffoldSubjectType, op))
	}
	return strings.Join(out, "\n"), nil
}

// stub is op's method on receiver, reporting not provided (notMapped),
// formatted as gofmt does.
func stub(receiver string, op goOperation) string {
	src := goText(methodDeclaration(receiver, op, wrapSignature(receiver, op))) + " {\n\treturn " + op.Zero +
		", " + notProvided + "(" + op.NotMapped() + ")\n}\n"
	formatted, err := format.Source([]byte(src))
	if err != nil {
		return src // bqgen's own text: a failure here is a bug the tests catch
	}
	return string(formatted)
}
