package com.babelqueue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The minimal decode and encode both stand-in versions share: the members the tests read,
 * nothing checked; encode writes the canonical members alone, so a key decode did not keep
 * (a forbidden one) is gone, as in the real 1.7.0.
 */
final class StandInDecoder {
    private StandInDecoder() {
    }

    static Envelope decode(String raw) {
        if (!(ConformanceJsonParser.parseJson(raw) instanceof ConformanceJson.Obj root)) {
            return new Envelope(null, null, null, null, 0, null);
        }
        Map<String, ConformanceJson> m = root.members();
        String job = text(m.get("job")) != null ? text(m.get("job")) : text(m.get("urn"));
        Map<String, Object> data = m.get("data") instanceof ConformanceJson.Obj d ? object(d) : null;
        Meta meta = null;
        if (m.get("meta") instanceof ConformanceJson.Obj mo) {
            Map<String, ConformanceJson> f = mo.members();
            meta = new Meta(text(f.get("id")), text(f.get("queue")), text(f.get("lang")),
                    (int) integer(f.get("schema_version")), integer(f.get("created_at")));
        }
        return new Envelope(job, text(m.get("trace_id")), data, meta, (int) integer(m.get("attempts")), null);
    }

    static String encode(Envelope e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("job", e.job());
        out.put("trace_id", e.traceId());
        out.put("data", e.data());
        if (e.meta() != null) {
            Map<String, Object> meta = new LinkedHashMap<>();
            meta.put("id", e.meta().id());
            meta.put("queue", e.meta().queue());
            meta.put("lang", e.meta().lang());
            meta.put("schema_version", (long) e.meta().schemaVersion());
            meta.put("created_at", e.meta().createdAt());
            out.put("meta", meta);
        }
        out.put("attempts", (long) e.attempts());
        return ConformanceJsonWriter.write(ConformanceJson.fromJava(out));
    }

    static boolean accepts(Envelope e) {
        return !urn(e).isEmpty() && e.traceId() != null && !e.traceId().isBlank() && e.data() != null
                && e.meta() != null && e.meta().schemaVersion() == 1;
    }

    static String urn(Envelope e) {
        return e.job() == null ? "" : e.job().strip();
    }

    static Object toJava(ConformanceJson value) {
        if (value instanceof ConformanceJson.Obj o) {
            return object(o);
        }
        if (value instanceof ConformanceJson.Arr a) {
            List<Object> items = new ArrayList<>();
            a.items().forEach(item -> items.add(toJava(item)));
            return items;
        }
        if (value instanceof ConformanceJson.Str s) {
            return s.value();
        }
        if (value instanceof ConformanceJson.Bool b) {
            return b.value();
        }
        if (value instanceof ConformanceJson.Num n) {
            try {
                return Long.parseLong(n.text());
            } catch (NumberFormatException notLong) {
                return Double.parseDouble(n.text());
            }
        }
        return null;
    }

    private static Map<String, Object> object(ConformanceJson.Obj o) {
        Map<String, Object> map = new LinkedHashMap<>();
        o.members().forEach((k, v) -> map.put(k, toJava(v)));
        return map;
    }

    private static String text(ConformanceJson value) {
        return value instanceof ConformanceJson.Str s ? s.value() : null;
    }

    private static long integer(ConformanceJson value) {
        return toJava(value) instanceof Long n ? n : 0;
    }
}
