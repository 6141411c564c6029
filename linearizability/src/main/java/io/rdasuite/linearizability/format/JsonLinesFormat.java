package io.rdasuite.linearizability.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rdasuite.linearizability.history.Event;
import io.rdasuite.linearizability.history.History;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;

/**
 * JSON Lines, the format RDA Suite's own workload drivers record: one event per line,
 * {@code {"type":"invoke","process":0,"f":"put","key":"x","value":"1","time":1200}}. {@code type} is one of
 * invoke, ok, fail, info, crash, recovery; {@code time} is in nanoseconds (the line index when absent);
 * {@code key} and {@code node} are optional. Values are null, integers, decimals, strings, booleans or arrays of these.
 */
public final class JsonLinesFormat {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonLinesFormat() {
    }

    public static History read(BufferedReader in, String source) throws IOException {
        History.Builder history = new History.Builder();
        int lineNo = 0;
        int events = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode node = MAPPER.readTree(line);
                if (!(node instanceof ObjectNode o)) {
                    throw new IllegalArgumentException("expected a JSON object {\"type\": ..., \"process\": ..., \"f\": ...}");
                }
                if (o.has("key") && o.get("key").isNull()) {
                    throw new IllegalArgumentException("expected a key (an integer or a string) in \"key\", found null");
                }
                JsonNode time = o.get("time");
                if (time != null && !time.isNull() && !time.canConvertToExactIntegral()) {
                    throw new IllegalArgumentException("\"time\" must be an integer (nanoseconds), not " + time);
                }
                Event e = EventFields.toEvent(text(o.get("type")), value(o.get("process")), text(o.get("f")),
                        value(o.get("key")), value(o.get("value")), time == null || time.isNull() ? null : time.asLong(),
                        text(o.get("node")), events);
                if (e != null) {
                    history.add(e, lineNo);
                    events++;
                }
            } catch (JsonProcessingException e) {
                throw new HistoryParseException(source, lineNo, "not JSON: " + e.getOriginalMessage(), e);
            } catch (IllegalArgumentException e) {
                throw new HistoryParseException(source, lineNo, e.getMessage(), e);
            }
        }
        return history.build();
    }

    /**
     * Every line's object as plain values (as Jackson reads them), for readers of other shapes of history; lines
     * starting with {@code ;} are skipped as comments, as in EDN.
     */
    public static List<java.util.Map<String, Object>> readMaps(String text, String source) {
        List<java.util.Map<String, Object>> out = new ArrayList<>();
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (line.isBlank() || line.strip().startsWith(";")) {
                continue;
            }
            try {
                JsonNode node = MAPPER.readTree(line);
                if (!(node instanceof ObjectNode)) {
                    throw new HistoryParseException(source, lineNo, "expected a JSON object {\"type\": ..., \"process\": ..., \"f\": ...}", null);
                }
                @SuppressWarnings("unchecked")
                java.util.Map<String, Object> m = MAPPER.convertValue(node, java.util.LinkedHashMap.class);
                out.add(m);
            } catch (JsonProcessingException e) {
                throw new HistoryParseException(source, lineNo, "not JSON: " + e.getOriginalMessage(), e);
            }
        }
        return out;
    }

    /** Writes every event of {@code history}, one JSON object per line. */
    public static void write(History history, Writer out) throws IOException {
        for (Event e : history.events()) {
            out.write(line(e));
            out.write('\n');
        }
        out.flush();
    }

    /** One event as its JSON line (without the newline). */
    public static String line(Event e) {
        ObjectNode o = NODES.objectNode();
        o.put("type", e.type().wireName());
        if (e.type().isClient()) {
            o.put("process", e.process());
            o.put("f", e.f().wireName());
            if (e.key() != null) {
                o.set("key", json(e.key()));
            }
            o.set("value", json(e.value()));
        }
        o.put("time", e.timeNanos());
        if (e.node() != null) {
            o.put("node", e.node());
        }
        try {
            return MAPPER.writeValueAsString(o);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    private static Object value(JsonNode n) {
        if (n == null || n.isNull()) {
            return null;
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            return n.longValue();
        }
        if (n.isFloatingPointNumber()) {
            return n.doubleValue();
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isArray()) {
            List<Object> out = new ArrayList<>(n.size());
            n.forEach(x -> out.add(value(x)));
            return out;
        }
        throw new IllegalArgumentException("unsupported value " + n + " (valid: null, integers, decimals, strings, booleans, arrays)");
    }

    private static JsonNode json(Object v) {
        return switch (v) {
            case null -> NODES.nullNode();
            case Long l -> NODES.numberNode(l);
            case Double d -> NODES.numberNode(d);
            case String s -> NODES.textNode(s);
            case Boolean b -> NODES.booleanNode(b);
            case List<?> l -> {
                ArrayNode a = NODES.arrayNode();
                l.forEach(x -> a.add(json(x)));
                yield a;
            }
            default -> throw new IllegalArgumentException("unsupported value " + v);
        };
    }
}
