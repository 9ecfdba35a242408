package report

import "html/template"

// htmlPage lays out an htmlView. It is polyglot markup (HTML5 that is also
// well-formed XML): void elements end in "/>", boolean attributes have a
// value, and the CSS has no '<' or '&'.
var htmlPage = template.Must(template.New("report").Parse(htmlPageText))

const htmlPageText = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>BabelQueue conformance report</title>
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 1.5em; color: #1b1b1b; background: #fff; line-height: 1.4; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.3em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .6em 0; font-size: .92em; }
.wide { overflow-x: auto; }
caption { text-align: left; font-weight: bold; padding: .3em 0; }
th, td { border: 1px solid #bbb; padding: .25em .5em; text-align: left; vertical-align: top; }
thead th { background: #eef1f5; }
tbody th[scope=rowgroup] { background: #f6f6f6; font-weight: bold; }
td a, th a { color: inherit; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.s-pass { background: #dff3e0; }
.s-fail { background: #f9d6d5; }
.s-known { background: #fbecc8; }
.s-skip { background: #e8e8f4; }
.s-notrun { background: #f3e1f3; }
.s-none { background: #f4f4f4; color: #666; }
.s-other { background: #fff; }
.older { color: #8a4b00; font-weight: bold; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f7f7f7; padding: .4em; margin: .2em 0; }
.case { border-top: 1px solid #ddd; padding: .3em 0; }
.case h4 { margin: .3em 0; font-family: "DejaVu Sans Mono", monospace; }
details { margin: .2em 0 .2em 1em; }
:target { outline: 3px solid #3a6ea5; }
</style>
</head>
<body>
<header>
<h1>BabelQueue conformance report</h1>
<p>{{len .SDKs}} SDK targets, {{.Cases}} cases; the newest suite read is <bdi>{{.Newest}}</bdi>.</p>
<p>Each status is shown as a symbol and words:{{range .Looks}} <span class="{{.Class}}"><span aria-hidden="true">{{.Symbol}}</span> {{.Label}}</span>{{end}}.</p>
<nav><a href="#summary">SDK targets</a> · {{if .Changes}}<a href="#changes">Changes</a> · {{end}}<a href="#blocks">Blocks</a> · <a href="#matrix">Matrix</a> · <a href="#details">Details</a> · <a href="#unlisted">Unknown and not run</a></nav>
</header>
<main>
<section id="summary">
<h2>SDK targets</h2>
<div class="wide"><table id="summary-table">
<caption>Every SDK target: the suite its tests were generated from, its cases by status, and what its runners' own summaries said of bqgen's tests.</caption>
<thead><tr><th scope="col">SDK target (language)</th><th scope="col">Suite</th>{{range .Looks}}<th scope="col"><span aria-hidden="true">{{.Symbol}}</span> {{.Label}}</th>{{end}}<th scope="col">Runner: passed / failed / skipped</th><th scope="col">Unknown tests</th><th scope="col">Not bqgen's</th></tr></thead>
<tbody>
{{range .SDKs}}<tr id="{{.ID}}"><th scope="row"><bdi>{{.Repository}}</bdi><br/><bdi>{{.Target}}</bdi> (<bdi>{{.Lang}}</bdi>)</th><td><bdi>{{.Version}}</bdi>{{if .Older}}<br/><span class="older">older suite (newest: <bdi>{{$.Newest}}</bdi>)</span>{{end}}</td>{{range .Counts}}<td class="num">{{.}}</td>{{end}}<td class="num">{{.Runner.Passed}} / {{.Runner.Failed}} / {{.Runner.Skipped}}</td><td class="num">{{len .Unknown}}</td><td class="num">{{.Others}}</td></tr>
{{end}}</tbody>
</table></div>
</section>
{{with .Changes}}<section id="changes">
<h2>Changed since the previous report</h2>
<p>Compared with <bdi>{{.Previous}}</bdi>.</p>
<h3>Newly passing ({{len .NewlyPassing}})</h3>
{{template "changes" .NewlyPassing}}
<h3>Newly failing ({{len .NewlyFailing}})</h3>
{{template "changes" .NewlyFailing}}
<h3>Other changes ({{len .Others}})</h3>
{{template "changes" .Others}}
</section>
{{end}}<section id="blocks">
<h2>Blocks</h2>
<div class="wide"><table id="blocks-table">
<caption>Per block, the share of SDK targets that pass it: every case of the block they generate passes. Targets that generate none of its cases are not counted.</caption>
<thead><tr><th scope="col">Block</th><th scope="col">Cases</th><th scope="col">SDK targets passing</th><th scope="col">SDK targets running it</th><th scope="col">Share passing</th><th scope="col">Not generating it</th></tr></thead>
<tbody>
{{range .Blocks}}<tr><th scope="row"><a href="#{{.ID}}"><bdi>{{.Name}}</bdi></a></th><td class="num">{{len .Rows}}</td><td class="num">{{.Passing}}</td><td class="num">{{.Running}}</td><td class="num">{{.Share}}</td><td class="num">{{.NotGenerating}}</td></tr>
{{end}}</tbody>
</table></div>
</section>
<section id="matrix-section">
<h2>Case × SDK matrix</h2>
<div class="wide"><table id="matrix">
<caption>Every case's status on every SDK target, grouped by block; each cell links to the case's description and that target's reason or failure message.</caption>
<thead><tr><th scope="col">Case</th>{{range .SDKs}}<th scope="col"><a href="#{{.ID}}"><bdi>{{.Repository}}</bdi><br/><bdi>{{.Target}}</bdi></a></th>{{end}}</tr></thead>
{{range .Blocks}}<tbody id="{{.ID}}">
<tr><th scope="rowgroup" colspan="{{$.Span}}">Block <bdi>{{.Name}}</bdi>: {{.Passing}} of {{.Running}} SDK targets pass it ({{.Share}}){{if .NotGenerating}}; {{.NotGenerating}} do not generate it{{end}}</th></tr>
{{range .Rows}}<tr><th scope="row"><a href="#{{.ID}}"><bdi>{{.CaseID}}</bdi></a></th>{{range .Cells}}<td class="{{.Look.Class}}"><a href="#{{.ID}}"><span aria-hidden="true">{{.Look.Symbol}}</span> {{.Look.Label}}</a></td>{{end}}</tr>
{{end}}</tbody>
{{end}}</table></div>
</section>
<section id="details">
<h2>Details</h2>
{{range .Blocks}}<h3>Block <bdi>{{.Name}}</bdi></h3>
{{range .Rows}}<section class="case" id="{{.ID}}">
<h4><bdi>{{.CaseID}}</bdi></h4>
{{if .Description}}<pre class="desc">{{.Description}}</pre>{{else}}<p>No description.</p>{{end}}
{{range .Cells}}<details id="{{.ID}}"{{if .Open}} open="open"{{end}}><summary><bdi>{{.SDK}}</bdi>: <span class="{{.Look.Class}}"><span aria-hidden="true">{{.Look.Symbol}}</span> {{.Look.Label}}</span></summary>
{{if .Reason}}<p>Reason:</p><pre>{{.Reason}}</pre>{{end}}{{if .Message}}<p>Message:</p><pre>{{.Message}}</pre>{{end}}{{if not (or .Reason .Message)}}<p>No reason or message.</p>{{end}}
</details>
{{end}}</section>
{{end}}{{end}}</section>
<section id="unlisted">
<h2>Unknown tests and tests not run</h2>
<p>Unknown tests are tests of a generated suite that the target's test index does not list; tests not run are in the index and missing from the result files. Neither is dropped.</p>
{{range .SDKs}}<h3><bdi>{{.Name}}</bdi></h3>
<h4>Unknown tests ({{len .Unknown}})</h4>
{{if .Unknown}}<table>
<caption>Unknown tests of <bdi>{{.Name}}</bdi></caption>
<thead><tr><th scope="col">Suite</th><th scope="col">Name</th><th scope="col">Outcome</th><th scope="col">Message</th></tr></thead>
<tbody>
{{range .Unknown}}<tr><td><bdi>{{.Suite}}</bdi></td><th scope="row"><bdi>{{.Name}}</bdi></th><td>{{.Outcome}}</td><td><pre>{{.Message}}</pre></td></tr>
{{end}}</tbody>
</table>
{{else}}<p>None.</p>
{{end}}<h4>Not run ({{len .NotRun}})</h4>
{{if .NotRun}}<ul>
{{range .NotRun}}<li><a href="{{.Href}}"><bdi>{{.Text}}</bdi></a></li>
{{end}}</ul>
{{else}}<p>None.</p>
{{end}}{{end}}</section>
</main>
</body>
</html>
{{define "changes"}}{{if .}}<ul>
{{range .}}<li>{{if .Href}}<a href="{{.Href}}"><bdi>{{.Case}}</bdi></a>{{else}}<bdi>{{.Case}}</bdi>{{end}} on <bdi>{{.SDK}}</bdi>: <span aria-hidden="true">{{.From.Symbol}}</span> {{.From.Label}} → <span aria-hidden="true">{{.To.Symbol}}</span> {{.To.Label}}</li>
{{end}}</ul>{{else}}<p>None.</p>{{end}}{{end}}`
