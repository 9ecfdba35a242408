package node

import (
	"fmt"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// Every generated test file puts its tests inside one describe block named
// for its block (blockDescribe). node:test's junit reporter names no file
// and gives every test the classname "test", so a generated test at a
// file's top level would be reported exactly like the SDK's own top-level
// tests: the block's describe is what tells a report the two apart (a test
// under it that the index lacks is unknown; the SDK's own tests are not).

// blockDescribe is the name of the describe block a block's tests are in:
// the suite of its tests in the test index, and the first part of the
// suite of a test in a nested describe ("conformance sqs > sqs
// attempts_reconciliation").
func blockDescribe(block string) string { return "conformance " + block }

// describeIndent indents the tests inside the block's describe.
const describeIndent = "  "

// describePath is the path of describe blocks around a test of block, as
// node:test's reporter nests its <testsuite> elements: the block's, then
// the test's own describe when it has one.
func describePath(block, describe string) string {
	if describe == "" {
		return blockDescribe(block)
	}
	return blockDescribe(block) + " > " + describe
}

// renderTestFile renders a block's test file and wraps everything after the
// frame (header, imports, the shared subject) in the block's describe,
// indented one level. The frame is rendered alone to find where the tests
// begin; a block template that does not open with it is a bqgen bug.
// Indenting every line is safe: every string the templates write is a
// one-line literal (tsString escapes line breaks).
func (b Backend) renderTestFile(f testFile) (backend.File, error) {
	file, err := b.render(f.Path, f.Root, f, backend.Generated)
	if err != nil {
		return backend.File{}, err
	}
	frame, err := b.render(f.Path, "frame.partial", f, backend.Generated)
	if err != nil {
		return backend.File{}, err
	}
	body, ok := strings.CutPrefix(string(file.Content), string(frame.Content))
	if !ok {
		return backend.File{}, fmt.Errorf("node: %s: template %s does not open with frame.partial", f.Path, f.Root)
	}
	var out strings.Builder
	out.Write(frame.Content)
	out.WriteString("\ndescribe(" + tsString(blockDescribe(f.block)) + ", () => {\n")
	for _, line := range strings.SplitAfter(strings.TrimLeft(body, "\n"), "\n") {
		if strings.TrimSpace(line) != "" {
			out.WriteString(describeIndent)
		}
		out.WriteString(line)
	}
	if !strings.HasSuffix(out.String(), "\n") {
		out.WriteString("\n")
	}
	out.WriteString("});\n")
	file.Content = []byte(out.String())
	return file, nil
}
