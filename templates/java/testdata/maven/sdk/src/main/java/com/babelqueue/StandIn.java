package com.babelqueue;

/**
 * The stand-in SDK's main sources: one class, so Maven compiles src/main/java before the tests
 * as it does babelqueue-java's. The core API the SDK-bound scaffold calls is the stand-in core of
 * ../standin, which the test copies beside the generated tests.
 */
public final class StandIn {
    private StandIn() {
    }
}
