package com.example.acme;

import io.rdasuite.store.mutation.Plant;
import java.util.List;

/**
 * The table's planted bugs: mistakes kept in the code behind a switch, so that a test shows the suite's checks
 * catching each. {@code @CrashCheck(plant = ...)} and {@code rda check --plant} switch one on by its name.
 */
// tag::plant[]
public enum AcmeTablePlant implements Plant {
    /** The server replies before it persists: the put is acknowledged while still in the cache. */
    EARLY_ACK("acme-table-early-ack", "the server replies to a put at once and persists its lines when the client's next request comes");

    private final String cliName;
    private final String description;

    AcmeTablePlant(String cliName, String description) {
        this.cliName = cliName;
        this.description = description;
    }

    @Override
    public String cliName() {
        return cliName;
    }

    @Override
    public List<String> stores() {
        return List.of("acme-table");
    }

    @Override
    public String description() {
        return description;
    }
}
// end::plant[]
