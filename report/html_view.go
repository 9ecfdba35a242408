package report

import (
	"slices"
	"strconv"
	"strings"

	"github.com/babelqueue/bqgen/results"
)

// The HTML pages' view: what the templates show, computed once, with every
// string from the model already through htmlText or htmlName, every id
// through htmlID and every address through the link rules (links.go). The
// templates only lay it out.
type htmlView struct {
	Newest  string
	Cases   int
	Looks   []htmlStatusLook // the legend, in htmlStatuses order
	SDKs    []htmlSDK
	Blocks  []htmlBlock
	Interop htmlInterop // over every block
	Changes *htmlChanges
	Span    int // the matrix's columns: the case and one per SDK target

	// What this page holds: the index (summary, blocks, matrix, cases) and
	// which targets' sections; Home links back to the index on a target's
	// own page.
	Index   bool
	Targets []htmlSDK
	Home    string
	Filters []htmlFilter // status filters, then block filters
	Rows    []htmlCaseInfo

	// Title is the index's heading, PageTitle this page's <title>
	// (htmlTitles).
	Title, PageTitle string
	targetTitle      string // what follows a target's name in its page's title
}

// htmlFilter is one "show only" link and the anchor its CSS rule keys on.
type htmlFilter struct {
	ID, Label, Symbol string
	N                 int // the block's number, for a block filter's rule
	Block             bool
}

type htmlSDK struct {
	ID, Href, Name, Repository, Target, Lang, Version string
	Older                                             bool // generated from a suite older than the report's newest
	Counts                                            []int
	Score                                             string // "71/74 (95%)"
	Runner                                            results.Counts
	Others                                            int
	Unknown                                           []htmlUnknown
	// Provenance: any may be "".
	RepoURL, Commit, CommitURL, Date, Bqgen string
	ShortCommit                             string // Commit as the summary shows it (htmlShortCommit)
	Trend                                   *htmlTrend
	Blocks                                  []htmlSDKBlock
	NewlyFailing                            []htmlEntry
	NotPassing                              []htmlGroup
	Passing                                 htmlGroup
	Looks                                   []htmlStatusLook // the status columns' heads
	passed, total                           int
}

type htmlUnknown struct{ Suite, Name, Outcome, Message string }

// htmlSDKBlock is one target's counts on one block's cases, by status.
type htmlSDKBlock struct {
	Name, Href string
	N          int // the block's number (htmlBlock.N)
	Counts     []int
	Of         string // "passed/generated", "—" for none
	generated  bool   // the target generates one of its cases at least
}

// htmlGroup is a target's results of one status with one reason or
// message: shown once, with how many cases share it.
type htmlGroup struct {
	Look    htmlStatusLook
	Lines   []string // the reason or message, one line each
	Classes string   // the filter classes: its status and every block of its cases
	Entries []htmlEntry
	key     string
	blocks  []string        // the block classes of its entries, first seen first
	inGroup map[string]bool // which of them it holds: add stays linear
}

// htmlEntry is one target's result on one case. (A passing entry, alone
// in its list item, needs no <bdi>: htmlName has made every bidi control
// visible, and no text of the page follows it on its line.)
type htmlEntry struct {
	ID, CaseID, CaseHref, TestURL, Classes string
}

// htmlTrend is a target's passing cases over the recorded runs, drawn as
// an inline SVG polyline (none for a single point: its dot alone).
type htmlTrend struct {
	Points, Label string
	LastX, LastY  string
}

type htmlBlock struct {
	ID, Name string
	N        int
	Rows     []htmlRow
	// Results counts over the cases: passing results of all targets out of
	// those generated; Share that as a percentage.
	Passed, Generated int
	Share             string
	Interop           htmlInterop
	PerSDK            []string // "passed/generated" per target
	NotGenerating     int      // targets that generate none of its cases
}

// htmlInterop is the interop score: of the cases some target runs, those
// every target that runs them passes.
type htmlInterop struct {
	Passing, Run int
	Share        string
}

type htmlRow struct {
	ID, CaseID, Classes string
	Cells               []htmlCell
}

type htmlCell struct {
	Href   string
	Look   htmlStatusLook
	status Status
}

// htmlCaseInfo is what the suite says of one case.
type htmlCaseInfo struct {
	ID, CaseID, Block, Description, Expectation string
	Classes                                     string // its matrix row's filter classes
	FixtureURL, ManifestURL, Fixture            string
}

