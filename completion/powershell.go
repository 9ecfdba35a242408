package completion

import (
	"fmt"
	"io"
	"strings"
)

// writePowerShell writes a native argument completer with the same walk as
// bash's: to the command the words name, then a flag's values or the
// command's words.
func writePowerShell(w io.Writer, program string, t tree) error {
	if err := t.check(); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# PowerShell completion for %[1]s: %[1]s completion powershell | Out-String | Invoke-Expression\n", program)
	fmt.Fprintf(&b, "Register-ArgumentCompleter -Native -CommandName %s -ScriptBlock {\n", program)
	b.WriteString("  param($wordToComplete, $commandAst, $cursorPosition)\n  $words = @{\n")
	for _, p := range t.paths {
		fmt.Fprintf(&b, "    '%s' = @(%s)\n", p, psList(t.words(p)))
	}
	b.WriteString("  }\n  $values = @{\n")
	var lists []string
	for _, p := range t.paths {
		for _, f := range t.commands[p].Flags {
			if len(f.Values) > 0 {
				fmt.Fprintf(&b, "    '%s|--%s' = @(%s)\n", p, f.Name, psList(f.Values))
				if f.List {
					lists = append(lists, p+"|--"+f.Name)
				}
			}
		}
	}
	var vf []string
	for _, f := range t.valueFlags() {
		vf = append(vf, "--"+f)
	}
	fmt.Fprintf(&b, "  }\n  $valueFlags = @(%s)\n  $lists = @(%s)\n", psList(vf), psList(lists))
	// Words are split by their extents, not by $wordToComplete: in a list
	// ("cases,id", an array to PowerShell) $wordToComplete is only what
	// follows the last comma, and after a bare comma it is empty.
	b.WriteString(`  $rest = @($commandAst.CommandElements | Select-Object -Skip 1)
  $elements = @($rest | Where-Object { $_.Extent.EndOffset -lt $cursorPosition } | ForEach-Object { $_.ToString() })
  $at = $rest | Where-Object { $_.Extent.StartOffset -le $cursorPosition -and $_.Extent.EndOffset -ge $cursorPosition } | Select-Object -First 1
  $path = ''
  for ($i = 0; $i -lt $elements.Count; $i++) {
    $w = $elements[$i]
    if ($valueFlags -contains $w) { $i++; continue }
    if ($w.StartsWith('-')) { continue }
    $next = if ($path) { "$path $w" } else { $w }
    if ($words.ContainsKey($next)) { $path = $next }
  }
  $prev = if ($elements.Count -gt 0) { $elements[-1] } else { '' }
  if ($values.ContainsKey("$path|$prev")) { $candidates = $values["$path|$prev"] }
  elseif ($valueFlags -contains $prev) { return $null }
  else { $candidates = $words[$path] }
  if ($lists -contains "$path|$prev" -and $at) {
    $typed = @($at.Extent.Text.Substring(0, $cursorPosition - $at.Extent.StartOffset) -split ',' | Select-Object -SkipLast 1)
    $candidates = @($candidates | Where-Object { $typed -notcontains $_ })
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
`)
	_, err := io.WriteString(w, b.String())
	return err
}

// psList is words as a PowerShell array's items; the words are plain
// (checked), so single quotes need no escape.
func psList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + w + "'"
	}
	return strings.Join(q, ", ")
}
