package com.babelqueue.idempotency;

/** Stand-in: signature only. */
public interface Store {
    boolean seen(String messageId);

    void remember(String messageId);

    void forget(String messageId);
}
