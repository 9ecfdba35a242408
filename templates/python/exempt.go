package python

import (
	"slices"
	"strings"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/model"
	"github.com/babelqueue/bqgen/protocol"
)

// exemptionDecorators are the decorator lines (indent 4) of the test of
// case name in block, from the exemption bqgen.yaml or the baseline gives
// it: skip is unittest's own skip, "exempt: <reason>"; fail is the support
// module's known_failure, an expected failure while the case fails and a
// failure saying "now passes: <remedy>" once it passes. No exemption: "".
func exemptionDecorators(opt backend.Options, block, name string) string {
	e, ok := opt.ExemptionFor(block, name)
	if !ok {
		return ""
	}
	if e.Action == backend.ExemptSkip {
		return decorator("unittest.skip", "exempt: "+e.Reason)
	}
	return decorator("support.known_failure", e.Remedy(), e.Reason)
}

// decorator is "@name(args...)" at indent 4, its str arguments one a line
// (split after spaces) when the call would not fit a line.
func decorator(name string, args ...string) string {
	const indent = "    "
	lits := make([]string, len(args))
	for i, a := range args {
		lits[i] = pyString(a)
	}
	one := indent + "@" + name + "(" + strings.Join(lits, ", ") + ")"
	if len(one) <= lineWidth {
		return one + "\n"
	}
	inner := indent + "    "
	var b strings.Builder
	b.WriteString(indent + "@" + name + "(\n")
	for _, a := range args {
		b.WriteString(inner + hang(len(inner), pyStringLines(a, lineWidth-len(inner)-1)) + ",\n")
	}
	b.WriteString(indent + ")\n")
	return b.String()
}

// scaffoldView is what the SDK scaffold maps. A core target's scaffold maps
// every operation it has a mapping for; a transport target's maps
// capabilities and the operations of its own broker blocks onto the
// transport's class in the core package, and leaves the others out: the
// support module's SubjectDefaults says each belongs to the core target or
// to its broker's transport target (backend.DefaultReason).
type scaffoldView struct {
	Transport bool
	// Blocks names a transport target's blocks for its docstring ("sqs").
	Blocks string
	// Methods are the subject's methods; an operation this scaffold does
	// not map has no Scaffold or Unmapped template, and NotProvided says why.
	Methods []method
	// Transports are the blocks whose module-level helpers it includes.
	Transports []string
	// Records are the record classes its methods' signatures name, sorted.
	Records []string
}

// buildScaffold computes the scaffold of the layout l over api, whose
// methods are those of ops in order.
func buildScaffold(api *subjectAPI, ops []protocol.Operation, l outputLayout) scaffoldView {
	if !l.Transport {
		return scaffoldView{Methods: api.Methods, Transports: api.Transports, Records: api.SignatureRecords}
	}
	sv := scaffoldView{Transport: true, Blocks: strings.Join(l.Blocks, ", ")}
	for i, m := range api.Methods {
		op := ops[i]
		if op.Name != protocol.Capabilities.Name && !slices.Contains(l.Blocks, op.Transport) {
			continue // SubjectDefaults says it belongs to another target
		}
		sv.Methods = append(sv.Methods, m)
		sv.Records = append(sv.Records, m.Records...)
	}
	slices.Sort(sv.Records)
	sv.Records = slices.Compact(sv.Records)
	for _, t := range api.Transports {
		if slices.Contains(l.Blocks, t) {
			sv.Transports = append(sv.Transports, t)
		}
	}
	return sv
}

// defaultMethod is the generated default of one operation: its def line and
// the reason it raises NotProvided with (backend.DefaultReason).
type defaultMethod struct {
	Signature string
	Reason    string
}

// buildDefaults computes the default of every method of api (those of ops,
// in order) for the target whose suite is s.
func buildDefaults(s *model.Suite, api *subjectAPI, ops []protocol.Operation) []defaultMethod {
	out := make([]defaultMethod, len(api.Methods))
	for i, m := range api.Methods {
		out[i] = defaultMethod{Signature: m.Signature, Reason: backend.DefaultReason(s, ops[i], transportLayout)}
	}
	return out
}

// transportLayout is where babelqueue-python's transports live: in the
// package itself, so a target maps every operation its tests call.
const transportLayout = backend.TransportsInCore
