package com.babelqueue.idempotency;

/** Stand-in: signature only. */
public final class Idempotent {
    private Idempotent() {
    }

    public static Handler wrap(Store store, Handler handler) {
        throw new UnsupportedOperationException("stand-in");
    }
}
