package results

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// goEvent is one line of go test -json (cmd/test2json's TestEvent).
type goEvent struct {
	Time        string
	Action      string
	Package     string
	Test        string
	Output      string
	FailedBuild string
}

// goPackage is what the file says about one package.
type goPackage struct {
	failed   bool     // the package-level fail event
	build    string   // FailedBuild: the package did not compile
	tests    int      // test outcomes seen
	failures int      // of which fail
	output   []string // the last package-level output, for errors
}

// keptPackageOutput is how many of a package's last output events its
// error quotes (lastLines).
const keptPackageOutput = 5

// keep adds one package-level output event, keeping the last few.
func (p *goPackage) keep(out string) {
	if len(p.output) == keptPackageOutput {
		copy(p.output, p.output[1:])
		p.output = p.output[:keptPackageOutput-1]
	}
	p.output = append(p.output, out)
}

// readGoTestJSON reads go test -json: one test per pass/fail/skip event
// with a Test, in the file's order. A test with subtests is listed too (the
// runner reports it, and it fails when one of them does). A package that
// failed without a failing test (it did not build, TestMain or init
// failed, a test started but never ended) is an error, never a run with
// its tests quietly missing.
func readGoTestJSON(name string, data []byte) (Run, error) {
	run := Run{Format: FormatGoTestJSON}
	output := map[[2]string]*goOutput{} // package, test → its output since its last outcome
	started := map[[2]string]bool{}     // run without an outcome yet
	var order []string                  // packages, as first seen
	packages := map[string]*goPackage{}
	offset := 0
	for _, line := range bytes.SplitAfter(data, []byte("\n")) {
		start := offset
		offset += len(line)
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var ev goEvent
		if err := json.Unmarshal(line, &ev); err != nil {
			return Run{}, posError(name, data, int64(start)+jsonOffset(err), err)
		}
		run.Day = earlier(run.Day, dayOf(ev.Time))
		if ev.Package == "" {
			continue // build-output and build-fail: the package's fail event follows
		}
		pkg := packages[ev.Package]
		if pkg == nil {
			pkg = &goPackage{}
			packages[ev.Package] = pkg
			order = append(order, ev.Package)
		}
		key := [2]string{ev.Package, ev.Test}
		switch {
		case ev.Action == "output" && ev.Test == "":
			pkg.keep(ev.Output)
		case ev.Action == "output":
			if output[key] == nil {
				output[key] = &goOutput{}
			}
			output[key].add(ev.Output)
		case ev.Action == "run":
			started[key] = true
		case ev.Test == "" && ev.Action == "fail":
			pkg.failed, pkg.build = true, ev.FailedBuild
		case ev.Test == "":
		case ev.Action == "pass" || ev.Action == "fail" || ev.Action == "skip":
			delete(started, key)
			outcome := Outcome(ev.Action)
			message := ""
			if outcome != Pass {
				message = output[key].message()
			}
			delete(output, key) // a test run again starts a new message
			run.Tests = append(run.Tests, Test{Suite: ev.Package, Name: ev.Test, Outcome: outcome, Message: message})
			pkg.tests++
			if outcome == Fail {
				pkg.failures++
			}
		}
	}
	for _, key := range sortedKeys(started) {
		return Run{}, fmt.Errorf("%s: package %s: test %s started but the file reports no outcome for it (a truncated file, or the test binary died)", name, key[0], key[1])
	}
	for _, p := range order {
		if err := packages[p].err(name, p); err != nil {
			return Run{}, err
		}
	}
	return run, nil
}

// err says why a package's failure is not told by its tests' outcomes.
func (p *goPackage) err(file, name string) error {
	switch {
	case p.build != "":
		return fmt.Errorf("%s: package %s failed to build (%s); no tests ran", file, name, p.build)
	case p.failed && p.tests == 0:
		return fmt.Errorf("%s: package %s failed before any test reported an outcome: %s", file, name, lastLines(p.output, 5))
	case p.failed && p.failures == 0:
		return fmt.Errorf("%s: package %s failed though none of its %d tests did: %s", file, name, p.tests, lastLines(p.output, 5))
	}
	return nil
}

// goFraming matches the lines the testing package adds around a test's own
// output: === RUN/PAUSE/CONT/NAME and --- PASS/FAIL/SKIP.
var goFraming = regexp.MustCompile(`^\s*(=== (RUN|PAUSE|CONT|NAME)|--- (PASS|FAIL|SKIP):)`)

// goLogPrefix matches the "file.go:12: " t.Log/t.Error/t.Skip put before
// each message, with its indentation.
var goLogPrefix = regexp.MustCompile(`^(\s*)[^\s:]+\.go:\d+: `)

// maxMessageBytes is how much of a test's output its message keeps: a
// failure's cause comes first, and a file that repeats output events for
// one test must not grow a message (or the time to fold it) without end.
const maxMessageBytes = 64 << 10

// goOutput folds a test's output events, as they come, into its message:
// its own output without the testing package's framing, what it logged,
// reported or gave as its skip reason. A message's continuation lines lose
// the indentation the testing package added to them and keep their own.
// Each event is folded once (linear in the file), and the message stops
// growing at maxMessageBytes.
type goOutput struct {
	text   strings.Builder
	indent string
	lines  int
	cut    int // bytes of lines left out past maxMessageBytes
}

// add folds one output event.
func (o *goOutput) add(chunk string) {
	for _, line := range strings.Split(strings.TrimSuffix(chunk, "\n"), "\n") {
		if goFraming.MatchString(line) {
			continue
		}
		if m := goLogPrefix.FindStringSubmatch(line); m != nil {
			o.indent = m[1] + "    "
			o.line(line[len(m[0]):])
			continue
		}
		o.line(strings.TrimPrefix(line, o.indent))
	}
}

// line adds one line of the message, or counts it as cut.
func (o *goOutput) line(l string) {
	if o.cut > 0 || o.text.Len()+len(l) > maxMessageBytes {
		o.cut += len(l) + 1
		return
	}
	if o.lines > 0 {
		o.text.WriteByte('\n')
	}
	o.text.WriteString(l)
	o.lines++
}

// message is the folded output, "" for none (a nil o: the test printed
// nothing).
func (o *goOutput) message() string {
	if o == nil {
		return ""
	}
	msg := strings.TrimSpace(o.text.String())
	if o.cut > 0 {
		msg += fmt.Sprintf("\n… (%d more bytes of output)", o.cut)
	}
	return msg
}

// jsonOffset is where in a line encoding/json stopped, 0 when it does not
// say.
func jsonOffset(err error) int64 {
	switch e := err.(type) {
	case *json.SyntaxError:
		return e.Offset
	case *json.UnmarshalTypeError:
		return e.Offset
	}
	return 0
}

// lastLines is the end of a package's output, for an error.
func lastLines(lines []string, n int) string {
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	s := strings.TrimSpace(strings.Join(lines, ""))
	if s == "" {
		return "it printed nothing"
	}
	return fmt.Sprintf("%q", s)
}

// sortedKeys is the (package, test) keys of m in order, for a
// deterministic error.
func sortedKeys(m map[[2]string]bool) [][2]string {
	keys := make([][2]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i][0] != keys[j][0] {
			return keys[i][0] < keys[j][0]
		}
		return keys[i][1] < keys[j][1]
	})
	return keys
}
