package dotnet

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/babelqueue/bqgen/backend"
	"github.com/babelqueue/bqgen/protocol"
)

// DefaultNamespace is the namespace of the generated code unless
// backend.Options.Package names another. It sits below the core SDK's test
// namespace (BabelQueue.Tests) so the SDK's own ConformanceTests and
// PayloadSchemaConformanceTests keep their names.
const DefaultNamespace = "BabelQueue.Tests.Conformance"

// testClassName is a block's test class, e.g. SqsConformanceTests.
func testClassName(block string) string {
	return backend.Join(append(backend.Words(block), "conformance", "tests"), backend.Pascal)
}

// bodyTypeNames are the simple names test methods use besides the subject's
// records. Inside a class a method named like one of them would hide the
// type (a case called "assert" would turn every Assert.True into an error),
// so no test method may take these names, nor the names object already
// declares.
var bodyTypeNames = []string{
	"Assert", "ConformanceJson", "ConformanceSubjects", "ConformanceSuite", "Dictionary",
	"IReadOnlyDictionary", "IReadOnlyList", "JsonAssert", "JsonNode", "JsonObject", "JsonValue",
	"MapAssert", "NotProvidedException", "SkippableFact", "StringComparison", "System", "Xunit",
	"DisplayName", "Equals", "GetHashCode", "GetType", "ToString", "MemberwiseClone", "Finalize",
	"ReferenceEquals",
}

// reservedTypeNames are bodyTypeNames and the subject's record names.
func reservedTypeNames() []string {
	names := append([]string{}, bodyTypeNames...)
	for _, r := range protocol.Records {
		names = append(names, csTypeName(r.Name))
	}
	return names
}

// testMethodNames turns case names into test method identifiers: Pascal case,
// unique within the class, never the class's own name (CS0542) and never a
// name in bodyTypeNames. Reserved names take the first slots of the list
// given to backend.Identifiers, so a case that collides gets a numeric suffix.
func testMethodNames(className string, caseNames []string) []string {
	reserved := append([]string{pascalPhrase(className)}, phrases(reservedTypeNames())...)
	ids := backend.Identifiers(append(reserved, caseNames...), nil, backend.Pascal)
	return ids[len(reserved):]
}

func phrases(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = pascalPhrase(n)
	}
	return out
}

// pascalPhrase splits a Pascal identifier into the words backend.Words reads
// back into the same identifier: "JsonNode" -> "json node", "IReadOnlyList" ->
// "i read only list".
func pascalPhrase(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

var identifierPattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// csKeywords are C#'s reserved keywords, which cannot name a namespace part.
var csKeywords = strings.Fields(`abstract as base bool break byte case catch char checked class
	const continue decimal default delegate do double else enum event explicit extern false finally
	fixed float for foreach goto if implicit in int interface internal is lock long namespace new null
	object operator out override params private protected public readonly ref return sbyte sealed
	short sizeof stackalloc static string struct switch this throw true try typeof uint ulong
	unchecked unsafe ushort using virtual void volatile while`)

// namespaceOf validates the namespace option: dotted C# identifiers.
func namespaceOf(opt string) (string, error) {
	if opt == "" {
		return DefaultNamespace, nil
	}
	for _, part := range strings.Split(opt, ".") {
		if !identifierPattern.MatchString(part) || isKeyword(part) {
			return "", fmt.Errorf("dotnet: namespace %q: %q is not a C# identifier", opt, part)
		}
	}
	return opt, nil
}

func isKeyword(s string) bool {
	for _, k := range csKeywords {
		if s == k {
			return true
		}
	}
	return false
}
