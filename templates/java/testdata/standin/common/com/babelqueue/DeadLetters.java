package com.babelqueue;

/** Stand-in of the core's dead-letter helper: the signature the scaffold calls. */
public final class DeadLetters {

    private DeadLetters() {
    }

    public static Envelope annotate(Envelope envelope, String reason, String originalQueue, int attempts, String error,
            String exception) {
        throw new UnsupportedOperationException("stand-in");
    }
}
