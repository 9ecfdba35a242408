#!/usr/bin/env python3
"""cscheck: check that C# files parse, with a real C# grammar.

bqgen's .NET backend is tested on machines without a .NET SDK, so its output
cannot be compiled there. This checker parses each file with tree-sitter and
the tree-sitter-c-sharp grammar (a grammar derived from Roslyn's, covering
C# 1 through 13) and reports every ERROR node (text the grammar cannot place)
and MISSING node (a token the parser had to invent, such as a closing brace).

tree-sitter's C# lexer accepts U+0085, U+2028 and U+2029 inside a regular
string or character literal, but C# treats them as line breaks there ("newline
in constant"), so the checker reports those too. It checks syntax only: names,
types and overloads are the compiler's business.

Usage: cscheck.py FILE...       check the files
       cscheck.py --version     print the parser and grammar versions
Exit:  0 all files are well-formed; 1 some are not (one line per problem,
       "path:line:column: message"); 2 usage or I/O error; 3 the Python
       packages tree-sitter and tree-sitter-c-sharp are not installed.
"""

import sys

try:
    from importlib.metadata import version
    import tree_sitter
    import tree_sitter_c_sharp
except ImportError as missing:  # the test suite skips on this exit code
    print(f"cscheck: {missing}; install with: pip install tree-sitter tree-sitter-c-sharp", file=sys.stderr)
    sys.exit(3)

# C# line terminators tree-sitter's lexer lets into a single-line literal.
LINE_BREAKS_IN_LITERALS = {"\u0085": "U+0085", "\u2028": "U+2028", "\u2029": "U+2029"}
SINGLE_LINE_LITERALS = {"string_literal", "character_literal"}
MAX_REPORTS_PER_FILE = 20


def parser():
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_c_sharp.language()))


def problems(tree, source):
    """Yields (row, column, message) for each problem of a parsed file."""
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        row, column = node.start_point
        if node.is_missing:
            yield row, column, f"missing {node.type!r}"
        elif node.is_error:
            yield row, column, f"syntax error at {snippet(source, node)!r}"
        elif node.type in SINGLE_LINE_LITERALS:
            text = source[node.start_byte:node.end_byte].decode("utf-8")
            for char, name in LINE_BREAKS_IN_LITERALS.items():
                if char in text:
                    yield row, column, f"{name} inside a {node.type} is a line break in C#"
        stack.extend(reversed(node.children))


def snippet(source, node, limit=40):
    text = source[node.start_byte:min(node.end_byte, node.start_byte + limit)]
    return text.decode("utf-8", errors="replace")


def check(path, parse):
    """Returns the problem lines of one file."""
    with open(path, "rb") as f:
        source = f.read()
    try:
        source.decode("utf-8")
    except UnicodeDecodeError as bad:
        return [f"{path}:1:1: not UTF-8: {bad}"]
    tree = parse(source)
    found = [f"{path}:{row + 1}:{column + 1}: {message}" for row, column, message in problems(tree, source)]
    if tree.root_node.has_error and not found:
        found.append(f"{path}:1:1: the parser reported an error it did not locate")
    return found[:MAX_REPORTS_PER_FILE]


def main(args):
    if args == ["--version"]:
        print(f"tree-sitter {version('tree-sitter')}, tree-sitter-c-sharp {version('tree-sitter-c-sharp')}")
        return 0
    if not args or any(a.startswith("-") for a in args):
        print(next(p for p in __doc__.split("\n\n") if p.startswith("Usage:")), file=sys.stderr)
        return 2
    parse = parser().parse
    failed = False
    for path in args:
        try:
            lines = check(path, parse)
        except OSError as err:
            print(f"cscheck: {err}", file=sys.stderr)
            return 2
        for line in lines:
            print(line)
        failed = failed or bool(lines)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