type htmlChanges struct {
	Previous                           string
	Pruned                             string // PrunedNote, when the history was pruned
	NewlyPassing, NewlyFailing, Others []htmlChange
}

type htmlChange struct {
	Case, SDK, Href string
	From, To        htmlStatusLook
}

// htmlPages says where each part of the report is: "" for one page, else
// the file of the index and of each target's page.
type htmlPages struct {
	index   string
	targets []string
}

// href is a link to element id on page file from page at.
func (p htmlPages) href(at, file, id string) string {
	if at == file {
		return "#" + id
	}
	return file + "#" + id
}

func newHTMLView(r Report, o HTMLOptions, pages htmlPages) htmlView {
	if o.History != nil {
		r = r.WithTrends(*o.History)
	}
	changes := o.Changes
	v := htmlView{Newest: htmlName(r.Newest), Cases: len(r.Cases), Span: len(r.SDKs) + 1}
	v.Title, v.targetTitle = htmlTitles(o.Title)
	for _, s := range htmlStatuses {
		v.Looks = append(v.Looks, htmlLooks[s])
	}
	blockN := map[string]int{}
	for _, b := range r.Blocks() {
		blockN[b] = len(blockN)
	}
	past := newHTMLPast(r, changes)
	for i, sdk := range r.SDKs {
		v.SDKs = append(v.SDKs, newHTMLSDK(r, i, sdk, pages, blockN, past))
	}
	v.Blocks, v.Interop = newHTMLBlocks(r, pages)
	if changes != nil {
		v.Changes = newHTMLChanges(r, changes, pages)
	}
	rowClasses := map[string]string{}
	for _, b := range v.Blocks {
		for k, row := range b.Rows {
			rowClasses[row.ID] = b.Rows[k].Classes
		}
	}
	for _, c := range r.Cases {
		v.Rows = append(v.Rows, htmlCaseInfo{
			Classes: rowClasses[htmlCaseID(c.ID)],
			ID:      htmlCaseID(c.ID), CaseID: htmlName(c.ID), Block: htmlName(c.Block),
			Description: htmlText(c.Description), Expectation: htmlText(c.Expectation),
			Fixture: htmlName(c.Fixture), FixtureURL: fixtureURL(r, c), ManifestURL: manifestURL(r, c),
		})
	}
	return v
}

// page is v as the page at file shows it: the index (with every target's
// section when the report is one page) or one target's page.
func (v htmlView) page(pages htmlPages, target int) htmlView {
	v.Filters = htmlStatusFilters()
	if target < 0 {
		v.Index, v.PageTitle = true, v.Title
		if pages.index == "" {
			v.Targets = v.SDKs
		}
	} else {
		v.Targets = []htmlSDK{v.SDKs[target]}
		v.Home = pages.index
		v.PageTitle = v.SDKs[target].Name + ": " + v.targetTitle
		// A target's own page filters by its own blocks only: a core's
		// page offers no transport block it never generates.
		for _, b := range v.SDKs[target].Blocks {
			v.Filters = append(v.Filters, htmlFilter{ID: "only-bk-" + strconv.Itoa(b.N), Label: b.Name, N: b.N, Block: true})
		}
		return v
	}
	for _, b := range v.Blocks {
		v.Filters = append(v.Filters, htmlFilter{ID: "only-bk-" + strconv.Itoa(b.N), Label: b.Name, N: b.N, Block: true})
	}
	return v
}

