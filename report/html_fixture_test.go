package report

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/babelqueue/bqgen/results"
)

// Case ids a hostile or careless suite could hold: markup, quotes, entities,
// newlines, bidi overrides, controls, invalid UTF-8, and ids that a naive
// id encoding would merge.
var hostileIDs = []string{
	"core/plain_case",
	"core/<script>document.title='pwned'</script>",
	`core/quote"'&amp;<b>`,
	"core/new\nline",
	"core/rtl\u202Eevil\u2066x",
	"core/nul\x00esc\x1b[31mdel\x7f",
	"core/bad\xffutf8",
	"core/a_b", "core/a b", "core/a-b", "core/a.b", "core/a.2eb", "core/a.2Eb",
}

// hostileReport is a report of three SDK targets, built from model values,
// whose names, reasons and messages try to break out of the page.
func hostileReport() (Report, *Changes) {
	r := Report{Newest: "1.4.0"}
	for _, id := range hostileIDs {
		r.Cases = append(r.Cases, Case{ID: id, Block: "core", Description: "Checks " + id + ".\n<img src=x onerror=\"document.title='pwned'\">"})
	}
	r.Cases = append(r.Cases,
		Case{ID: "sqs/attribute_projection", Block: "sqs", Description: "SQS keeps message attributes."},
		Case{ID: "x</th><script>alert(1)</script>/c", Block: "x</th><script>alert(1)</script>", Description: ""},
	)
	statuses := []Status{Passed, Failed, KnownFailure, NotProvided, Exempted, Skipped, NotRun, "from_the_future\"<i>"}
	sdks := []SDK{
		{Repository: "babelqueue-go", Target: "go core", Lang: "go", ConformanceVersion: "1.4.0", Others: 5},
		{Repository: "node<script>alert('repo')</script>", Target: "node \"sqs\" & co", Lang: "node", ConformanceVersion: "1.3.0"},
		{Repository: "babelqueue-dotnet", Target: "dotnet\u202Ecore", Lang: "dotnet", ConformanceVersion: "1.4.0"},
	}
	for i := range sdks {
		sdks[i].Results = map[string]Result{}
		for k, c := range r.Cases {
			st := statuses[(k+i)%len(statuses)]
			if c.Block == "sqs" && i != 1 {
				st = NotGenerated
			}
			if i == 0 && c.ID == "core/plain_case" {
				st = Passed
			}
			res := Result{Status: st}
			switch st {
			case Failed:
				res.Message = "expected <b>1</b> & got 2\n</pre><script>document.title='pwned'</script>"
			case KnownFailure, NotProvided, Exempted, Skipped:
				res.Reason = "this SDK has no \"decode warnings\" hook <script>x</script>"
			}
			sdks[i].Results[c.ID] = res
		}
		sdks[i].Runner = results.Counts{Passed: 3 + i, Failed: 2, Skipped: 4}
	}
	sdks[0].Unknown = []results.Test{{Suite: "conformance<script>", Name: "TestGhost/\"x\"\n\u202Eevil", Outcome: results.Fail, Message: "boom </td>"}}
	r.SDKs = sdks
	changes := &Changes{
		Previous: "1.3.0 <script>: 2 targets",
		NewlyPassing: []Change{
			{Repository: "babelqueue-go", Target: "go core", Case: "core/plain_case", From: Failed, To: Passed},
		},
		NewlyFailing: []Change{
			{Repository: sdks[1].Repository, Target: sdks[1].Target, Case: hostileIDs[1], From: Passed, To: Failed},
		},
		Other: []Change{
			{Repository: "gone", Target: "gone core", Case: "core/removed<i>", From: NotRun, To: NotProvided},
		},
	}
	return r, changes
}

// domNode is an element (or a "#text" node) of a parsed page.
type domNode struct {
	name   string
	attr   map[string]string
	kids   []*domNode // elements and "#text" nodes, in document order
	text0  string     // a "#text" node's text
	parent *domNode
}

// parseMarkup parses markup with encoding/xml: strictly (the page must be
// well-formed XML) or, for a browser's serialized DOM, with HTML's void
// elements and entities.
func parseMarkup(t *testing.T, data []byte, strict bool) *domNode {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	if !strict {
		d.Strict = false
		d.AutoClose = xml.HTMLAutoClose
		d.Entity = xml.HTMLEntity
	}
	root := &domNode{name: "#root"}
	cur := root
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("parsing the page: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &domNode{name: strings.ToLower(tok.Name.Local), attr: map[string]string{}, parent: cur}
			for _, a := range tok.Attr {
				n.attr[strings.ToLower(a.Name.Local)] = a.Value
			}
			cur.kids = append(cur.kids, n)
			cur = n
		case xml.EndElement:
			if cur.parent == nil {
				t.Fatalf("unbalanced </%s>", tok.Name.Local)
			}
			cur = cur.parent
		case xml.CharData:
			cur.kids = append(cur.kids, &domNode{name: "#text", text0: string(tok), parent: cur})
		}
	}
	if cur != root {
		t.Fatalf("element <%s> is not closed", cur.name)
	}
	return root
}

// all returns the elements under n (n included) that match.
func (n *domNode) all(match func(*domNode) bool) []*domNode {
	var out []*domNode
	if match(n) {
		out = append(out, n)
	}
	for _, k := range n.kids {
		out = append(out, k.all(match)...)
	}
	return out
}

func elementNamed(name string) func(*domNode) bool {
	return func(n *domNode) bool { return n.name == name }
}

// text is n's text content.
func (n *domNode) text() string {
	var b strings.Builder
	b.WriteString(n.text0)
	for _, k := range n.kids {
		b.WriteString(k.text())
	}
	return b.String()
}

// elementsByID indexes the elements by id, failing on a duplicate.
func elementsByID(t *testing.T, root *domNode) map[string]*domNode {
	t.Helper()
	ids := map[string]*domNode{}
	for _, n := range root.all(func(n *domNode) bool { _, ok := n.attr["id"]; return ok }) {
		id := n.attr["id"]
		if ids[id] != nil {
			t.Errorf("id %q is used twice", id)
		}
		ids[id] = n
	}
	return ids
}

// within says whether n is inside an element with the given name.
func (n *domNode) within(name string) *domNode {
	for p := n.parent; p != nil; p = p.parent {
		if p.name == name {
			return p
		}
	}
	return nil
}
