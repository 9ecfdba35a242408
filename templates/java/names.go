package java

import (
	"strings"

	"github.com/babelqueue/bqgen/backend"
)

// javaKeywords are the reserved words and literals no identifier may be.
var javaKeywords = []string{
	"abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class",
	"const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
	"finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
	"interface", "long", "native", "new", "package", "private", "protected", "public",
	"return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
	"throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false",
	"null", "_",
}

// contextualKeywords mean something in some positions; a method may legally
// carry most of them, but a generated test has no reason to.
var contextualKeywords = []string{
	"var", "yield", "record", "sealed", "permits", "module", "exports", "opens",
	"requires", "uses", "provides", "with", "to", "transitive", "open", "when",
}

// objectMethods are the methods of java.lang.Object: a void, no-argument
// test method of the same name does not compile.
var objectMethods = []string{
	"clone", "equals", "finalize", "getClass", "hashCode", "notify", "notifyAll",
	"toString", "wait",
}

// staticImports are the helpers the test files import statically: a method
// of the test class with the same name would shadow them and break the calls
// in the test bodies. TestStaticImportsAreReserved checks this list against
// the imports of the real output.
var staticImports = []string{
	"assertEquals", "assertTrue", "assertFalse", "assertNotNull",
	"jsonNull", "jsonBool", "jsonNumber", "jsonString", "jsonArray", "jsonObject", "jsonMember",
	"fixture", "parseJson", "rawMemberText",
	"assertSameJson", "assertSameJsonAsOneOf", "assertNonEmpty", "assertHasMembers", "assertMemberSame",
	"assertPointerHolds", "assertPointerAbsent", "assertWarned", "assertMentions", "fromJava",
	"assertJsonType", "assertOwnLang", "assertNowMillis", "assertFreshIds", "assertRaised",
}

// reservedMethodNames are the identifiers a generated test method must not take.
var reservedMethodNames = setOf(javaKeywords, contextualKeywords, objectMethods, staticImports)

func setOf(lists ...[]string) map[string]bool {
	set := map[string]bool{}
	for _, list := range lists {
		for _, name := range list {
			set[name] = true
		}
	}
	return set
}

// methodNames returns one unique lowerCamelCase Java method name per case
// name, in order. backend.Identifiers does the work; a name that would come
// out reserved gets the word "test" appended first, so "class" becomes
// classTest and a later case really named "class test" becomes classTest2.
func methodNames(names []string) []string {
	adjusted := make([]string, len(names))
	for i, name := range names {
		adjusted[i] = name
		if reservedMethodNames[camelIdentifier(name)] {
			adjusted[i] = name + " test"
		}
	}
	return backend.Identifiers(adjusted, nil, backend.Camel)
}

// camelIdentifier is what backend.Identifiers makes of a lone name.
func camelIdentifier(name string) string {
	return backend.Identifiers([]string{name}, nil, backend.Camel)[0]
}

// checkPackage accepts a dotted Java package name whose every part is a
// Java identifier in ASCII and not a keyword. It is written into source
// code and paths, so it is validated, never escaped.
func checkPackage(pkg string) error {
	for _, part := range strings.Split(pkg, ".") {
		if !isASCIIIdentifier(part) || keywordSet[part] {
			return backend.OptionErrorf("package %q is not a Java package name: %q is not a Java identifier", pkg, part)
		}
	}
	return nil
}

func isASCIIIdentifier(s string) bool {
	if s == "" || s == "_" {
		return false
	}
	for i, r := range s {
		letter := r == '_' || r == '$' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// keywordSet is javaKeywords as a set.
var keywordSet = setOf(javaKeywords)
