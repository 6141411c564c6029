package io.rdasuite.crashsim;

import io.rdasuite.store.fabric.Opcode;
import java.util.List;
import java.util.Map;

/**
 * The steps of each store's operations in its paper's words (issue 27: findings that explain themselves), matched to
 * the verbs a client posted. A step begins with the verb named here; verbs that do not begin the next step belong to
 * the current one (a registration before the first request, a persist after a WRITE, the mirroring of pages, a
 * re-read). Only the steps the clients' code has are listed: a protocol or operation missing here is described by its
 * verbs alone.
 */
final class ProtocolSteps {
    private ProtocolSteps() {
    }

    /** A step: the verb that begins it and what it does, with its paper section. */
    record Step(Opcode opcode, String words) {
    }

    /** One operation's steps, under the name the paper gives the operation. */
    record Operation(String name, List<Step> steps) {
    }

    private static Step s(Opcode o, String words) {
        return new Step(o, words);
    }

    private static final List<Step> EF_PUT = List.of(
            s(Opcode.SEND, "the PUT request by RDMA send: the server allocates the region, fills the metadata, updates the hash index and returns"
                    + " the offset (001 §4.3.1 steps 1-4)"),
            s(Opcode.WRITE, "the client's RDMA write of the data into that region (001 §4.3.1 step 5; the background thread sets the durability"
                    + " flag later, §4.3.2)"));
    private static final List<Step> SERVER_GET = List.of(
            s(Opcode.SEND, "the GET request to the server, which names the newest intact version and makes it durable (001 §4.3.3 steps 5-8)"),
            s(Opcode.READ, "the READ of the version the server named (001 §4.3.3 step 9)"));
    private static final List<Step> EF_DELETE = List.of(s(Opcode.SEND, "the DELETE request to the server by RDMA send (an RPC)"));
    private static final List<Step> TWO_READ_GET = List.of(
            s(Opcode.READ, "the READ of the key's hash entry (001 §5.3.1: metadata first)"),
            s(Opcode.READ, "the READ of the object the entry points to (001 §5.3.1)"));
    private static final List<Step> BASELINE_RPC = List.of(s(Opcode.WRITE_IMM, "the request by WRITE_WITH_IMM, answered by a SEND (an RPC; 000 §5.1)"));

