package gobackend

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// gateCall is what one generated gate subtest does: its name, the property
// it passes and the AMQP types it runs the call with ("" for none).
type gateCall struct {
	name      string
	property  ast.Expr
	amqpTypes []string
}

// gateCalls reads the gate subtests of a generated block file.
func gateCalls(t *testing.T, src []byte, block string, op protocol.Operation) []gateCall {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), block+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	name := testName(block, model.SubSchemaVersionGate)
	var calls []gateCall
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Name.Name != name {
			continue
		}
		for _, stmt := range fn.Body.List {
			run, ok := stmt.(*ast.ExprStmt)
			if !ok {
				continue
			}
			runCall := run.X.(*ast.CallExpr)
			caseName, ok := stringValue(t, runCall.Args[0])
			if !ok {
				t.Fatalf("t.Run's name is not a string literal: %#v", runCall.Args[0])
			}
			calls = append(calls, readGateCall(t, caseName, runCall.Args[1].(*ast.FuncLit), exported(op.Name)))
		}
		return calls
	}
	t.Fatalf("no %s in the %s file", name, block)
	return nil
}

// readGateCall finds the subject call in a subtest body and the AMQP types
// of the loop around it, if any.
func readGateCall(t *testing.T, name string, body *ast.FuncLit, method string) gateCall {
	t.Helper()
	c := gateCall{name: name, amqpTypes: []string{""}}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			c.amqpTypes = nil
			for _, elt := range n.X.(*ast.CompositeLit).Elts {
				s, _ := stringValue(t, elt)
				c.amqpTypes = append(c.amqpTypes, s)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == method {
				c.property = n.Args[1]
				if len(n.Args) == 3 && c.amqpTypes[0] == "" && !isNil(n.Args[2]) {
					t.Errorf("%s: a string or absent property is sent with an AMQP type", name)
				}
			}
		}
		return true
	})
	return c
}

func isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}

// argOf is the single argument of a call to fn, e.g. conformancePtr(x).
func argOf(t *testing.T, e ast.Expr, fn string) ast.Expr {
	t.Helper()
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !strings.HasSuffix(funcName(call.Fun), fn) {
		t.Fatalf("want a call of %s, got %#v", fn, e)
	}
	return call.Args[0]
}

// funcName renders a call's function as text: conformancePtr, json.RawMessage.
func funcName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return funcName(e.X) + "." + e.Sel.Name
	}
	return ""
}

// Every gate case becomes one subtest named by the case's name, exactly,
// passing the case's exact value (hostile ones included) or nil when
// absent; on the typed ASB gate a number runs once per AMQP type.
func TestGateSubtestsCarryNamesValuesAndAMQPTypes(t *testing.T) {
	t.Parallel()
	s, _ := adversarialSuite(t)
	files := byPath(t, generate(t, s, backend.Options{Binding: backend.BindOracle}))
	for _, tc := range []struct {
		block string
		op    protocol.Operation
	}{{model.BlockSQS, protocol.SQSSchemaVersionGate}, {model.BlockASB, protocol.ASBSchemaVersionGate}} {
		g := s.Gate(tc.block)
		calls := gateCalls(t, files[BlockFile(tc.block)].Content, tc.block, tc.op)
		if len(calls) != len(g.Cases) {
			t.Fatalf("%s: %d gate subtests, want %d", tc.block, len(calls), len(g.Cases))
		}
		for i, c := range g.Cases {
			got := calls[i]
			if got.name != c.Name {
				t.Errorf("%s case %d: subtest %q, want %q", tc.block, i, got.name, c.Name)
			}
			if !slices.Equal(got.amqpTypes, c.AMQPTypes()) {
				t.Errorf("%s %q: AMQP types %q, want %q", tc.block, c.Name, got.amqpTypes, c.AMQPTypes())
			}
			if c.Absent {
				if !isNil(got.property) {
					t.Errorf("%s %q: an absent property is passed as %#v, want nil", tc.block, c.Name, got.property)
				}
				continue
			}
			if g.Typed {
				checkRawProperty(t, tc.block, c, argOf(t, got.property, "json.RawMessage"))
				continue
			}
			if value, _ := stringValue(t, argOf(t, got.property, "conformancePtr")); value != c.Value.Text {
				t.Errorf("%s %q: property %q, want %q", tc.block, c.Name, value, c.Value.Text)
			}
		}
	}
}

// checkRawProperty checks a typed gate's property, JSON text in a string.
func checkRawProperty(t *testing.T, block string, c model.GateCase, lit ast.Expr) {
	t.Helper()
	text, _ := stringValue(t, lit)
	if c.Value.Kind == model.Number {
		if text != c.Value.Text {
			t.Errorf("%s %q: number %s, want %s", block, c.Name, text, c.Value.Text)
		}
		return
	}
	var value string
	if err := json.Unmarshal([]byte(text), &value); err != nil || value != c.Value.Text {
		t.Errorf("%s %q: property %s (%v), want the string %q", block, c.Name, text, err, c.Value.Text)
	}
}

// The canonical ASB gate exercises an integral number at both widths and a
// fraction as a double, and its failure messages name the AMQP type.
func TestASBGateRunsIntegralNumbersAtBothWidths(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	files := byPath(t, generate(t, s, backend.Options{}))
	src := files[BlockFile(model.BlockASB)].Content
	widths := map[string]bool{}
	for _, c := range gateCalls(t, src, model.BlockASB, protocol.ASBSchemaVersionGate) {
		widths[strings.Join(c.amqpTypes, ",")] = true
	}
	for _, want := range []string{"int,long", "double", ""} {
		if !widths[want] {
			t.Errorf("no ASB gate subtest runs with AMQP types %q; got %v", want, widths)
		}
	}
	for _, want := range []string{`conformanceExpectEqual(t, "outcome as AMQP "+amqpType, got, `,
		`conformanceRequireOK(t, "asb_schema_version_gate as AMQP "+amqpType, err)`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the ASB gate test lacks %s", want)
		}
	}
}

// The names of unnamed cases come from the model, the same for every
// language: the Go subtests carry them as they are.
func TestGateNamesOfUnnamedCasesComeFromTheModel(t *testing.T) {
	t.Parallel()
	s := canonicalSuite(t)
	files := byPath(t, generate(t, s, backend.Options{}))
	src := string(files[BlockFile(model.BlockSQS)].Content)
	for _, want := range []string{"reject string U+00A0 1", "reject string U+FEFF", "decode absent", "reject string U+0085"} {
		if !strings.Contains(src, "t.Run("+strconv.Quote(want)+", ") {
			t.Errorf("no subtest named %q", want)
		}
	}
}
