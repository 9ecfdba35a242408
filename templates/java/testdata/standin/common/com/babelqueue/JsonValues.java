package com.babelqueue;

/** Stand-in: decode parses with the generated parser; encode is not needed. */
public final class JsonValues {
    private JsonValues() {
    }

    public static Object decode(String raw) {
        return StandInDecoder.toJava(ConformanceJsonParser.parseJson(raw));
    }

    public static String encode(Object value) {
        throw new UnsupportedOperationException("stand-in");
    }
}