    /** Per store family (see {@link #family}), per operation kind. */
    private static final Map<String, Map<Op.Kind, Operation>> TABLE = Map.of(
            "erda", Map.of(
                    Op.Kind.PUT, new Operation("Erda PUT", List.of(
                            s(Opcode.WRITE_IMM, "the request by WRITE_WITH_IMM: the server reserves log space and flips the entry's atomic region"
                                    + " (000 §3.3, §4.1)"),
                            s(Opcode.WRITE, "the client's one-sided WRITE of the object into the log (000 §3.3); nothing flushes it (000 §4.2:"
                                    + " recovery checks its CRC)"))),
                    Op.Kind.DELETE, new Operation("Erda DELETE", List.of(
                            s(Opcode.WRITE_IMM, "the request by WRITE_WITH_IMM: the server reserves log space and flips the entry (000 §3.3)"),
                            s(Opcode.WRITE, "the client's one-sided WRITE of the deletion object into the log (000 §3.2.1, §3.3)"))),
                    Op.Kind.GET, new Operation("Erda GET", List.of(
                            s(Opcode.READ, "the READ of the key's hopscotch neighbourhood in the hash table (000 §3.3)"),
                            s(Opcode.READ, "the READ of the newest object, checked by its CRC (000 §3.3, §4.3)")))),
            "efactory", Map.of(
                    Op.Kind.PUT, new Operation("eFactory PUT", EF_PUT),
                    Op.Kind.DELETE, new Operation("eFactory DELETE", EF_DELETE),
                    Op.Kind.GET, new Operation("eFactory GET (hybrid read)", List.of(
                            s(Opcode.READ, "the one-sided READ of the hash entry (001 §4.3.3 steps 1-2)"),
                            s(Opcode.READ, "the READ of the object and the check of its durability flag (001 §4.3.3 steps 3-4)"),
                            s(Opcode.SEND, "the GET re-sent to the server, which checks or restores the durability (001 §4.3.3 steps 5-8)"),
                            s(Opcode.READ, "the READ of the durable version the server named (001 §4.3.3 step 9)")))),
            "efactory-nohr", Map.of(
                    Op.Kind.PUT, new Operation("eFactory PUT", EF_PUT),
                    Op.Kind.DELETE, new Operation("eFactory DELETE", EF_DELETE),
                    Op.Kind.GET, new Operation("eFactory GET (without the hybrid read, §6.1)", SERVER_GET)),
            "forca", Map.of(
                    Op.Kind.PUT, new Operation("Forca PUT (as Erda's, 001 §5.3.4)", EF_PUT),
                    Op.Kind.DELETE, new Operation("Forca DELETE", EF_DELETE),
                    Op.Kind.GET, new Operation("Forca GET (the server verifies and persists, 001 §5.3.4)", SERVER_GET)),
            "saw", Map.of(
                    Op.Kind.PUT, new Operation("SAW PUT", List.of(
                            s(Opcode.SEND, "the SEND-based RPC: the server allocates a data region and returns its offset (001 §5.3.1)"),
                            s(Opcode.WRITE, "the client's RDMA write of the data into the region (001 §5.3.1)"),
                            s(Opcode.SEND, "the SEND that tells the server to persist the data and update the metadata (001 §5.3.1)"))),
                    Op.Kind.DELETE, new Operation("SAW DELETE", EF_DELETE),
                    Op.Kind.GET, new Operation("SAW GET", TWO_READ_GET)),
            "imm", Map.of(
                    Op.Kind.PUT, new Operation("IMM PUT", List.of(
                            s(Opcode.SEND, "the SEND-based RPC: the server allocates a data region and returns its offset (001 §5.3.2)"),
                            s(Opcode.WRITE_IMM, "the write_with_imm of the data carrying its offset: the server flushes it, updates the metadata"
                                    + " and replies (001 §5.3.2)"))),
                    Op.Kind.DELETE, new Operation("IMM DELETE", EF_DELETE),
                    Op.Kind.GET, new Operation("IMM GET", TWO_READ_GET)),
            "redo", Map.of(
                    Op.Kind.PUT, new Operation("Redo Logging PUT", List.of(
                            s(Opcode.SEND, "the SEND of the record into the server's redo log, acknowledged once applied (000 §5.1)"))),
                    Op.Kind.GET, new Operation("Redo Logging GET", BASELINE_RPC),
                    Op.Kind.DELETE, new Operation("Redo Logging DELETE", BASELINE_RPC)),
            "raw", Map.of(
                    Op.Kind.PUT, new Operation("Read After Write PUT", List.of(
                            s(Opcode.WRITE_IMM, "the RPC that reserves a slot in the ring (000 §5.1)"),
                            s(Opcode.WRITE, "the WRITE of the record into the ring slot (000 §5.1)"),
                            s(Opcode.READ, "the READ behind the WRITE, which makes it persistent where placement is persistence (000 §5.1)"))),
                    Op.Kind.GET, new Operation("Read After Write GET", BASELINE_RPC),
                    Op.Kind.DELETE, new Operation("Read After Write DELETE", BASELINE_RPC)),
            "pdsm", Map.of(
                    Op.Kind.PUT, new Operation("pDSM put_obj", List.of(
                            s(Opcode.WRITE_IMM, "the iRDMA RPC that allocates a new extent block and pages at the object's primary (002 §4.1.8)"),
                            s(Opcode.WRITE, "the one-sided WRITEs of the pages, persisted at the primary and mirrored to every backup (002 §4.1.7)"),
                            s(Opcode.WRITE_IMM, "the commit of the pointer swing at the primary (002 §4.1.5)"))),
                    Op.Kind.GET, new Operation("pDSM get_obj", List.of(
                            s(Opcode.READ, "the one-sided READ of the object table (002 §4.1.8)"),
                            s(Opcode.READ, "the READ of the extent block (002 §4.1.8)"),
                            s(Opcode.READ, "the READ of the pages (002 §4.1.8)"))),
                    Op.Kind.DELETE, new Operation("pDSM del_obj", List.of(
                            s(Opcode.WRITE_IMM, "the iRDMA request that deletes the object at its primary (002 §4.1.8)")))),
            "pdkvs", Map.of(
                    Op.Kind.PUT, new Operation("pDKVS PUT", List.of(
                            s(Opcode.WRITE_IMM, "the pallocate of an item in the key's segment at its primary (iRDMA; 002 §4.3)"),
                            s(Opcode.WRITE, "the one-sided WRITE of the item to the primary and every backup, persisted (002 §4.3)"),
                            s(Opcode.WRITE_IMM, "the iRDMA request that points the primary's CCEH index at the item (002 §4.3)"))),
                    Op.Kind.GET, new Operation("pDKVS GET", List.of(
                            s(Opcode.WRITE_IMM, "the iRDMA request asking the primary for the item's offset (002 §4.3)"),
                            s(Opcode.READ, "the one-sided READ of the item (002 §4.3)"))),
                    Op.Kind.DELETE, new Operation("pDKVS DELETE", List.of(
                            s(Opcode.WRITE_IMM, "the iRDMA request that removes the key from the primary's index (002 §4.3)")))));

    /** The table's family of a subject name: {@code kv/erda-cleaning} is Erda's, {@code pdsm/objects/<bug>} pDSM's. */
    static String family(String subject) {
        if (subject == null) {
            return "";
        }
        if (subject.startsWith("pdsm/")) {
            return "pdsm";
        }
        if (subject.startsWith("pdkvs/")) {
            return "pdkvs";
        }
        if (!subject.startsWith("kv/")) {
            return "";
        }
        String p = subject.substring(3);
        return p.endsWith("-cleaning") ? p.substring(0, p.length() - "-cleaning".length()) : p;
    }

    /**
     * Where in {@code kind}'s steps of {@code subject} a client stood whose operation had posted {@code verbs} (in order),
     * the last of them completed or not (none: it had not begun its first step); null when the table has no steps for it.
     */
    static String describe(String subject, Op.Kind kind, List<Opcode> verbs, boolean lastCompleted) {
        Map<Op.Kind, Operation> ops = TABLE.get(family(subject));
        Operation op = ops == null ? null : ops.get(kind);
        if (op == null) {
            return null;
        }
        if (verbs.isEmpty()) {
            return op.name() + ", before step 1 of " + op.steps().size() + ": " + op.steps().getFirst().words() + " not yet posted";
        }
        int step = -1;
        for (Opcode v : verbs) {
            if (step + 1 < op.steps().size() && op.steps().get(step + 1).opcode() == v) {
                step++;
            }
        }
        if (step < 0) {
            return null; // none of its verbs begins the first step: the table does not describe this run
        }
        List<Step> steps = op.steps();
        String at = op.name() + ", step " + (step + 1) + " of " + steps.size() + ", " + steps.get(step).words()
                + (lastCompleted ? " — its last verb completed" : " — its last verb posted, not completed");
        return step + 1 < steps.size() ? at + "; not yet begun: " + steps.get(step + 1).words() : at + "; it was the operation's last step";
    }
}
