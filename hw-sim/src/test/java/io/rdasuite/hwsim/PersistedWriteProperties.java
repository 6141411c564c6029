package io.rdasuite.hwsim;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwsim.fabric.FaultPlan;
import io.rdasuite.hwsim.memory.CrashFrontier;
import io.rdasuite.hwsim.memory.CrashImage;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.Recipe;
import io.rdasuite.store.persist.Recipes;
import io.rdasuite.store.persist.UpdateKind;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Paper 003 Table 2, WRITE columns: after a WRITE and its configuration's persistence step completed, no
 * power failure at any later event loses it, whatever image the hardware leaves.
 */
class PersistedWriteProperties {
    @Provide
    Arbitrary<ServerConfig> configs() {
        return Arbitraries.of(ServerConfig.all());
    }

    @Property(tries = 60, seed = "20261121")
    void persistedWriteSurvivesEveryLaterPowerFailure(
            @ForAll("configs") ServerConfig config,
            @ForAll Transport transport,
            @ForAll @LongRange(min = 1, max = 1_000_000) long seed,
            @ForAll @IntRange(min = 1, max = 40) int valueUnits,
            @ForAll @IntRange(min = 0, max = 100) int crashPercent) {
        Recipe method = Recipes.paper(config, transport, PrimaryOp.WRITE, UpdateKind.SINGLETON);
        long offset = 64 + (seed % 24) * 8;
        PersistScenario dry = new PersistScenario(seed, config, transport, method, valueUnits * 8, offset, 24, FaultPlan.NONE);
        dry.fabric.run();
        long persistedAt = dry.persistedAtEvent;
        long end = dry.fabric.engine().dispatched();
        dry.fabric.close();
        assertThat(dry.persisted).as("recipe %s completed", method).isTrue();

        long crashAt = persistedAt + (end - persistedAt) * crashPercent / 100;
        PersistScenario run = new PersistScenario(seed, config, transport, method, valueUnits * 8, offset, 24,
                FaultPlan.NONE.with(FaultPlan.Fault.powerFailure(0, crashAt)));
        run.fabric.run();
        CrashFrontier frontier = run.fabric.frontier(0);
        run.fabric.close();
        assertThat(frontier).as("power failure at event %d of %d", crashAt, end).isNotNull();
        for (CrashImage image : frontier.enumerate(256, seed)) {
            assertThat(image.bytes(PersistScenario.REGION, offset, valueUnits * 8))
                    .as("%s %s %s, crash at event %d (persisted at %d), image %s", config, transport, method, crashAt, persistedAt, image.describe())
                    .isEqualTo(run.value);
        }
    }
}
