package backend

import "testing"

// The reasons are the rule's exact wording, which the scaffold tests of every
// language compare against.
func TestOtherTarget(t *testing.T) {
	for broker, want := range map[string]string{
		"sqs":      "belongs to the sqs transport target (blocks: [sqs] in bqgen.yaml)",
		"rabbitmq": "belongs to the rabbitmq transport target (blocks: [rabbitmq] in bqgen.yaml)",
		"":         "belongs to the core target (a target without broker blocks in bqgen.yaml)",
	} {
		if got := OtherTarget(broker); got != want {
			t.Errorf("OtherTarget(%q) = %q, want %q", broker, got, want)
		}
	}
}
