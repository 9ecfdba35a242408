package writer

// SetAfterStep lets the crash tests stop a real run at a chosen step.
func SetAfterStep(f func(step int, done <-chan struct{})) { afterStep = f }
