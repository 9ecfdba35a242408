package com.babelqueue;

import java.util.Map;

/** Stand-in: signature only. */
public record Envelope(String job, String traceId, Map<String, Object> data, Meta meta, int attempts,
        DeadLetter deadLetter) {
}
