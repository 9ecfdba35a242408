package protocol

import "strings"

// Words splits a wire name (snake_case) into its words, each spelled as in
// prose: Words("sqs_attributes") is ["SQS", "attributes"],
// Words("meta_id") is ["meta", "ID"]. A name with capitals (a record name
// such as "SQSAttribute", or a record field such as "DataType") is split
// before each capital that starts a word.
func Words(name string) []string {
	var words []string
	for _, part := range strings.Split(name, "_") {
		for _, w := range splitCamel(part) {
			if s, ok := spellings[strings.ToLower(w)]; ok {
				w = s
			}
			words = append(words, w)
		}
	}
	return words
}

// splitCamel splits "SQSAttribute" into "SQS", "Attribute" and "DataType"
// into "Data", "Type"; a lower-case word is returned whole.
func splitCamel(s string) []string {
	var words []string
	start := 0
	isUpper := func(b byte) bool { return 'A' <= b && b <= 'Z' }
	for i := 1; i < len(s); i++ {
		next := i+1 < len(s) && !isUpper(s[i+1])
		if isUpper(s[i]) && (!isUpper(s[i-1]) || next) {
			words = append(words, s[start:i])
			start = i
		}
	}
	if start < len(s) {
		words = append(words, s[start:])
	}
	return words
}
