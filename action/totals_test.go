package action

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
)

// totals are a run's figures: the runner's own, or the report's.
type totals struct{ pass, fail, skip int }

func (c totals) ran() int { return c.pass + c.fail + c.skip }

// goRunnerTotals counts go test -json's leaf tests (a parent of subtests
// is reported too, and is no test of its own) by how they ended.
func goRunnerTotals(t *testing.T, events []byte) totals {
	t.Helper()
	type ev struct{ Action, Package, Test string }
	var ended []ev
	parents := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(events))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e ev
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("go test -json: %v: %s", err, sc.Text())
		}
		if e.Test == "" {
			continue
		}
		for i := len(e.Test) - 1; i >= 0; i-- {
			if e.Test[i] == '/' {
				parents[e.Package+" "+e.Test[:i]] = true
			}
		}
		if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
			ended = append(ended, e)
		}
	}
	var c totals
	for _, e := range ended {
		if parents[e.Package+" "+e.Test] {
			continue
		}
		switch e.Action {
		case "pass":
			c.pass++
		case "fail":
			c.fail++
		default:
			c.skip++
		}
	}
	return c
}

// outputCounts are the action's count outputs as a runner would count the
// generated tests that ran: a known failure's test passes; every kind of
// skip is a skip; unknown tests ran too (as passes: the stand-ins have none
// that fail).
func outputCounts(t *testing.T, out map[string]string) totals {
	t.Helper()
	n := func(name string) int {
		v, err := strconv.Atoi(out[name])
		if err != nil {
			t.Fatalf("output %s=%q is not a count", name, out[name])
		}
		return v
	}
	return totals{
		pass: n("passed") + n("known-failure") + n("unknown"),
		fail: n("failed"),
		skip: n("skipped") + n("not-provided") + n("exempted"),
	}
}
