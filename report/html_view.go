package report

import (
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/results"
)

// The HTML page's view: what the template shows, computed once, with every
// string from the model already through htmlText or htmlName and every id
// through htmlID. The template only lays it out.
type htmlView struct {
	Newest  string
	SDKs    []htmlSDK
	Cases   int
	Looks   []htmlStatusLook // the legend, in htmlStatuses order
	Blocks  []htmlBlock
	Changes *htmlChanges
	Span    int // the matrix's columns: the case and one per SDK target
}

type htmlSDK struct {
	ID, Name, Repository, Target, Lang, Version string
	Older                                       bool // generated from a suite older than the report's newest
	Counts                                      []int
	Runner                                      results.Counts
	Others                                      int
	Unknown                                     []htmlUnknown
	NotRun                                      []htmlLink
}

type htmlUnknown struct{ Suite, Name, Outcome, Message string }

type htmlLink struct{ Href, Text string }

type htmlBlock struct {
	ID, Name string
	Rows     []htmlRow
	// Passing counts the SDK targets that pass every case of the block;
	// Running those that generate at least one of its cases; NotGenerating
	// the rest.
	Passing, Running, NotGenerating int
	Share                           string // Passing of Running, as a percentage
}

type htmlRow struct {
	ID, CaseID, Description string
	Cells                   []htmlCell
}

type htmlCell struct {
	ID, SDK string
	Look    htmlStatusLook
	Reason  string
	Message string
	Open    bool // failures show their message without a click
	status  Status
}

type htmlChanges struct {
	Previous                           string
	NewlyPassing, NewlyFailing, Others []htmlChange
}

type htmlChange struct {
	Case, SDK, Href string
	From, To        htmlStatusLook
}

func newHTMLView(r Report, changes *Changes) htmlView {
	v := htmlView{
		Newest: htmlName(r.Newest),
		Cases:  len(r.Cases),
		Span:   len(r.SDKs) + 1,
	}
	for _, s := range htmlStatuses {
		v.Looks = append(v.Looks, htmlLooks[s])
	}
	for i, sdk := range r.SDKs {
		v.SDKs = append(v.SDKs, newHTMLSDK(r, i, sdk))
	}
	v.Blocks = newHTMLBlocks(r, v.SDKs)
	if changes != nil {
		v.Changes = newHTMLChanges(r, changes)
	}
	return v
}

// htmlResult is an SDK target's result on a case. The model promises one
// for every case of the report; a merged report that lacks one reads as
// not generated, which is what a missing case means.
func htmlResult(sdk SDK, caseID string) Result {
	if res, ok := sdk.Results[caseID]; ok {
		return res
	}
	return Result{Status: NotGenerated}
}

func newHTMLSDK(r Report, i int, sdk SDK) htmlSDK {
	h := htmlSDK{
		ID:         htmlSDKID(i),
		Name:       htmlName(sdk.Repository) + " · " + htmlName(sdk.Target),
		Repository: htmlName(sdk.Repository),
		Target:     htmlName(sdk.Target),
		Lang:       htmlName(sdk.Lang),
		Version:    htmlName(sdk.ConformanceVersion),
		Older:      htmlOlder(sdk.ConformanceVersion, r.Newest),
		Counts:     make([]int, len(htmlStatuses)),
		Runner:     sdk.Runner,
		Others:     sdk.Others,
	}
	for _, c := range r.Cases {
		st := htmlResult(sdk, c.ID).Status
		for k, s := range htmlStatuses {
			if s == st {
				h.Counts[k]++
			}
		}
		if st == NotRun {
			h.NotRun = append(h.NotRun, htmlLink{Href: "#" + htmlResultID(i, c.ID), Text: htmlName(c.ID)})
		}
	}
	for _, t := range sdk.Unknown {
		h.Unknown = append(h.Unknown, htmlUnknown{
			Suite: htmlName(t.Suite), Name: htmlName(t.Name),
			Outcome: htmlName(string(t.Outcome)), Message: htmlText(t.Message),
		})
	}
	return h
}

