package report

import (
	"html/template"
	"sync"
)

// htmlPage lays out an htmlView. It is polyglot markup (HTML5 that is also
// well-formed XML): void elements end in "/>", boolean attributes have a
// value, and the CSS has no '<' or '&'. The filters are CSS only: each
// "show only" link targets an empty anchor at the start of <body> (so
// following it scrolls to the top, the filters in view), and the
// :target rule of that anchor hides every row a status filter applies to
// (.fs) without that status's class, or a block filter (.fb) without the
// block's, so they work with script off. The page never scrolls sideways,
// at a desktop's 1280 px nor a phone's 390 px: each table sits in a box of
// its own (.wide) that scrolls instead, a labelled region a keyboard can
// focus; long names wrap (break-word), and hashes and test names break
// anywhere in a cell so a table can shrink. It is parsed on first use: every
// bqgen process initialises this package, the oracle server's included.
var htmlPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("report").Parse(htmlPageText))
})

const htmlPageText = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>{{.PageTitle}}</title>
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 1em; color: #1b1b1b; background: #fff; line-height: 1.4; overflow-wrap: break-word; }
h1 { font-size: 1.5em; margin: 0 0 .3em; }
h2 { font-size: 1.3em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.1em; }
table { border-collapse: collapse; margin: .6em 0; font-size: .92em; }
.wide { overflow-x: auto; max-width: 100%; }
.wide:focus-visible { outline: 3px solid #3a6ea5; }
caption { text-align: left; font-weight: bold; padding: .3em 0; max-width: calc(100vw - 3em); }
.prov { display: inline-block; max-width: 100%; }
.hash, .brk { overflow-wrap: anywhere; }
td .prov, .prov time { white-space: nowrap; }
th, td { border: 1px solid #bbb; padding: .25em .5em; text-align: left; vertical-align: top; }
thead th { background: #eef1f5; }
tbody th[scope=rowgroup] { background: #f6f6f6; font-weight: bold; }
a { color: #0b4f8a; }
td a, th a { color: inherit; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.num.wraps { white-space: normal; }
.s-pass { background: #dff3e0; }
.s-fail { background: #f9d6d5; }
.s-known { background: #fbecc8; }
.s-np, .s-ex, .s-sk { background: #e8e8f4; }
.s-notrun { background: #f3e1f3; }
.s-none { background: #f4f4f4; color: #555; }
.s-other { background: #fff; }
td.s-pass > a::before { content: "✓ " / ""; }
td.s-fail > a::before { content: "✗ " / ""; }
td.s-known > a::before { content: "⚠ " / ""; }
td.s-np > a::before { content: "∅ " / ""; }
td.s-ex > a::before { content: "⊘ " / ""; }
td.s-sk > a::before { content: "↷ " / ""; }
td.s-notrun > a::before { content: "○ " / ""; }
td.s-none > a::before { content: "– " / ""; }
td.s-other > a::before { content: "? " / ""; }
.older { color: #8a4b00; font-weight: bold; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7f7f7; padding: .4em; margin: .2em 0; }
.case { border-top: 1px solid #ddd; padding: .3em 0; }
.case h3 { margin: .3em 0; font-family: "DejaVu Sans Mono", monospace; font-size: 1em; overflow-wrap: anywhere; }
details { margin: .3em 0; }
summary { cursor: pointer; }
ul.results { list-style: none; padding-left: 0; }
ul.results > li { border-left: 4px solid #bbb; padding: .2em .5em; margin: .4em 0; }
ul.results > li.st-fail { border-color: #b3261e; }
ul.results > li.st-not_provided, ul.results > li.st-exempted, ul.results > li.st-skipped { border-color: #5b5b9a; }
ul.ids { margin: .2em 0; padding-left: 1.2em; overflow-wrap: anywhere; }
ul.filters { list-style: none; padding: 0; margin: .2em 0; }
ul.filters li { display: inline; }
nav p { margin: .4em 0 0; }
.filters a { display: inline-block; margin: .1em .2em; padding: .1em .4em; border: 1px solid #999; border-radius: 3px; text-decoration: none; color: #1b1b1b; }
.anchor { display: block; height: 0; }
.callout { border: 2px solid #b3261e; padding: .3em .8em; }
.trend { vertical-align: middle; }
:target { outline: 3px solid #3a6ea5; }
.anchor:target { outline: none; }
#only-pass:target ~ main .fs:not(.st-pass),
#only-fail:target ~ main .fs:not(.st-fail),
#only-known_failure:target ~ main .fs:not(.st-known_failure),
#only-not_provided:target ~ main .fs:not(.st-not_provided),
#only-exempted:target ~ main .fs:not(.st-exempted),
#only-skipped:target ~ main .fs:not(.st-skipped),
#only-not_run:target ~ main .fs:not(.st-not_run),
#only-not_generated:target ~ main .fs:not(.st-not_generated) { display: none; }
{{range .Filters}}{{if .Block}}#only-bk-{{.N}}:target ~ main .fb:not(.bk-{{.N}}) { display: none; }
{{end}}{{end}}</style>
</head>
<body>
<span class="anchor" id="all"></span>{{range .Filters}}<span class="anchor" id="{{.ID}}"></span>{{end}}
<header>
{{if .Index}}<h1>{{.Title}}</h1>
<p>{{len .SDKs}} SDK targets, {{.Cases}} cases; the newest suite read is <bdi>{{.Newest}}</bdi>.{{if .Blocks}} Interop score: <strong id="interop-score">{{.Interop.Share}}</strong> ({{.Interop.Passing}} of {{.Interop.Run}} cases pass in every SDK target that runs them).{{end}}</p>
{{else}}{{range .Targets}}<h1><bdi>{{.Name}}</bdi></h1>
<p><a href="{{$.Home}}">All SDK targets</a> · score {{.Score}}</p>
{{end}}{{end}}<p>Each status is shown as a symbol and words:{{range .Looks}} <span class="{{.Class}}"><span aria-hidden="true">{{.Symbol}}</span> {{.Label}}</span>{{end}}.</p>
<nav aria-label="Sections"><ul class="filters">{{if .Index}}<li><a href="#summary">SDK targets</a></li>{{if .Changes}}<li><a href="#changes">Changes</a></li>{{end}}<li><a href="#blocks">Blocks</a></li><li><a href="#matrix-section">Matrix</a></li><li><a href="#cases">Cases</a></li>{{end}}{{range .Targets}}<li><a href="#{{.ID}}"><bdi>{{.Name}}</bdi></a></li>{{end}}</ul></nav>
<nav aria-label="Filters"><p>Show only:</p><ul class="filters">{{range .Filters}}{{if not .Block}}<li><a href="#{{.ID}}">{{if .Symbol}}<span aria-hidden="true">{{.Symbol}}</span> {{end}}{{.Label}}</a></li>{{end}}{{end}}</ul>
<p>Only the block:</p><ul class="filters">{{range .Filters}}{{if .Block}}<li><a href="#{{.ID}}"><bdi>{{.Label}}</bdi></a></li>{{end}}{{end}}<li><a href="#all">everything</a></li></ul></nav>
</header>
<main>
{{if .Index}}<section id="summary">
<h2>SDK targets</h2>
<div class="wide" tabindex="0" role="region" aria-label="SDK targets table"><table id="summary-table">
<caption>Every SDK target: its score, the suite its tests were generated from, where and when it ran, its cases by status, and what its runners' own summaries said of bqgen's tests.</caption>
<thead><tr><th scope="col">SDK target (language)</th><th scope="col">Score</th><th scope="col">Trend</th><th scope="col">Suite and run</th>{{range .Looks}}<th scope="col"><span aria-hidden="true">{{.Symbol}}</span> {{.Label}}</th>{{end}}<th scope="col">Runner: passed / failed / skipped; unknown tests; not bqgen's</th></tr></thead>
<tbody>
{{range .SDKs}}<tr id="row-{{.ID}}"><th scope="row"><a href="{{.Href}}"><bdi>{{.Repository}}</bdi><br/><bdi>{{.Target}}</bdi></a> (<bdi>{{.Lang}}</bdi>)</th><td class="num wraps">{{.Score}}</td><td>{{template "trend" .Trend}}</td><td><span class="prov">suite <bdi>{{.Version}}</bdi></span>{{if .Older}}<br/><span class="older">older suite (newest: <bdi>{{$.Newest}}</bdi>)</span>{{end}}<br/>{{template "provenance" .}}</td>{{range .Counts}}<td class="num">{{.}}</td>{{end}}<td class="num wraps"><span class="prov">{{.Runner.Passed}} / {{.Runner.Failed}} / {{.Runner.Skipped}}</span><br/>{{len .Unknown}} unknown<br/>{{.Others}} not bqgen's</td></tr>
{{end}}</tbody>
</table></div>
</section>
{{with .Changes}}<section id="changes">
<h2>Changed since the previous report</h2>
<p>Compared with <bdi>{{.Previous}}</bdi>.</p>
{{with .Pruned}}<p>{{.}}</p>
{{end}}<h3>Newly failing ({{len .NewlyFailing}})</h3>
{{template "changes" .NewlyFailing}}
<h3>Newly passing ({{len .NewlyPassing}})</h3>
{{template "changes" .NewlyPassing}}
<h3>Other changes ({{len .Others}})</h3>
{{template "changes" .Others}}
</section>
{{end}}<section id="blocks">
<h2>Blocks</h2>
<div class="wide" tabindex="0" role="region" aria-label="Blocks table"><table id="blocks-table">
<caption>Per block: the share of results that pass (every SDK target's passing cases out of those it generates), the interop score (the cases that pass in every SDK target that runs them, out of the cases some target runs), and each SDK target's passing cases out of those it generates.</caption>
<thead><tr><th scope="col">Block</th><th scope="col">Cases</th><th scope="col">Results passing</th><th scope="col">Interop</th>{{range .SDKs}}<th scope="col"><bdi>{{.Name}}</bdi></th>{{end}}</tr></thead>
<tbody>
{{range .Blocks}}<tr class="fb bk-{{.N}}"><th scope="row"><a href="#{{.ID}}"><bdi>{{.Name}}</bdi></a></th><td class="num">{{len .Rows}}</td><td class="num">{{.Passed}}/{{.Generated}} ({{.Share}})</td><td class="num interop">{{.Interop.Passing}}/{{.Interop.Run}} ({{.Interop.Share}})</td>{{range .PerSDK}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}<tr><th scope="row">All blocks</th><td class="num">{{.Cases}}</td><td></td><td class="num interop">{{.Interop.Passing}}/{{.Interop.Run}} ({{.Interop.Share}})</td>{{range .SDKs}}<td class="num">{{.Score}}</td>{{end}}</tr>
</tbody>
</table></div>
</section>
<section id="matrix-section">
<h2>Case × SDK matrix</h2>
<div class="wide" tabindex="0" role="region" aria-label="Case × SDK matrix"><table id="matrix">
<caption>Every case's status on every SDK target, grouped by block; each cell links to that target's result (a passing case's entry links to its generated test where the report knows it).</caption>
<thead><tr><th scope="col">Case</th>{{range .SDKs}}<th scope="col"><a href="{{.Href}}"><bdi>{{.Repository}}</bdi><br/><bdi>{{.Target}}</bdi></a></th>{{end}}</tr></thead>
{{range .Blocks}}<tbody id="{{.ID}}">
<tr class="fb bk-{{.N}}"><th scope="rowgroup" colspan="{{$.Span}}">Block <bdi>{{.Name}}</bdi>: {{.Passed}} of {{.Generated}} results pass ({{.Share}}); interop {{.Interop.Share}}{{if .NotGenerating}}; {{.NotGenerating}} SDK targets do not generate it{{end}}</th></tr>
{{range .Rows}}<tr class="{{.Classes}}"><th scope="row"><a href="#{{.ID}}"><bdi>{{.CaseID}}</bdi></a></th>{{range .Cells}}<td class="{{.Look.Class}}"><a href="{{.Href}}">{{.Look.Label}}</a></td>{{end}}</tr>
{{end}}</tbody>
{{end}}</table></div>
</section>
{{end}}{{range .Targets}}{{template "target" .}}{{end}}
{{if .Index}}<section id="cases">
<h2>Cases</h2>
<p>What each case checks and expects, as the suite states it.</p>
{{range .Rows}}<div class="case {{.Classes}}" id="{{.ID}}">
<h3><bdi>{{.CaseID}}</bdi></h3>
{{if .Description}}<pre class="desc">{{.Description}}</pre>{{else if .Expectation}}<p>The suite describes it only by its manifest entry.</p>{{else}}<p>No description.</p>{{end}}
{{if .Expectation}}<p>Expected (the manifest entry):</p><pre class="expect">{{.Expectation}}</pre>{{end}}
{{if or .FixtureURL .ManifestURL}}<p>{{if .FixtureURL}}Fixture: <a href="{{.FixtureURL}}"><bdi>{{.Fixture}}</bdi></a>{{end}}{{if and .FixtureURL .ManifestURL}} · {{end}}{{if .ManifestURL}}<a href="{{.ManifestURL}}">manifest entry</a>{{end}}</p>{{end}}
</div>
{{end}}</section>
{{end}}</main>
</body>
</html>
{{define "provenance"}}{{if .Date}}<span class="prov">ran <time>{{.Date}}</time></span><br/>{{end}}{{if .Commit}}<span class="prov">commit {{if .CommitURL}}<a href="{{.CommitURL}}"><bdi class="hash">{{.ShortCommit}}</bdi></a>{{else}}<bdi class="hash">{{.ShortCommit}}</bdi>{{end}}</span><br/>{{else if .RepoURL}}<a href="{{.RepoURL}}">repository</a><br/>{{end}}{{if .Bqgen}}<span class="prov">bqgen <bdi>{{.Bqgen}}</bdi></span>{{end}}{{end}}
{{define "trend"}}{{if .}}<svg class="trend" width="120" height="28" viewBox="0 0 120 28" role="img" aria-label="{{.Label}}"><title>{{.Label}}</title>{{if .Points}}<polyline points="{{.Points}}" fill="none" stroke="#2e6b30" stroke-width="2"/>{{end}}<circle cx="{{.LastX}}" cy="{{.LastY}}" r="2.5" fill="#2e6b30"/></svg>{{else}}–{{end}}{{end}}
{{define "changes"}}{{if .}}<ul>
{{range .}}<li>{{if .Href}}<a href="{{.Href}}"><bdi>{{.Case}}</bdi></a>{{else}}<bdi>{{.Case}}</bdi>{{end}} on <bdi>{{.SDK}}</bdi>: <span aria-hidden="true">{{.From.Symbol}}</span> {{.From.Label}} → <span aria-hidden="true">{{.To.Symbol}}</span> {{.To.Label}}</li>
{{end}}</ul>{{else}}<p>None.</p>{{end}}{{end}}
{{define "entry"}}<li id="{{.ID}}" class="{{.Classes}}"><a href="{{.CaseHref}}"><bdi>{{.CaseID}}</bdi></a>{{if .TestURL}} (<a href="{{.TestURL}}">generated test</a>){{end}}</li>{{end}}
{{define "passing"}}<li id="{{.ID}}" class="{{.Classes}}"><a href="{{if .TestURL}}{{.TestURL}}{{else}}{{.CaseHref}}{{end}}">{{.CaseID}}</a></li>{{end}}
{{define "target"}}<section class="target" id="{{.ID}}" aria-labelledby="{{.ID}}-h">
<h2 id="{{.ID}}-h"><bdi>{{.Name}}</bdi> (<bdi>{{.Lang}}</bdi>): {{.Score}}</h2>
<p>Suite <bdi>{{.Version}}</bdi>{{if .Older}} <span class="older">(older suite)</span>{{end}}{{if .Date}} · <span class="prov">ran <time>{{.Date}}</time></span>{{end}}{{if .Commit}} · <span class="prov">commit {{if .CommitURL}}<a href="{{.CommitURL}}"><bdi class="hash">{{.Commit}}</bdi></a>{{else}}<bdi class="hash">{{.Commit}}</bdi>{{end}}</span>{{else if .RepoURL}} · <a href="{{.RepoURL}}">repository</a>{{end}}{{if .Bqgen}} · <span class="prov">bqgen <bdi>{{.Bqgen}}</bdi></span>{{end}}{{if .Trend}} · {{template "trend" .Trend}}{{end}}</p>
{{if .NewlyFailing}}<div class="callout"><h3>Newly failing since the previous report ({{len .NewlyFailing}})</h3><ul>
{{range .NewlyFailing}}<li><a href="{{.CaseHref}}"><bdi>{{.CaseID}}</bdi></a></li>
{{end}}</ul></div>
{{end}}{{if .Blocks}}<div class="wide" tabindex="0" role="region" aria-label="Blocks of {{.Name}}"><table class="target-blocks">
<caption>Cases of <bdi>{{.Name}}</bdi> per block and status</caption>
<thead><tr><th scope="col">Block</th><th scope="col">Passing</th>{{range .Looks}}<th scope="col"><span aria-hidden="true">{{.Symbol}}</span> {{.Label}}</th>{{end}}</tr></thead>
<tbody>
{{range .Blocks}}<tr><th scope="row"><a href="{{.Href}}"><bdi>{{.Name}}</bdi></a></th><td class="num">{{.Of}}</td>{{range .Counts}}<td class="num">{{.}}</td>{{end}}</tr>
{{end}}</tbody>
</table></div>
{{else}}<p>It generates none of the report's cases.</p>
{{end}}
<h3>Not passing ({{len .NotPassing}} distinct {{if eq (len .NotPassing) 1}}reason{{else}}reasons{{end}})</h3>
{{if .NotPassing}}<ul class="results">
{{range .NotPassing}}<li class="{{.Classes}}"><p><span class="{{.Look.Class}}"><span aria-hidden="true">{{.Look.Symbol}}</span> {{.Look.Label}}</span> × {{len .Entries}}</p>
{{if .Lines}}<pre>{{range $i, $l := .Lines}}{{if $i}}
{{end}}{{$l}}{{end}}</pre>{{end}}<ul class="ids">
{{range .Entries}}{{template "entry" .}}
{{end}}</ul></li>
{{end}}</ul>
{{else}}<p>None: every case it generates passes.</p>
{{end}}<ul class="results"><li class="{{.Passing.Classes}}"><details><summary><span aria-hidden="true">✓</span> Passing ({{len .Passing.Entries}})</summary><ul class="ids">
{{range .Passing.Entries}}{{template "passing" .}}
{{end}}</ul></details></li></ul>
<h3>Unknown tests ({{len .Unknown}})</h3>
{{if .Unknown}}<div class="wide" tabindex="0" role="region" aria-label="Unknown tests of {{.Name}}"><table>
<caption>Tests of a generated suite that the test index of <bdi>{{.Name}}</bdi> does not list</caption>
<thead><tr><th scope="col">Suite</th><th scope="col">Name</th><th scope="col">Outcome</th><th scope="col">Message</th></tr></thead>
<tbody>
{{range .Unknown}}<tr><td class="brk"><bdi>{{.Suite}}</bdi></td><th scope="row" class="brk"><bdi>{{.Name}}</bdi></th><td>{{.Outcome}}</td><td><pre>{{.Message}}</pre></td></tr>
{{end}}</tbody>
</table></div>
{{else}}<p>None.</p>
{{end}}</section>
{{end}}`
