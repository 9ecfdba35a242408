package com.babelqueue.idempotency;

/** Stand-in: signatures only. */
public final class InMemoryStore implements Store {
    @Override
    public boolean seen(String messageId) {
        throw new UnsupportedOperationException("stand-in");
    }

    @Override
    public void remember(String messageId) {
        throw new UnsupportedOperationException("stand-in");
    }

    @Override
    public void forget(String messageId) {
        throw new UnsupportedOperationException("stand-in");
    }
}
