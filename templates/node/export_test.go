package node

// Adversarial is adversarial for the external tests, which start the toolchain.
var Adversarial = adversarial

// GateBlocks is gateBlocks for the external tests.
var GateBlocks = gateBlocks

// MessagingBlocks is messagingBlocks for the external tests.
var MessagingBlocks = messagingBlocks
