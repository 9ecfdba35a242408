package com.babelqueue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Calls probe_echo, an operation a later bqgen appended to the protocol after the scaffold was
 * written: the scaffold has no method for it, so the interface's default answers and the test
 * skips with "this scaffold predates operation probe_echo (bqgen adds it from suite 9.0.0)".
 */
@ExtendWith(SkipWhenNotProvided.class)
class UpgradeProbeTest {

    @Test
    void probeEchoIsNotProvided() {
        String answer = ConformanceSubjects.get().probeEcho("ping");
        throw new AssertionError("probe_echo answered " + answer + ": the default must report it not provided");
    }
}
