package oracle

import (
	"fmt"
	"slices"
	"strings"
)

// FaultSeparator joins the faults of an oracle that runs several at once in
// a hello's fault field (Together).
const FaultSeparator = "+"

// Together is an oracle with every one of faults switched on. bqgen verify
// runs the test files of several mutants in one run against it, each file
// one mutant's: the oracle keeps no state between requests, and a request
// whose answer from the one mutant asked about none of the others' faults
// (Conversation.Reach) is answered by Together as that mutant alone
// answers it. One fault is New's oracle; a fault twice, or None among
// others, is an error.
func Together(faults []Fault) (*Oracle, error) {
	if len(faults) == 1 {
		return New(faults[0])
	}
	if len(faults) == 0 {
		return nil, fmt.Errorf("oracle: no fault to run together")
	}
	for i, f := range faults {
		if f == None || f == noneName {
			return nil, fmt.Errorf("oracle: the correct oracle is not a fault to run together with others")
		}
		if _, err := New(f); err != nil {
			return nil, err
		}
		if slices.Contains(faults[:i], f) {
			return nil, fmt.Errorf("oracle: fault %q named twice", string(f))
		}
	}
	return &Oracle{fault: faults[0], alongside: slices.Clone(faults[1:])}, nil
}

// JoinFaults is how a hello names faults run together.
func JoinFaults(faults []Fault) string {
	names := make([]string, len(faults))
	for i, f := range faults {
		names[i] = string(f)
	}
	return strings.Join(names, FaultSeparator)
}

// splitFaults reads a hello's fault field: one fault, or several joined by
// FaultSeparator.
func splitFaults(field string) []Fault {
	var out []Fault
	for name := range strings.SplitSeq(field, FaultSeparator) {
		out = append(out, Fault(name))
	}
	return out
}