func htmlStatusFilters() []htmlFilter {
	var out []htmlFilter
	for _, s := range htmlStatuses {
		l := htmlLooks[s]
		out = append(out, htmlFilter{ID: "only-" + string(s), Label: l.Label, Symbol: l.Symbol})
	}
	return out
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

// htmlStatusClass is the filter class of a status ("st-other" for one this
// version does not know: its name is not safe in a class).
func htmlStatusClass(s Status) string {
	if _, ok := htmlLooks[s]; ok {
		return "st-" + string(s)
	}
	return "st-other"
}

func newHTMLSDK(r Report, i int, sdk SDK, pages htmlPages, blockN map[string]int, past htmlPast) htmlSDK {
	at := pages.index
	if pages.targets != nil {
		at = pages.targets[i]
	}
	h := htmlSDK{
		ID:         htmlSDKID(i),
		Href:       pages.href(pages.index, at, htmlSDKID(i)),
		Name:       htmlName(sdk.Repository) + " · " + htmlName(sdk.Target),
		Repository: htmlName(sdk.Repository),
		Target:     htmlName(sdk.Target),
		Lang:       htmlName(sdk.Lang),
		Version:    htmlName(sdk.ConformanceVersion),
		Older:      htmlOlder(sdk.ConformanceVersion, r.Newest),
		Counts:     make([]int, len(htmlStatuses)),
		Runner:     sdk.Runner,
		Others:     sdk.Others,
		RepoURL:    sdk.RepositoryURL,
		Commit:     htmlName(sdk.Commit),
		CommitURL:  commitURL(sdk),
		Date:       htmlName(sdk.Date),
		Bqgen:      htmlName(sdk.Bqgen),
	}
	h.ShortCommit = htmlName(htmlShortCommit(sdk.Commit))
	for _, s := range htmlStatuses {
		h.Looks = append(h.Looks, htmlLooks[s])
	}
	h.results(r, i, sdk, pages, at, blockN)
	h.passed, h.total = sdk.Score()
	h.Score = strconv.Itoa(h.passed) + "/" + strconv.Itoa(h.total) + " (" + percent(h.passed, h.total) + ")"
	for _, t := range sdk.Unknown {
		h.Unknown = append(h.Unknown, htmlUnknown{
			Suite: htmlName(t.Suite), Name: htmlName(t.Name),
			Outcome: htmlName(string(t.Outcome)), Message: htmlText(cleanMessage(t.Message)),
		})
	}
	h.Trend = newHTMLTrend(sdk.Trend)
	name := [2]string{sdk.Repository, sdk.Target}
	for _, ch := range past.failing[name] {
		if k, ok := past.cases[ch.Case]; ok {
			h.NewlyFailing = append(h.NewlyFailing, htmlEntry{ID: htmlResultID(i, k), CaseID: htmlName(ch.Case), CaseHref: "#" + htmlResultID(i, k)})
		}
	}
	return h
}

// htmlShortCommit is a commit as the summary table shows it: a full hash
// (40 or 64 hex digits) as its first 12, as Git abbreviates one, so that
// the summary's provenance column stays narrow enough for a desktop's
// width; a tag or branch name whole. Its link and the target's section
// keep the whole hash.
func htmlShortCommit(c string) string {
	if len(c) != 40 && len(c) != 64 {
		return c
	}
	for _, r := range c {
		if !strings.ContainsRune("0123456789abcdefABCDEF", r) {
			return c
		}
	}
	return c[:12]
}

// htmlPast is what the changes say of each target, read once for all of
// them: a pass over the changes per target cost targets × their size.
// (The history's trends are the SDKs' own, WithTrends, read once too.)
type htmlPast struct {
	failing map[[2]string][]Change // the newly failing cases, by repository and target
	cases   map[string]int         // each case's place (htmlCaseIndex)
}

func newHTMLPast(r Report, changes *Changes) htmlPast {
	past := htmlPast{cases: htmlCaseIndex(r), failing: map[[2]string][]Change{}}
	if changes != nil {
		for _, ch := range changes.NewlyFailing {
			name := [2]string{ch.Repository, ch.Target}
			past.failing[name] = append(past.failing[name], ch)
		}
	}
	return past
}

// results files every case's result: counted per block and status,
// passing ones in one folded group, the others grouped by status and
// reason, failures first.
func (h *htmlSDK) results(r Report, i int, sdk SDK, pages htmlPages, at string, blockN map[string]int) {
	blocks := make([]htmlSDKBlock, len(blockN))
	for b, n := range blockN {
		blocks[n] = htmlSDKBlock{Name: htmlName(b), N: n, Href: pages.href(at, pages.index, htmlBlockID(b)), Counts: make([]int, len(htmlStatuses))}
	}
	groups := map[string]int{}
	h.Passing = htmlGroup{Look: htmlLooks[Passed]}
	for n, c := range r.Cases {
		res := htmlResult(sdk, c.ID)
		k := htmlStatusIndex(res.Status)
		if k >= 0 {
			h.Counts[k]++
			blocks[blockN[c.Block]].Counts[k]++
		}
		if res.Status == NotGenerated {
			continue
		}
		blocks[blockN[c.Block]].generated = true
		bk := "bk-" + strconv.Itoa(blockN[c.Block])
		e := htmlEntry{
			ID: htmlResultID(i, n), CaseID: htmlName(c.ID), Classes: "fb " + bk,
			CaseHref: pages.href(at, pages.index, htmlCaseID(c.ID)), TestURL: testURL(sdk, res),
		}
		if res.Status == Passed {
			if pages.targets == nil {
				// One page for every target: a link per passing result
				// would be a third of its size at 23 targets. A passing
				// case leads to the case; the site's target pages, one
				// per target, link each passing test.
				e.TestURL = ""
			}
			h.Passing.add(e, bk)
			continue
		}
		text := res.Reason
		if message := unlessSaid(res.Message, res.Reason); message != "" {
			text = strings.TrimSpace(text + "\n" + message)
		}
		key := string(res.Status) + "\x00" + text
		g, ok := groups[key]
		if !ok {
			g = len(h.NotPassing)
			groups[key] = g
			h.NotPassing = append(h.NotPassing, htmlGroup{Look: htmlLook(res.Status), Lines: messageLines(text), key: string(res.Status)})
		}
		h.NotPassing[g].add(e, bk)
	}
	h.Passing.setClasses("st-pass")
	for g := range h.NotPassing {
		h.NotPassing[g].setClasses(htmlStatusClass(Status(h.NotPassing[g].key)))
	}
	htmlSortGroups(h.NotPassing)
	h.Blocks = ownBlocks(blocks)
}

// ownBlocks are the blocks a target generates a case of, measured: a
// block all of whose cases it does not generate (a transport's, on a
// core's page) is no part of its section.
func ownBlocks(blocks []htmlSDKBlock) []htmlSDKBlock {
	var own []htmlSDKBlock
	for _, b := range blocks {
		if b.generated {
			b.Of = passedOf(blockCounts(b.Counts))
			own = append(own, b)
		}
	}
	return own
}

// add puts e in the group, and its block among the group's classes.
func (g *htmlGroup) add(e htmlEntry, bk string) {
	g.Entries = append(g.Entries, e)
	if g.inGroup == nil {
		g.inGroup = map[string]bool{}
	}
	if !g.inGroup[bk] {
		g.inGroup[bk] = true
		g.blocks = append(g.blocks, bk)
	}
}

// setClasses gives the group its filter classes, once every entry is in:
// both filters, its status and the blocks of its cases. (Built once, so a
// group of many blocks costs their number, not its square.)
func (g *htmlGroup) setClasses(status string) {
	g.Classes = strings.Join(append([]string{"fs", "fb", status}, g.blocks...), " ")
}

// htmlSortGroups orders groups by status (failures first, in htmlStatuses
// order after pass; unknown statuses last), stably: within a status, in the
// order of their first case.
func htmlSortGroups(gs []htmlGroup) {
	rank := func(g htmlGroup) int {
		if k := htmlStatusIndex(Status(g.key)); k >= 0 {
			return k
		}
		return len(htmlStatuses)
	}
	slices.SortStableFunc(gs, func(a, b htmlGroup) int { return rank(a) - rank(b) })
}

func htmlStatusIndex(s Status) int {
	for k, st := range htmlStatuses {
		if st == s {
			return k
		}
	}
	return -1
}

// blockCounts turns counts in htmlStatuses order into a map for passedOf.
func blockCounts(counts []int) map[Status]int {
	m := map[Status]int{}
	for k, n := range counts {
		m[htmlStatuses[k]] = n
	}
	return m
}

// percent is n of total as a whole percentage, rounded down (so 99.9%
// never reads 100%), "–" of nothing.
func percent(n, total int) string {
	if total == 0 {
		return "–"
	}
	return strconv.Itoa(n*100/total) + "%"
}

// newHTMLBlocks groups the matrix's rows by block, blocks in the order
// their first case comes in the suite, and measures each block over its
// cases; the second result is the interop score over every block.
func newHTMLBlocks(r Report, pages htmlPages) ([]htmlBlock, htmlInterop) {
	var blocks []htmlBlock
	at := map[string]int{}
	for n, c := range r.Cases {
		k, ok := at[c.Block]
		if !ok {
			k = len(blocks)
			at[c.Block] = k
			blocks = append(blocks, htmlBlock{ID: htmlBlockID(c.Block), Name: htmlName(c.Block), N: k})
		}
		row := htmlRow{ID: htmlCaseID(c.ID), CaseID: htmlName(c.ID)}
		seen := map[Status]bool{}
		classes := []string{"fs", "fb", "bk-" + strconv.Itoa(k)}
		for i, sdk := range r.SDKs {
			res := htmlResult(sdk, c.ID)
			file := pages.index
			if pages.targets != nil {
				file = pages.targets[i]
			}
			// A case a target does not generate has no result entry: its
			// cell leads to what the suite says of the case.
			href := pages.href(pages.index, file, htmlResultID(i, n))
			if res.Status == NotGenerated {
				href = "#" + htmlCaseID(c.ID)
			}
			row.Cells = append(row.Cells, htmlCell{Href: href, Look: htmlLook(res.Status), status: res.Status})
			if !seen[res.Status] {
				seen[res.Status] = true
				classes = append(classes, htmlStatusClass(res.Status))
			}
		}
		row.Classes = strings.Join(classes, " ")
		blocks[k].Rows = append(blocks[k].Rows, row)
	}
	var all htmlInterop
	for k := range blocks {
		blocks[k].measure(r)
		all.Passing += blocks[k].Interop.Passing
		all.Run += blocks[k].Interop.Run
	}
	all.Share = percent(all.Passing, all.Run)
	return blocks, all
}

// measure counts the block over its cases: every target's passing results
// out of its generated ones, per target and in all; and the interop score,
// the cases that every target generating them passes, out of the cases at
// least one target generates.
func (b *htmlBlock) measure(r Report) {
	for i := range r.SDKs {
		counts := map[Status]int{}
		for _, row := range b.Rows {
			counts[row.Cells[i].status]++
		}
		b.PerSDK = append(b.PerSDK, passedOf(counts))
		if len(b.Rows) == counts[NotGenerated] {
			b.NotGenerating++
		}
	}
	for _, row := range b.Rows {
		run, pass := 0, 0
		for _, cell := range row.Cells {
			if cell.status == NotGenerated {
				continue
			}
			run++
			if cell.status == Passed {
				pass++
			}
		}
		b.Generated += run
		b.Passed += pass
		if run > 0 {
			b.Interop.Run++
			if pass == run {
				b.Interop.Passing++
			}
		}
	}
	b.Share = percent(b.Passed, b.Generated)
	b.Interop.Share = percent(b.Interop.Passing, b.Interop.Run)
}

func newHTMLChanges(r Report, c *Changes, pages htmlPages) *htmlChanges {
	pruned := ""
	if c.HistoryPruned > 0 {
		pruned = PrunedNote(c.HistoryPruned)
	}
	return &htmlChanges{
		Previous:     htmlText(c.Previous),
		Pruned:       pruned,
		NewlyPassing: htmlChangeList(r, c.NewlyPassing, pages),
		NewlyFailing: htmlChangeList(r, c.NewlyFailing, pages),
		Others:       htmlChangeList(r, c.Other, pages),
	}
}

// htmlChangeList links each change to its entry in the target's section,
// where the report still has that SDK target and case. The targets and
// cases are looked up in maps built once: there may be a change per cell of
// the report, and a scan of the targets and cases per change would cost
// cells × (targets + cases).
func htmlChangeList(r Report, changes []Change, pages htmlPages) []htmlChange {
	sdks := map[[2]string]int{}
	for i, s := range r.SDKs {
		if _, ok := sdks[[2]string{s.Repository, s.Target}]; !ok {
			sdks[[2]string{s.Repository, s.Target}] = i
		}
	}
	cases := htmlCaseIndex(r)
	var out []htmlChange
	for _, ch := range changes {
		h := htmlChange{
			Case: htmlName(ch.Case), SDK: htmlName(ch.Repository) + " · " + htmlName(ch.Target),
			From: htmlLook(ch.From), To: htmlLook(ch.To),
		}
		k, known := cases[ch.Case]
		if i, ok := sdks[[2]string{ch.Repository, ch.Target}]; ok && known && htmlResult(r.SDKs[i], ch.Case).Status != NotGenerated {
			file := pages.index
			if pages.targets != nil {
				file = pages.targets[i]
			}
			h.Href = pages.href(pages.index, file, htmlResultID(i, k))
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

// htmlCaseIndex is each case id's place in the report's cases (its
// results' ids are made of it).
func htmlCaseIndex(r Report) map[string]int {
	cases := make(map[string]int, len(r.Cases))
	for k, c := range r.Cases {
		if _, dup := cases[c.ID]; !dup {
			cases[c.ID] = k
		}
	}
	return cases
}
