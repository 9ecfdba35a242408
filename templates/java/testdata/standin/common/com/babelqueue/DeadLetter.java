package com.babelqueue;

/** Stand-in: signature only. */
public record DeadLetter(String reason, String error, String exception, long failedAt, String originalQueue,
        int attempts, String lang) {
}
