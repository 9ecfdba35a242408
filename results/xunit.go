package results

import (
	"fmt"
	"strconv"
	"strings"
)

// xunitAssemblies is the xUnit v2 console runner's -xml report: what
// `xunit.console <dll> -xml FILE` writes (the 2.4 runner has no TRX or
// JUnit output). A lone <assembly> root is read the same way.
type xunitAssemblies struct {
	Assemblies []xunitAssembly `xml:"assembly"`
	// Set when the root is itself an <assembly>.
	xunitAssembly
}

type xunitAssembly struct {
	Total       string            `xml:"total,attr"`
	Passed      string            `xml:"passed,attr"`
	Failed      string            `xml:"failed,attr"`
	Skipped     string            `xml:"skipped,attr"`
	Collections []xunitCollection `xml:"collection"`
}

type xunitCollection struct {
	Tests []xunitTest `xml:"test"`
}

// xunitTest is one test: its display name, its class (type) and result
// (Pass, Fail, Skip, NotRun).
type xunitTest struct {
	Name    string `xml:"name,attr"`
	Type    string `xml:"type,attr"`
	Result  string `xml:"result,attr"`
	Reason  string `xml:"reason"`
	Failure *struct {
		Message string `xml:"message"`
	} `xml:"failure"`
}

// readXunit reads the xUnit v2 XML report: Suite is the test's class, Name
// its display name, as the .NET test index lists them.
func readXunit(name string, data []byte) (Run, error) {
	var root xunitAssemblies
	if err := decodeXML(name, data, &root); err != nil {
		return Run{}, err
	}
	assemblies := append(root.Assemblies, root.xunitAssembly)
	run := Run{Format: FormatXunitXML, Declared: &Counts{}}
	for _, a := range assemblies {
		if err := a.declare(run.Declared); err != nil {
			return Run{}, fmt.Errorf("%s: %w", name, err)
		}
		for _, c := range a.Collections {
			for _, t := range c.Tests {
				run.Tests = append(run.Tests, t.test())
			}
		}
	}
	return run, nil
}

// declare adds the assembly's stated totals to c.
func (a xunitAssembly) declare(c *Counts) error {
	for _, f := range []struct {
		attr string
		into *int
	}{{a.Passed, &c.Passed}, {a.Failed, &c.Failed}, {a.Skipped, &c.Skipped}} {
		if f.attr == "" {
			continue
		}
		n, err := strconv.Atoi(f.attr)
		if err != nil || n < 0 {
			return fmt.Errorf("assembly: %q is not a count", f.attr)
		}
		*f.into += n
	}
	return nil
}

func (t xunitTest) test() Test {
	out := Test{Suite: t.Type, Name: t.Name, Outcome: Pass}
	switch t.Result {
	case "Fail":
		out.Outcome = Fail
		if t.Failure != nil {
			out.Message = strings.TrimSpace(t.Failure.Message)
		}
	case "Skip", "NotRun":
		out.Outcome, out.Message = Skip, strings.TrimSpace(t.Reason)
	}
	return out
}
