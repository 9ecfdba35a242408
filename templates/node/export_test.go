package node

// Adversarial is adversarial for the external tests, which start the toolchain.
var Adversarial = adversarial
