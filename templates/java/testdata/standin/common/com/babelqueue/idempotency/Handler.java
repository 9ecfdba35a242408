package com.babelqueue.idempotency;

import com.babelqueue.Envelope;

/** Stand-in: signature only. */
@FunctionalInterface
public interface Handler {
    void handle(Envelope envelope) throws Exception;
}
