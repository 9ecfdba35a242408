package java

import (
	"regexp"
	"strings"
)

// A light reader of the SDK's scaffold (Java source the SDK owns, so any
// formatting): enough to find the methods of its top-level class and their
// parameter and return types, for AuditScaffold. It is not a parser: it
// blanks comments and literals, counts braces and matches declarations.
//
// It is linear in the file, whatever the file holds (issue 27: a few hundred
// KB of method heads that never close made it rescan the rest of the file
// for each): the brace depths and the closing parenthesis of every opening
// one are found in one pass each, line numbers are counted forward, and no
// part of methodHead can run past the parenthesis that ends a match.

// javaMethod is one method the scaffold's top-level class declares.
type javaMethod struct {
	Name     string
	Returns  string   // normalised (see javaTypeText)
	Params   []string // the parameter types, normalised
	Override bool     // annotated @Override
	Public   bool
	Line     int // 1-based, where the name is
}

// methodHead matches a method declaration up to its opening parenthesis:
// annotations, modifiers, type parameters, the return type and the name.
//
// An annotation's arguments hold no parenthesis ([^()]*, as javac's would
// not once literals are blanked, nested annotations aside, which the reader
// never matched): an argument list that never closes then ends at the next
// parenthesis instead of keeping a match attempt alive to the end of the
// file for every head after it.
var methodHead = regexp.MustCompile(`((?:@[\w.]+(?:\s*\([^()]*\))?\s*)*)` +
	`((?:(?:public|protected|private|static|final|synchronized|abstract|native|strictfp|default)\s+)*)` +
	`(?:<[^;{}()]*?>\s*)?([\w.$]+(?:\s*<[^;{}()]*?>)?(?:\s*\[\s*\])*)\s+(\w+)\s*\(`)

// notAType holds the keywords that may precede a name and a parenthesis
// where the "return type" is not one ("new Foo(", "return bar(").
var notAType = map[string]bool{"new": true, "return": true, "throw": true, "else": true, "yield": true}

// overrideAnnotation matches @Override among a declaration's annotations.
var overrideAnnotation = regexp.MustCompile(`@(java\.lang\.)?Override\b`)

// classMethods returns the methods declared directly in the top-level
// class of src (brace depth 1), by name.
func classMethods(src string) map[string][]javaMethod {
	code := blankNonCode(src)
	depth := braceDepths(code)
	closing := closingParens(code)
	lines := lineCounter{text: src}
	methods := map[string][]javaMethod{}
	heads := methodHead.FindAllStringSubmatchIndex(code, -1)
	for i, m := range heads {
		start, nameAt, open := m[0], m[8], m[1]-1
		if depth[start] != 1 || notAType[code[m[6]:m[7]]] {
			continue // a call or a statement, not a member declaration
		}
		end := closing[open]
		if end < 0 || i+1 < len(heads) && end > heads[i+1][0] {
			// No parameter list closes before the next head: Java's never
			// holds one, and reading through it would read each head's
			// text again for every head around it.
			continue
		}
		name := code[m[8]:m[9]]
		methods[name] = append(methods[name], javaMethod{
			Name:     name,
			Returns:  javaTypeText(code[m[6]:m[7]]),
			Params:   paramTypes(code[open+1 : end]),
			Override: overrideAnnotation.MatchString(code[m[2]:m[3]]),
			Public:   strings.Contains(" "+code[m[4]:m[5]], " public "),
			Line:     lines.at(nameAt),
		})
	}
	return methods
}

