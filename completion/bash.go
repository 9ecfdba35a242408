package completion

import (
	"fmt"
	"io"
	"strings"
)

// writeBash writes a bash completion function: it walks the words before
// the cursor to the command they name (skipping flags and flag values), then
// offers the values of the flag just typed (after a comma too, in a list),
// or that command's words.
func writeBash(w io.Writer, program string, t tree) error {
	if err := t.check(); err != nil {
		return err
	}
	fn := "_" + funcName(program)
	var b strings.Builder
	fmt.Fprintf(&b, "# bash completion for %[1]s: source <(%[1]s completion bash), or save it in\n", program)
	fmt.Fprintf(&b, "# /etc/bash_completion.d/%s or ~/.local/share/bash-completion/completions/%s.\n", program, program)
	fmt.Fprintf(&b, "%s() {\n", fn)
	b.WriteString("  local cur=${COMP_WORDS[COMP_CWORD]} prev='' path='' i w\n")
	b.WriteString("  (( COMP_CWORD > 0 )) && prev=${COMP_WORDS[COMP_CWORD-1]}\n")
	b.WriteString("  for ((i = 1; i < COMP_CWORD; i++)); do\n    w=${COMP_WORDS[i]}\n    case \"$w\" in\n")
	if vf := t.valueFlags(); len(vf) > 0 {
		fmt.Fprintf(&b, "      %s) ((i++)) ;;\n", "--"+strings.Join(vf, "|--"))
	}
	b.WriteString("      -*) ;;\n      *)\n        case \"$path/$w\" in\n")
	for _, p := range t.paths {
		if p == "" {
			continue
		}
		parent, name := splitPath(p)
		fmt.Fprintf(&b, "          '%s/%s') path=%s ;;\n", parent, name, bashQuote(p))
	}
	b.WriteString("        esac ;;\n    esac\n  done\n")
	b.WriteString("  case \"$path/$prev\" in\n")
	for _, p := range t.paths {
		for _, f := range t.commands[p].Flags {
			if !f.TakesValue {
				continue
			}
			switch {
			case len(f.Values) > 0 && f.List:
				fmt.Fprintf(&b, "    '%s/--%s') %s_list '%s' \"$cur\"; return ;;\n", p, f.Name, fn, strings.Join(f.Values, " "))
			case len(f.Values) > 0:
				fmt.Fprintf(&b, "    '%s/--%s') COMPREPLY=($(compgen -W '%s' -- \"$cur\")); return ;;\n", p, f.Name, strings.Join(f.Values, " "))
			case f.Files:
				fmt.Fprintf(&b, "    '%s/--%s') compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", p, f.Name)
			default: // a name only the user knows
				fmt.Fprintf(&b, "    '%s/--%s') COMPREPLY=(); return ;;\n", p, f.Name)
			}
		}
	}
	b.WriteString("  esac\n  local words=''\n  case \"$path\" in\n")
	for _, p := range t.paths {
		fmt.Fprintf(&b, "    '%s') words='%s' ;;\n", p, strings.Join(t.words(p), " "))
	}
	b.WriteString("  esac\n  COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n}\n")
	writeBashList(&b, fn)
	fmt.Fprintf(&b, "complete -F %s %s\n", fn, program)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeBashList writes fn_list VALUES WORD, which completes WORD as a
// comma-separated list: bash splits words at spaces, not commas, so the
// part after WORD's last comma is matched against VALUES and the part
// before it is kept in each reply (the shell replaces the whole word).
// Values already in the list are not offered again.
func writeBashList(b *strings.Builder, fn string) {
	fmt.Fprintf(b, "%s_list() {\n", fn)
	b.WriteString("  local head='' v\n")
	b.WriteString("  [[ $2 == *,* ]] && head=${2%,*},\n")
	b.WriteString("  COMPREPLY=()\n")
	b.WriteString("  for v in $(compgen -W \"$1\" -- \"${2##*,}\"); do\n")
	b.WriteString("    [[ ,$head == *,\"$v\",* ]] || COMPREPLY+=(\"$head$v\")\n")
	b.WriteString("  done\n}\n")
}

// funcName is program as part of a shell function's name.
func funcName(program string) string {
	return strings.NewReplacer("-", "_", ".", "_").Replace(program)
}

// splitPath splits "oracle serve" into "oracle" and "serve", "check" into
// "" and "check".
func splitPath(p string) (parent, name string) {
	if i := strings.LastIndexByte(p, ' '); i >= 0 {
		return p[:i], p[i+1:]
	}
	return "", p
}

// bashQuote quotes a path of plain words (checked) for an assignment.
func bashQuote(s string) string { return "'" + s + "'" }