// newHTMLBlocks groups the cases by block, blocks in the order their first
// case comes in the suite.
func newHTMLBlocks(r Report, sdks []htmlSDK) []htmlBlock {
	var blocks []htmlBlock
	at := map[string]int{}
	for _, c := range r.Cases {
		k, ok := at[c.Block]
		if !ok {
			k = len(blocks)
			at[c.Block] = k
			blocks = append(blocks, htmlBlock{ID: htmlBlockID(c.Block), Name: htmlName(c.Block)})
		}
		row := htmlRow{ID: htmlCaseID(c.ID), CaseID: htmlName(c.ID), Description: htmlText(c.Description)}
		for i, sdk := range r.SDKs {
			res := htmlResult(sdk, c.ID)
			row.Cells = append(row.Cells, htmlCell{
				ID: htmlResultID(i, c.ID), SDK: sdks[i].Name, Look: htmlLook(res.Status),
				Reason: htmlText(res.Reason), Message: htmlText(res.Message),
				Open: res.Status == Failed, status: res.Status,
			})
		}
		blocks[k].Rows = append(blocks[k].Rows, row)
	}
	for k := range blocks {
		blocks[k].share(r)
	}
	return blocks
}

// share counts the SDK targets passing the block: a target passes it when
// it passes every case of the block it generates and generates at least
// one; a target that generates none is not counted either way.
func (b *htmlBlock) share(r Report) {
	for i := range r.SDKs {
		generated, passed := 0, 0
		for _, row := range b.Rows {
			switch row.Cells[i].status {
			case NotGenerated:
			case Passed:
				generated++
				passed++
			default:
				generated++
			}
		}
		switch {
		case generated == 0:
			b.NotGenerating++
		case passed == generated:
			b.Running++
			b.Passing++
		default:
			b.Running++
		}
	}
	if b.Running > 0 {
		b.Share = strconv.Itoa(b.Passing*100/b.Running) + "%"
	} else {
		b.Share = "–"
	}
}

func newHTMLChanges(r Report, c *Changes) *htmlChanges {
	return &htmlChanges{
		Previous:     htmlText(c.Previous),
		NewlyPassing: htmlChangeList(r, c.NewlyPassing),
		NewlyFailing: htmlChangeList(r, c.NewlyFailing),
		Others:       htmlChangeList(r, c.Other),
	}
}

// htmlChangeList links each change to its entry in the details, where the
// report still has that SDK target and case.
// The targets and cases are looked up in maps built once: there may be a
// change per cell of the report, and a scan of the targets and cases per
// change would cost cells × (targets + cases).
func htmlChangeList(r Report, changes []Change) []htmlChange {
	sdks := map[[2]string]int{}
	for i, s := range r.SDKs {
		if _, ok := sdks[[2]string{s.Repository, s.Target}]; !ok {
			sdks[[2]string{s.Repository, s.Target}] = i
		}
	}
	cases := make(map[string]bool, len(r.Cases))
	for _, c := range r.Cases {
		cases[c.ID] = true
	}
	var out []htmlChange
	for _, ch := range changes {
		h := htmlChange{
			Case: htmlName(ch.Case), SDK: htmlName(ch.Repository) + " · " + htmlName(ch.Target),
			From: htmlLook(ch.From), To: htmlLook(ch.To),
		}
		if i, ok := sdks[[2]string{ch.Repository, ch.Target}]; ok && cases[ch.Case] {
			h.Href = "#" + htmlResultID(i, ch.Case)
		}
		out = append(out, h)
	}
	return out
}

// htmlOlder says whether suite revision v is older than newest, comparing
// dot-separated parts numerically where both are numbers ("1.10.0" is newer
// than "1.9.0") and as text otherwise.
func htmlOlder(v, newest string) bool {
	a, b := strings.Split(v, "."), strings.Split(newest, ".")
	for k := 0; k < len(a) && k < len(b); k++ {
		x, errX := strconv.Atoi(a[k])
		y, errY := strconv.Atoi(b[k])
		switch {
		case errX == nil && errY == nil && x != y:
			return x < y
		case (errX != nil || errY != nil) && a[k] != b[k]:
			return a[k] < b[k]
		}
	}
	return len(a) < len(b)
}
