package gobackend

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/internal/testkit/racetest"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// messagingRun is what one generated messaging subtest does: its name,
// the arguments of its call and its checks, by result member.
type messagingRun struct {
	name   string
	args   []ast.Expr
	checks map[string]*ast.CallExpr
	order  []string
}

// messagingRuns reads the subtests of a generated messaging block file, and
// the locals its test declares before them.
func messagingRuns(t *testing.T, src []byte, block string, op protocol.Operation) ([]messagingRun, map[string]ast.Expr) {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), block+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var runs []messagingRun
	locals := map[string]ast.Expr{}
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Name.Name != testName(block) {
			continue
		}
		for _, stmt := range fn.Body.List[1:] {
			if assign, ok := stmt.(*ast.AssignStmt); ok {
				locals[assign.Lhs[0].(*ast.Ident).Name] = assign.Rhs[0]
				continue
			}
			runCall := stmt.(*ast.ExprStmt).X.(*ast.CallExpr)
			name, ok := stringValue(t, runCall.Args[0])
			if !ok {
				t.Fatalf("t.Run's name is not a string literal: %#v", runCall.Args[0])
			}
			run := messagingRun{name: name, checks: map[string]*ast.CallExpr{}}
			ast.Inspect(runCall.Args[1], func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch name := funcName(call.Fun); {
				case name == "subject."+exported(op.Name):
					run.args = call.Args
				case name == "conformanceExpectResult" || name == "conformanceExpectMentions" || name == "conformanceExpectOneOf":
					member, _ := stringValue(t, call.Args[1])
					run.checks[member] = call
					run.order = append(run.order, member)
				}
				return true
			})
			runs = append(runs, run)
		}
		return runs, locals
	}
	t.Fatalf("no %s in the %s file", testName(block), block)
	return nil, nil
}

// Every messaging case becomes one subtest named by the case's name,
// exactly, calling the operation with the case's exact arguments (hostile
// text, JSON, null as nil) and checking every expected member, in order,
// against its exact value or mentions.
func TestMessagingSubtestsCarryNamesArgumentsAndExpectations(t *testing.T) {
	t.Parallel()
	s, _ := adversarialSuite(t)
	for _, binding := range bindings {
		files := byPath(t, generate(t, s, backend.Options{Binding: binding}))
		for _, tc := range []struct {
			block string
			mb    *model.MessagingBlock
			op    protocol.Operation
		}{
			{model.BlockSettlement, s.Settlement, protocol.Settle},
			{model.BlockRowErrors, s.RowErrors, protocol.ReadMessage},
			{model.BlockFailedWrites, s.FailedWrites, protocol.WriteMessages},
		} {
			src := files[BlockFile(tc.block)].Content
			for i, line := range strings.Split(string(src), "\n") {
				if len(line) > maxLineWidth {
					t.Errorf("%s line %d has %d columns", tc.block, i+1, len(line))
				}
			}
			runs, locals := messagingRuns(t, src, tc.block, tc.op)
			if len(runs) != len(tc.mb.Cases) {
				t.Fatalf("%s: %d subtests, want %d", tc.block, len(runs), len(tc.mb.Cases))
			}
			for i, c := range tc.mb.Cases {
				checkMessagingRun(t, tc.block, tc.op, c, runs[i], locals)
			}
		}
	}
}

func checkMessagingRun(t *testing.T, block string, op protocol.Operation, c model.MessagingCase, run messagingRun, locals map[string]ast.Expr) {
	t.Helper()
	if run.name != c.Name {
		t.Errorf("%s: subtest %q, want %q", block, run.name, c.Name)
	}
	if len(run.args) != len(op.Params) {
		t.Fatalf("%s %q: %d arguments, want %d", block, c.Name, len(run.args), len(op.Params))
	}
	for i, p := range op.Params {
		want, _ := c.Arg(p.Name)
		arg := run.args[i]
		if id, ok := arg.(*ast.Ident); ok && locals[id.Name] != nil {
			arg = locals[id.Name]
		}
		if got := argValue(t, p, arg); !got.Equal(want) {
			t.Errorf("%s %q: argument %s = %s, want %s", block, c.Name, p.Name, got.Compact(), want.Compact())
		}
	}
	var members []string
	for _, e := range c.Expect {
		members = append(members, e.Member)
		check := run.checks[e.Member]
		if check == nil {
			t.Errorf("%s %q: %s is not checked", block, c.Name, e.Member)
			continue
		}
		if e.Mentions != nil {
			if got := stringItems(t, check.Args[3]); funcName(check.Fun) != "conformanceExpectMentions" || !slices.Equal(got, e.Mentions) {
				t.Errorf("%s %q: %s mentions %q, want %q", block, c.Name, e.Member, got, e.Mentions)
			}
			continue
		}
		if e.OneOf != nil {
			checkOneOf(t, block, c.Name, e, check)
			continue
		}
		text, _ := stringValue(t, check.Args[3])
		if got, err := model.Parse([]byte(text)); err != nil || !got.Equal(e.Value) {
			t.Errorf("%s %q: %s expected as %s, want %s", block, c.Name, e.Member, text, e.Value.Compact())
		}
	}
	if !slices.Equal(run.order, members) {
		t.Errorf("%s %q: checks %q, want %q", block, c.Name, run.order, members)
	}
}

