package backend

// OtherTarget is the missing-feature rule's reason for an operation that
// belongs to another conformance target than the one a scaffold serves: a
// broker's operation (broker is its block) belongs to that broker's transport
// target, and a core operation (broker "") to the core target. Every
// language's scaffold gives exactly this wording, and it claims nothing about
// what the other target's package does or lacks.
func OtherTarget(broker string) string {
	if broker == "" {
		return "belongs to the core target (a target without broker blocks in bqgen.yaml)"
	}
	return "belongs to the " + broker + " transport target (blocks: [" + broker + "] in bqgen.yaml)"
}
