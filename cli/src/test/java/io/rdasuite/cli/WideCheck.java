package io.rdasuite.cli;

import io.rdasuite.store.fabric.ServerConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A check document shaped like a full {@code rda check}'s (every configuration, both transports, every REMOTELOG
 * recipe with the longest method names, ten stores, the pDSM clusters), with findings in most store cells and no replay
 * tokens (nothing to re-run): the report's layout at full size, without the minutes a full run takes.
 */
final class WideCheck {
    static final List<String> STORES = List.of("erda", "erda-cleaning", "redo", "raw", "efactory", "efactory-cleaning", "efactory-nohr", "saw",
            "imm", "forca");

    private WideCheck() {
    }

    static Map<String, Object> document() {
        List<Map<String, Object>> results = new ArrayList<>();
        List<Map<String, Object>> stores = new ArrayList<>();
        List<Map<String, Object>> clusters = new ArrayList<>();
        int cell = 0;
        for (ServerConfig c : ServerConfig.all()) {
            for (String transport : List.of("IB", "IWARP")) {
                for (String update : List.of("singleton", "compound")) {
                    for (String op : List.of("WRITE", "WRITE_IMM", "SEND")) {
                        Map<String, Object> r = new LinkedHashMap<>();
                        r.put("cell", cell++);
                        r.put("subject", "remotelog/" + op + "/" + update + "/MESSAGE_FLUSH_ACK_EACH");
                        r.put("config", c.name());
                        r.put("transport", transport);
                        r.put("op", op);
                        r.put("update", update);
                        r.put("recipe", "a recipe");
                        r.put("crashStates", 10L);
                        r.put("violations", 0L);
                        r.put("verdict", "PASS");
                        results.add(r);
                    }
                }
                for (int i = 0; i < STORES.size(); i++) {
                    Map<String, Object> s = new LinkedHashMap<>();
                    s.put("storeCell", stores.size());
                    s.put("protocol", STORES.get(i));
                    s.put("config", c.name());
                    s.put("transport", transport);
                    s.put("crashStates", 100L);
                    s.put("properties", Map.of("DURABILITY", "finding"));
                    boolean amber = i % 3 != 2;
                    s.put("findings", amber ? List.of("CONSISTENT_VERSION", "DURABILITY", "MONOTONIC_READS") : List.of());
                    s.put("pinned", "AS PINNED");
                    s.put("verdict", "PASS");
                    List<Map<String, Object>> examples = new ArrayList<>();
                    if (amber) {
                        for (String inv : List.of("DURABILITY", "MONOTONIC_READS")) {
                            Map<String, Object> e = new LinkedHashMap<>();
                            e.put("invariant", inv);
                            e.put("claim", "a claim the store does not make");
                            e.put("claimed", false);
                            e.put("detail", inv + " of " + STORES.get(i) + " on " + c.name() + "/" + transport);
                            e.put("shrunk", false);
                            examples.add(e);
                        }
                    }
                    s.put("examples", examples);
                    stores.add(s);
                }
                for (String subject : List.of("pdsm/objects", "pdkvs")) {
                    for (String target : List.of("all-servers", "server-0", "server-1")) {
                        Map<String, Object> r = new LinkedHashMap<>();
                        r.put("subject", subject);
                        r.put("config", c.name());
                        r.put("transport", transport);
                        r.put("target", target);
                        r.put("crashStates", 50L);
                        r.put("properties", Map.of());
                        r.put("verdict", "PASS");
                        r.put("examples", List.of());
                        clusters.add(r);
                    }
                }
            }
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("command", "check");
        doc.put("seed", 1L);
        doc.put("shard", "0/1");
        doc.put("verdict", "PASS");
        doc.put("crashStates", 1L);
        doc.put("results", results);
        doc.put("controls", List.of());
        doc.put("stores", stores);
        doc.put("clusters", clusters);
        return doc;
    }

    /** How many examples the document holds: each must be a finding page reachable from the matrix. */
    @SuppressWarnings("unchecked")
    static int examples(Map<String, Object> doc) {
        int n = 0;
        for (Map<String, Object> s : (List<Map<String, Object>>) doc.get("stores")) {
            n += ((List<?>) s.get("examples")).size();
        }
        return n;
    }
}
