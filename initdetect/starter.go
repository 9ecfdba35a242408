package initdetect

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/babelqueue/bqgen/config"
	"github.com/babelqueue/bqgen/model"
)

// StarterConfig is a bqgen.yaml for the package init found (info, nil when
// no manifest said) and the transport packages below it, commented with
// what each key does; it loads, generates and checks as it is.
func StarterConfig(lang string, info *Package, below map[string]*Package) string {
	var b strings.Builder
	fmt.Fprintf(&b, `# yaml-language-server: $schema=%s
# bqgen.yaml: how bqgen generates the conformance tests of this repository.
# bqgen generate and bqgen check, run anywhere below this file with no flags,
# process every target; bqgen check exits 1 when a target is out of date.
version: %d

# The conformance suite, relative to this file. Without it bqgen uses the
# suite it embeds. The suite is vendored next to each target's tests, as bqgen's
# copy: it mirrors this suite on every run.
# suite: ../conformance

# strict: true makes a block of the suite that this bqgen cannot generate an
# error instead of a warning, so CI notices a suite that moved ahead.
strict: false

# Each target's out is the root of the package it tests (relative to this
# file); bqgen puts the tests below it where %s keeps them.
targets:
`, config.SchemaURL, config.Version, lang)
	if info != nil && info.Messaging {
		writeMessagingTarget(&b, lang, info)
		return b.String()
	}
	if info != nil && info.Block != "" {
		fmt.Fprintf(&b, "  # This is the %s transport package %s (%s): its target runs the %s block;\n"+
			"  # the core's blocks belong to the core's own target.\n", info.Block, jsonQuote(info.Name), info.File, info.Block)
		writeTransportTarget(&b, lang, ".", info)
		return b.String()
	}
	if info == nil || !info.Workspace {
		writeCoreTarget(&b, lang, info)
	}
	dirs := make([]string, 0, len(below))
	for d := range below {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		fmt.Fprintf(&b, "  # The %s transport package %s (%s/%s).\n", below[d].Block, jsonQuote(below[d].Name), d, below[d].File)
		writeTransportTarget(&b, lang, d, below[d])
	}
	if len(dirs) == 0 {
		b.WriteString(transportExample(lang))
	}
	return b.String()
}

// writeCoreTarget writes the core SDK's target.
func writeCoreTarget(b *strings.Builder, lang string, info *Package) {
	var core []string
	for _, blk := range model.KnownBlocks {
		if !model.IsTransportBlock(blk) {
			core = append(core, blk)
		}
	}
	if info != nil {
		fmt.Fprintf(b, "  # The core SDK, %s (%s).\n", jsonQuote(info.Name), info.File)
	} else {
		b.WriteString("  # The core SDK.\n")
	}
	fmt.Fprintf(b, `  - lang: %s
    out: .
    # package: the package or namespace of the generated tests (default: the SDK's).
    # blocks: the blocks this target runs. The broker blocks (%s)
    # belong to the transport packages.
    blocks: [%s]
    # exemptions: cases this SDK does not pass yet, matched on "<block>/<case name>".
    # skip: the test skips with the reason. fail: a known failure; its test fails
    # with "now passes: remove the exemption" once the SDK passes the case.
    # The cases a first run fails need no hand-written exemption: after the tests
    # ran, bqgen baseline --results-dir DIR lists them in .bqgen/<lang>.baseline.
    # exemptions:
    #   - case: "cases/invalid-trace-id-*"
    #     action: fail
    #     reason: accepts() does not check trace_id yet (issue 123)
`, lang, strings.Join(model.TransportBlocks, ", "), strings.Join(core, ", "))
}

// writeMessagingTarget writes the target of a messaging layer's package:
// the messaging blocks, which its own types answer (settle-once settlement,
// messages that do not deserialize, failed writes).
func writeMessagingTarget(b *strings.Builder, lang string, info *Package) {
	fmt.Fprintf(b, `  # This is the messaging layer %s (%s): its target runs the messaging blocks,
  # mapped onto the layer's own types; the envelope and broker blocks belong to the SDKs.
  - lang: %s
    out: .
    blocks: [%s]
    # exemptions: cases where the layer departs from the specification, e.g.
    #   - case: "row_errors/excerpt-never-splits-a-character"
    #     action: fail
    #     reason: the excerpt cuts a surrogate pair in half
`, jsonQuote(info.Name), info.File, lang, strings.Join(model.MessagingBlocks, ", "))
}

// writeTransportTarget writes the target of the transport package info at
// out.
func writeTransportTarget(b *strings.Builder, lang, out string, info *Package) {
	fmt.Fprintf(b, "  - lang: %s\n    out: %s\n", lang, yamlScalar(out))
	if info.Package != "" {
		fmt.Fprintf(b, "    package: %s\n", yamlScalar(info.Package))
	}
	fmt.Fprintf(b, `    blocks: [%s]
    # exemptions:
    #   - case: "%s/<case name>"
    #     action: skip
    #     reason: why this package does not pass the case yet
`, info.Block, info.Block)
}

// transportExample says, per language, where a transport package's target
// goes when init found none: each example works as written once the
// directory it names is there.
func transportExample(lang string) string {
	switch lang {
	case "go":
		return `  # A transport module below this one (its own directory and go.mod, as in
  # babelqueue-go) is a target of its own, with out its directory, e.g.:
  #   - lang: go
  #     out: sqs
  #     blocks: [sqs]
`
	case "node":
		return `  # An adapter package of this workspace (packages/<name>, as in
  # babelqueue-node-adapters) is a target of its own, e.g.:
  #   - lang: node
  #     out: packages/sqs
  #     blocks: [sqs]
`
	case "python", "php":
		return `  # This package's transports live in it: to run a broker's block here, add
  # it to this target's blocks (e.g. blocks: [cases, ..., sqs]).
`
	}
	return fmt.Sprintf(`  # Each transport package is a repository of its own: run
  # bqgen init --lang %s there, and it writes that package's target.
`, lang)
}

// yamlScalar is s as a YAML double-quoted scalar when it is not a plain
// word (directory and package names come from the checkout).
func yamlScalar(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-") == "" && s[0] != '-' {
		return s
	}
	return jsonQuote(s)
}

// jsonQuote is s as a JSON string, which is also a YAML double-quoted
// scalar: every control character and line break escaped, so a name from a
// manifest stays on its one line, in a comment or a value.
func jsonQuote(s string) string {
	q, _ := json.Marshal(s) // a string always marshals
	return string(q)
}