// argValue reads a generated argument back as the JSON value it passes.
func argValue(t *testing.T, p protocol.Field, e ast.Expr) model.Value {
	t.Helper()
	if isNil(e) {
		return model.NullValue()
	}
	switch p.Type.Kind {
	case protocol.Text:
		s, _ := stringValue(t, e)
		return model.StringValue(s)
	case protocol.OptionalText:
		s, _ := stringValue(t, argOf(t, e, "conformancePtr"))
		return model.StringValue(s)
	case protocol.OptionalInteger:
		n := argOf(t, argOf(t, e, "conformancePtr"), "int64").(*ast.BasicLit)
		return model.NumberValue(n.Value)
	case protocol.Boolean:
		return model.BoolValue(e.(*ast.Ident).Name == "true")
	case protocol.JSONObject, protocol.JSONValue:
		text, _ := stringValue(t, argOf(t, e, "json.RawMessage"))
		v, err := model.Parse([]byte(text))
		if err != nil {
			t.Fatalf("argument %s is not JSON: %s", p.Name, text)
		}
		return v
	case protocol.TextList:
		var items []model.Value
		for _, s := range stringItems(t, e) {
			items = append(items, model.StringValue(s))
		}
		return model.ArrayValue(items...)
	}
	t.Fatalf("argument %s: no reading for kind %d", p.Name, p.Type.Kind)
	return model.Value{}
}

// stringItems are the values of a []string literal.
func stringItems(t *testing.T, e ast.Expr) []string {
	t.Helper()
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		t.Fatalf("want a []string literal, got %#v", e)
	}
	items := []string{}
	for _, elt := range lit.Elts {
		s, _ := stringValue(t, elt)
		items = append(items, s)
	}
	return items
}

// The messaging operations are the connectors' shared messaging layer, which
// no babelqueue-go module has: every target's scaffold reports them not
// provided, naming what the SDK lacks.
func TestScaffoldReasonsForMessaging(t *testing.T) {
	racetest.SkipRepetition(t, "it generates one scaffold after another; the backend's concurrent rendering is raced by TestGenerateIsDeterministic")
	t.Parallel()
	lacks := map[string][]string{
		protocol.Settle.Name:        {"no shared messaging layer", "Transport only Pops and Acks", "requeue or reject", "WithBody", "messages_settled"},
		protocol.ReadMessage.Name:   {"no shared messaging layer", "RowErrorHandler", "RawExcerptLength", "MessageFailure", "row_errors"},
		protocol.WriteMessages.Name: {"no shared messaging layer", "no sinks", "FailedMessageAction", "dead-letter sink"},
	}
	check := func(target string, methods map[string]*ast.FuncDecl) {
		for op, wants := range lacks {
			fn := methods[exported(op)]
			if fn == nil {
				t.Fatalf("%s: the scaffold has no %s", target, exported(op))
			}
			reason := notProvidedReason(t, fn)
			for _, want := range wants {
				if !strings.Contains(reason, want) {
					t.Errorf("%s: %s's reason %q lacks %q", target, op, reason, want)
				}
			}
			if callsSDK(fn) {
				t.Errorf("%s: %s calls the SDK and reports not provided", target, op)
			}
		}
	}
	check("core", scaffoldMethods(t))
	for _, block := range model.TransportBlocks {
		sel, err := canonicalSuite(t).Select([]string{block})
		if err != nil {
			t.Fatal(err)
		}
		files := byPath(t, generate(t, sel, backend.Options{Binding: backend.BindSDK}))
		check(block, parseScaffoldMethods(t, files[ScaffoldFile].Content))
	}
}

// checkOneOf holds a one_of expectation's check to the values it allows, in
// order, each a JSON literal.
func checkOneOf(t *testing.T, block, name string, e model.Expectation, check *ast.CallExpr) {
	t.Helper()
	if funcName(check.Fun) != "conformanceExpectOneOf" || len(check.Args) != 3+len(e.OneOf) {
		t.Errorf("%s %q: %s is not checked against its %d allowed values", block, name, e.Member, len(e.OneOf))
		return
	}
	for i, want := range e.OneOf {
		text, _ := stringValue(t, check.Args[3+i])
		if got, err := model.Parse([]byte(text)); err != nil || !got.Equal(want) {
			t.Errorf("%s %q: %s allows %s, want %s", block, name, e.Member, text, want.Compact())
		}
	}
}
