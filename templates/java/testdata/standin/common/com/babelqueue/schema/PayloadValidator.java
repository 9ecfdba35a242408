package com.babelqueue.schema;

import java.util.Map;

/** Stand-in: signature only. */
public final class PayloadValidator {
    private PayloadValidator() {
    }

    public static String validate(Map<String, Object> schema, Object value) {
        throw new UnsupportedOperationException("stand-in");
    }
}
