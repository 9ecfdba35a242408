package protocol

import (
	"regexp"
	"slices"
	"testing"

	"github.com/babelqueue/bqgen/model"
)

var wireName = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Every name is a unique snake_case wire name, every transport is a block the
// model knows, and every record a type refers to is defined.
func TestOperationsAreWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range All() {
		if !wireName.MatchString(op.Name) || seen[op.Name] {
			t.Errorf("operation %q: not a unique snake_case name", op.Name)
		}
		seen[op.Name] = true
		if op.Transport != "" && !slices.Contains(model.KnownBlocks, op.Transport) {
			t.Errorf("%s: transport %q is not a model block", op.Name, op.Transport)
		}
		if op.Doc == "" {
			t.Errorf("%s: no doc", op.Name)
		}
		for _, p := range op.Params {
			checkType(t, op.Name+"."+p.Name, p.Type)
		}
		checkType(t, op.Name+" result", op.Result.Type)
		if op.Result.Member == "" && op.Result.Type.Kind != Record {
			t.Errorf("%s: a result without a member must be a record", op.Name)
		}
	}
	for _, r := range Records {
		for _, f := range r.Fields {
			checkType(t, r.Name+"."+f.Name, f.Type)
		}
	}
}

func checkType(t *testing.T, where string, typ Type) {
	t.Helper()
	switch typ.Kind {
	case Record, OptionalRecord, RecordList, RecordMap:
		if _, ok := LookupRecord(typ.Record); !ok {
			t.Errorf("%s: record %q is not defined", where, typ.Record)
		}
	case 0:
		t.Errorf("%s: no kind", where)
	default:
		if typ.Record != "" {
			t.Errorf("%s: a %v carries no record", where, typ.Kind)
		}
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string][]string{
		"rabbitmq_publishing": {"RabbitMQ", "publishing"},
		"meta_id":             {"meta", "ID"},
		"SQSAttribute":        {"SQS", "Attribute"},
		"DataType":            {"Data", "Type"},
		"decode":              {"decode"},
		"ASBMessage":          {"ASB", "Message"},
	} {
		if got := Words(name); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", name, got, want)
		}
	}
}

// Every gate operation is filed under the broker block it serves.
func TestSchemaVersionGatesByTransport(t *testing.T) {
	for block, op := range SchemaVersionGates {
		if op.Transport != block {
			t.Errorf("%s is filed under %s but serves %s", op.Name, block, op.Transport)
		}
	}
	if len(SchemaVersionGates) != 5 {
		t.Errorf("%d gates, want one per broker with a consumer gate (5)", len(SchemaVersionGates))
	}
}

var revision = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`)

// Every operation names the suite revision that brought it: the default a
// scaffold written before it answers with quotes it.
func TestEveryOperationSaysSince(t *testing.T) {
	for _, op := range All() {
		if !revision.MatchString(op.Since) {
			t.Errorf("%s: Since %q is not a suite revision (MAJOR.MINOR.PATCH)", op.Name, op.Since)
		}
	}
}

// Every operation but the handshake is called by a block the model knows:
// check warns about a scaffold's missing mapping only where a target's tests
// call it.
func TestEveryOperationIsCalledByABlock(t *testing.T) {
	for _, op := range Operations {
		if len(op.CalledBy()) == 0 {
			t.Errorf("%s: no block calls it (set Blocks)", op.Name)
		}
		for _, b := range op.CalledBy() {
			if !slices.Contains(model.KnownBlocks, b) {
				t.Errorf("%s: block %q is not a model block", op.Name, b)
			}
		}
	}
}
