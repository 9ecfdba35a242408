package com.babelqueue;

import java.util.Map;

/** Stand-in of babelqueue-core 1.7.0: a minimal decode and encode; make throws. */
public final class EnvelopeCodec {
    public static final int SCHEMA_VERSION = 1;
    public static final String SOURCE_LANG = "java";

    private EnvelopeCodec() {
    }

    public static Envelope decode(String raw) {
        return StandInDecoder.decode(raw);
    }

    public static boolean accepts(Envelope e) {
        return StandInDecoder.accepts(e);
    }

    public static String urn(Envelope e) {
        return StandInDecoder.urn(e);
    }

    public static String encode(Envelope e) {
        return StandInDecoder.encode(e);
    }

    public static Envelope make(String urn, Map<String, Object> data, String queue, String traceId) {
        throw new UnsupportedOperationException("stand-in");
    }
}