// blankNonCode replaces comments and string, text block and character
// literals by spaces (keeping newlines), so braces and parentheses in them
// count for nothing and offsets stay those of src.
func blankNonCode(src string) string {
	b := []byte(src)
	blank := func(from, to int) {
		for i := from; i < to && i < len(b); i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	for i := 0; i < len(src); {
		rest := src[i:]
		var end int
		switch {
		case strings.HasPrefix(rest, "//"):
			end = strings.IndexByte(rest, '\n')
		case strings.HasPrefix(rest, "/*"):
			if end = strings.Index(rest[2:], "*/"); end >= 0 {
				end += 4
			}
		case strings.HasPrefix(rest, `"""`):
			if end = strings.Index(rest[3:], `"""`); end >= 0 {
				end += 6
			}
		case rest[0] == '"' || rest[0] == '\'':
			end = literalEnd(rest)
		default:
			i++
			continue
		}
		if end < 0 {
			end = len(rest)
		}
		blank(i, i+end)
		i += end
	}
	return string(b)
}

// literalEnd is the length of the string or character literal rest starts
// with, escapes included; an unterminated one ends at the line's end.
func literalEnd(rest string) int {
	quote := rest[0]
	for i := 1; i < len(rest); i++ {
		switch rest[i] {
		case '\\':
			i++
		case quote:
			return i + 1
		case '\n':
			return i
		}
	}
	return len(rest)
}

// braceDepths is, for each offset of code, the number of braces open
// before it.
func braceDepths(code string) []int {
	depth := make([]int, len(code)+1)
	d := 0
	for i := 0; i < len(code); i++ {
		depth[i] = d
		switch code[i] {
		case '{':
			d++
		case '}':
			d--
		}
	}
	depth[len(code)] = d
	return depth
}

// closingParens maps the offset of every opening parenthesis of code to
// the offset of the one closing it, or -1 when none does, in one pass with a
// stack of the open ones (other offsets map to 0).
func closingParens(code string) []int {
	closing := make([]int, len(code))
	var open []int
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '(':
			open = append(open, i)
		case ')':
			if len(open) > 0 {
				closing[open[len(open)-1]] = i
				open = open[:len(open)-1]
			}
		}
	}
	for _, i := range open {
		closing[i] = -1
	}
	return closing
}

// lineCounter numbers the lines of text at offsets asked in increasing
// order, counting newlines forward from the last offset asked: linear over
// all the offsets of one file.
type lineCounter struct {
	text string
	at0  int // the last offset asked
	line int // the 0-based line of at0
}

// at is the 1-based line of offset i, which is not before the last one
// asked.
func (c *lineCounter) at(i int) int {
	c.line += strings.Count(c.text[c.at0:i], "\n")
	c.at0 = i
	return c.line + 1
}

// paramTypes is the normalised types of a formal parameter list.
func paramTypes(list string) []string {
	var types []string
	for _, p := range splitTopLevel(list) {
		p = annotations.ReplaceAllString(p, " ")
		fields := strings.Fields(p)
		var kept []string
		for _, f := range fields {
			if f != "final" {
				kept = append(kept, f)
			}
		}
		if len(kept) < 2 {
			continue
		}
		// The name is the last word; what precedes it is the type, however spaced.
		joined := strings.Join(kept, " ")
		cut := strings.LastIndexAny(joined, " >]")
		types = append(types, javaTypeText(joined[:cut+1]))
	}
	return types
}

// annotations matches a parameter's annotations (@Nullable, @Foo(x = 1)).
var annotations = regexp.MustCompile(`@[\w.]+(\s*\([^)]*\))?`)

// splitTopLevel splits list at the commas outside angle brackets.
func splitTopLevel(list string) []string {
	var parts []string
	d, from := 0, 0
	for i := 0; i < len(list); i++ {
		switch list[i] {
		case '<':
			d++
		case '>':
			d--
		case ',':
			if d == 0 {
				parts = append(parts, list[from:i])
				from = i + 1
			}
		}
	}
	if strings.TrimSpace(list[from:]) != "" {
		parts = append(parts, list[from:])
	}
	return parts
}

// qualifier matches a package or enclosing type name before a dot.
var qualifier = regexp.MustCompile(`\b[A-Za-z_$][\w$]*\s*\.\s*`)

// javaTypeText is a type as written, without white space or qualifiers, so
// "java.util.Map<String, ConformanceSubject.SqsAttribute>" and the
// interface's "Map<String, SqsAttribute>" compare equal.
func javaTypeText(t string) string {
	t = strings.ReplaceAll(t, "...", "[]")
	t = qualifier.ReplaceAllString(t, "")
	return strings.Join(strings.Fields(t), "")
}
