package com.babelqueue;

/** Stand-in: signature only. */
public record Meta(String id, String queue, String lang, int schemaVersion, long createdAt) {
}
