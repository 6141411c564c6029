package io.rdasuite.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** JSON output through Jackson, key order as inserted. */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {
    }

    /** An object of {@code keysAndValues} (key, value, key, value, ...) in that order. */
    static java.util.Map<String, Object> object(Object... keysAndValues) {
        java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i + 1 < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    /**
     * {@code value} as the maps, lists and scalars its JSON reads back as (numbers keep their Java type), for readers
     * of JSON documents such as the HTML report.
     */
    @SuppressWarnings("unchecked")
    static java.util.Map<String, Object> tree(Object value) {
        return MAPPER.convertValue(value, java.util.Map.class);
    }

    static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render JSON: " + e.getMessage(), e);
        }
    }
}
