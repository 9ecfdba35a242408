package php

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// methodNames turns case names into PHPUnit test method names in php-sdk's
// own convention, snake_case after "test_" ("order-created" ->
// test_order_created).
// PHP method names are case-insensitive, so uniqueness is decided ignoring
// case: two names that differ only in where their words break ("foo-bar",
// "foobar") would otherwise declare the same method twice. A clash gets the
// first free numeric suffix, in case order.
func methodNames(names []string, prefix ...string) []string {
	words := append([]string{"test"}, prefix...)
	out := make([]string, len(names))
	used := map[string]bool{}
	for i, name := range names {
		base := backend.Identifiers([]string{name}, words, backend.Snake)[0]
		unique := base
		for n := 2; used[strings.ToLower(unique)]; n++ {
			unique = fmt.Sprintf("%s_%d", base, n)
		}
		used[strings.ToLower(unique)] = true
		out[i] = unique
	}
	return out
}

// DefaultNamespace is the namespace of the generated tests when
// backend.Options.Package is empty: the SDK's PSR-4 test namespace
// (BabelQueue\Tests\ -> tests/) followed by the generated directory.
const DefaultNamespace = `BabelQueue\Tests\ConformanceGenerated`

// namespaceSyntax is a qualified PHP namespace name: identifiers joined by
// single backslashes.
var namespaceSyntax = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\\[A-Za-z_][A-Za-z0-9_]*)*$`)

// reservedWords are PHP keywords, which PHP does not read as a namespace
// on their own ("namespace List;" is a syntax error).
var reservedWords = strings.Fields(`abstract and array as break callable case catch class clone const continue
	declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile enum eval
	exit extends final finally fn for foreach function global goto if implements include include_once
	instanceof insteadof interface isset list match namespace new or print private protected public readonly
	require require_once return static switch throw trait try unset use var while xor yield`)

// namespaceOf validates the namespace option. A leading backslash (a fully
// qualified spelling) is accepted and dropped, as a namespace declaration
// does not take one.
func namespaceOf(opt backend.Options) (string, error) {
	ns := strings.TrimPrefix(opt.Package, `\`)
	if ns == "" {
		return DefaultNamespace, nil
	}
	if !namespaceSyntax.MatchString(ns) {
		return "", fmt.Errorf("php: package %q is not a PHP namespace (identifiers separated by \\)", opt.Package)
	}
	for _, part := range strings.Split(ns, `\`) {
		for _, word := range reservedWords {
			if strings.EqualFold(part, word) {
				return "", fmt.Errorf("php: package %q uses the PHP keyword %q as a namespace name", opt.Package, part)
			}
		}
	}
	return ns, nil
}
