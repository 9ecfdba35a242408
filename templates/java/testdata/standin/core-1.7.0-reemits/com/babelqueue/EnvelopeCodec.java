package com.babelqueue;

import java.util.HashMap;
import java.util.Map;

/**
 * Stand-in of a babelqueue-core 1.7.0 that re-emits what it decoded, forbidden keys
 * included: no warning hook, and an encode that gives back the text decode read for the
 * envelope's trace id. The forbidden_keys tests must fail on the re-encoding before they
 * reach the warnings they cannot ask for.
 */
public final class EnvelopeCodec {
    public static final int SCHEMA_VERSION = 1;
    public static final String SOURCE_LANG = "java";

    private static final Map<String, String> DECODED = new HashMap<>();

    private EnvelopeCodec() {
    }

    public static synchronized Envelope decode(String raw) {
        Envelope e = StandInDecoder.decode(raw);
        DECODED.put(e.traceId(), raw);
        return e;
    }

    public static boolean accepts(Envelope e) {
        return StandInDecoder.accepts(e);
    }

    public static String urn(Envelope e) {
        return StandInDecoder.urn(e);
    }

    public static synchronized String encode(Envelope e) {
        String raw = DECODED.get(e.traceId());
        return raw != null ? raw : StandInDecoder.encode(e);
    }

    public static Envelope make(String urn, Map<String, Object> data, String queue, String traceId) {
        throw new UnsupportedOperationException("stand-in");
    }
}
