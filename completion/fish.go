package completion

import (
	"fmt"
	"io"
	"strings"
)

// writeFish writes fish `complete` lines: a command's words are offered
// once the words before them name it, a flag's values after the flag.
func writeFish(w io.Writer, program string, t tree) error {
	if err := t.check(); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# fish completion for %[1]s: %[1]s completion fish > ~/.config/fish/completions/%[1]s.fish\n", program)
	fmt.Fprintf(&b, "complete -c %s -f\n", program)
	list := writeFishList(&b, program)
	for _, p := range t.paths {
		cond := fishCondition(t, p)
		c := t.commands[p]
		for _, sub := range c.Subcommands {
			fmt.Fprintf(&b, "complete -c %s -n %s -a %s -d %s\n", program, fishQuote(cond), sub.Name, fishQuote(sub.Usage))
		}
		for _, f := range c.Flags {
			fmt.Fprintf(&b, "complete -c %s -n %s -l %s", program, fishQuote(cond), f.Name)
			switch {
			case len(f.Values) > 0 && f.List:
				// -a's words are expanded when completing: the function runs then.
				fmt.Fprintf(&b, " -x -a %s", fishQuote("("+list+" "+strings.Join(f.Values, " ")+")"))
			case len(f.Values) > 0:
				fmt.Fprintf(&b, " -x -a %s", fishQuote(strings.Join(f.Values, " ")))
			case f.Files:
				b.WriteString(" -r -F")
			case f.TakesValue:
				b.WriteString(" -x")
			}
			fmt.Fprintf(&b, " -d %s\n", fishQuote(f.Usage))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFishList writes a function that completes the token under the cursor
// as a comma-separated list of its arguments, and returns its name: fish
// matches a value against the whole token, so each value is offered after
// the token's last comma with what comes before it kept. Values already in
// the list are not offered again.
func writeFishList(b *strings.Builder, program string) string {
	name := "__" + funcName(program) + "_list"
	fmt.Fprintf(b, "function %s\n", name)
	// The token is the value itself, or --flag=value.
	b.WriteString("    set -l head (commandline -ct | string replace -r -- '^--[^=]*=' '' | string replace -r -- '[^,]*$' '')\n")
	b.WriteString("    for v in $argv\n")
	b.WriteString("        contains -- $v (string split -- , $head); or printf '%s%s\\n' $head $v\n")
	b.WriteString("    end\nend\n")
	return name
}

// fishCondition is true when the command line names the command at path:
// its last word has been seen and none of its subcommands has.
func fishCondition(t tree, path string) string {
	var subs []string
	for _, s := range t.commands[path].Subcommands {
		subs = append(subs, s.Name)
	}
	if path == "" {
		return "__fish_use_subcommand"
	}
	_, name := splitPath(path)
	cond := "__fish_seen_subcommand_from " + name
	if len(subs) > 0 {
		cond += "; and not __fish_seen_subcommand_from " + strings.Join(subs, " ")
	}
	return cond
}

// fishQuote is s in fish's single quotes, where only \ and ' are special.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
