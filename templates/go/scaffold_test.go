package gobackend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// scaffoldMethods parses the scaffold and returns its subject's methods by
// Go name.
func scaffoldMethods(t *testing.T) map[string]*ast.FuncDecl {
	t.Helper()
	files := byPath(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK}))
	return parseScaffoldMethods(t, files[ScaffoldFile].Content)
}

// parseScaffoldMethods parses a scaffold and returns its subject's methods by
// Go name.
func parseScaffoldMethods(t *testing.T, src []byte) map[string]*ast.FuncDecl {
	t.Helper()
	return parseMethods(t, src, scaffoldSubjectType)
}

// parseMethods parses Go source and returns the methods of receiver by name.
func parseMethods(t *testing.T, src []byte, receiver string) map[string]*ast.FuncDecl {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), "src.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string]*ast.FuncDecl{}
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil && funcName(fn.Recv.List[0].Type) == receiver {
			methods[fn.Name.Name] = fn
		}
	}
	return methods
}

// notProvidedReason is the reason a method reports "not provided" with, or
// "" when it never does.
func notProvidedReason(t *testing.T, fn *ast.FuncDecl) string {
	t.Helper()
	reason := ""
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if assign, ok := n.(*ast.AssignStmt); ok && funcName(assign.Lhs[0]) == "reason" {
			reason, _ = stringValue(t, assign.Rhs[0])
		}
		if call, ok := n.(*ast.CallExpr); ok && funcName(call.Fun) == notProvided && reason == "" {
			reason, _ = stringValue(t, call.Args[0])
		}
		return true
	})
	return reason
}

// callsSDK reports whether a method calls into the SDK's packages.
func callsSDK(fn *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			pkg, _, _ := strings.Cut(funcName(call.Fun), ".")
			found = found || pkg == "babelqueue" || pkg == "idempotency" || pkg == "payloadschema"
		}
		return !found
	})
	return found
}

// returnsAParameter reports whether a method returns one of its parameters,
// converted or not, alone or as a field of its result: a mapping that
// echoes its input.
func returnsAParameter(fn *ast.FuncDecl) bool {
	params := map[string]bool{}
	for _, f := range fn.Type.Params.List {
		for _, n := range f.Names {
			params[n.Name] = true
		}
	}
	var echoes func(ast.Expr) bool
	echoes = func(e ast.Expr) bool {
		switch e := e.(type) {
		case *ast.Ident:
			return params[e.Name]
		case *ast.CallExpr: // []byte(envelope), string(envelope)
			conversion := len(e.Args) == 1
			if _, ok := e.Fun.(*ast.ArrayType); !ok && funcName(e.Fun) != "string" {
				conversion = false
			}
			return conversion && echoes(e.Args[0])
		case *ast.CompositeLit:
			for _, elt := range e.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok && echoes(kv.Value) || echoes(elt) {
					return true
				}
			}
		}
		return false
	}
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if ret, ok := n.(*ast.ReturnStmt); ok && len(ret.Results) > 0 && echoes(ret.Results[0]) {
			found = true
		}
		return !found
	})
	return found
}

// Every operation the target's tests call either runs the SDK's own code or
// reports "not provided" with its real reason (never the placeholder for a
// missing mapping), and no mapping hands back its input.
func TestScaffoldMapsEveryOperationOrSaysWhyNot(t *testing.T) {
	t.Parallel()
	methods := scaffoldMethods(t)
	for _, op := range protocol.Operations {
		fn, ok := methods[exported(op.Name)]
		if !ok {
			if backend.Expects(canonicalSuite(t), op, transportLayout) {
				t.Errorf("the scaffold has no method for %s", op.Name)
			}
			continue
		}
		reason := notProvidedReason(t, fn)
		switch {
		case strings.Contains(reason, "not mapped yet"):
			t.Errorf("%s: placeholder reason %q; map it or say why the SDK cannot", op.Name, reason)
		case reason == "" && !callsSDK(fn):
			t.Errorf("%s: neither calls the SDK nor reports not provided", op.Name)
		case reason != "" && callsSDK(fn):
			t.Errorf("%s: calls the SDK and reports not provided", op.Name)
		}
		if returnsAParameter(fn) {
			t.Errorf("%s: returns its input", op.Name)
		}
	}
}

// A broker's operation in a core target reports not provided as belonging
// to its transport target, and nothing else (the missing-feature rule): no
// claim about what that module does or lacks, and no call into the SDK. A
// core target without the broker's block leaves it to the generated
// default; one that runs the broker's tests keeps the method, whose reason
// is then not the default's ("predates").
func TestScaffoldTransportOperationsBelongToTheirTarget(t *testing.T) {
	t.Parallel()
	withBrokers := canonicalSuite(t)
	core, err := withBrokers.Select([]string{model.BlockCases, model.BlockIdempotency})
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*model.Suite{"with the broker blocks": withBrokers, "core blocks only": core} {
		files := byPath(t, generate(t, s, backend.Options{Binding: backend.BindSDK}))
		methods := parseMethods(t, files[ScaffoldFile].Content, scaffoldSubjectType)
		defaults := parseMethods(t, files[SubjectFile].Content, defaultsType)
		for _, op := range protocol.Operations {
			if op.Transport == "" {
				continue
			}
			fn, where := methods[exported(op.Name)], "scaffold"
			if !backend.Expects(s, op, transportLayout) {
				if fn != nil {
					t.Errorf("%s: the scaffold has a method for %s, which the default answers", name, op.Name)
				}
				fn, where = defaults[exported(op.Name)], defaultsType
			}
			if fn == nil {
				t.Errorf("%s: the %s has no method for %s", name, where, op.Name)
				continue
			}
			want := "belongs to the " + op.Transport + " transport target (blocks: [" + op.Transport + "] in bqgen.yaml)"
			if got := notProvidedReason(t, fn); got != want {
				t.Errorf("%s: %s.%s: reason %q, want %q", name, where, op.Name, got, want)
			}
		}
	}
}

// The idempotency key is the one key the helper remembered for the
// delivery: none is an error, different keys are an error naming both, the
// same key remembered twice is not.
func TestScaffoldIdempotencyKeyAcceptsTheSameKeyTwice(t *testing.T) {
	t.Parallel()
	files := byPath(t, generate(t, canonicalSuite(t), backend.Options{Binding: backend.BindSDK}))
	src := string(files[ScaffoldFile].Content)
	for _, want := range []string{
		`errors.New("the idempotency helper remembered no key for the delivery")`,
		`"the idempotency helper remembered different keys for one delivery: %q and %q"`,
		"for _, other := range store.remembered[1:] {",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the idempotency_key mapping lacks %s", want)
		}
	}
	if strings.Contains(src, "len(store.remembered) != 1") {
		t.Error("the idempotency_key mapping still fails when the helper remembers the one key twice")
	}
}
