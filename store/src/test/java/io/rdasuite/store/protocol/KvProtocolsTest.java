package io.rdasuite.store.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.erda.ErdaPlantedBug;
import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.mutation.Plant;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The registry finds the shipped protocols and a user's own through {@link java.util.ServiceLoader} alone: this test
 * registers {@link UserFamily} in its own {@code META-INF/services} file, as a user's project would, and no list in
 * the suite names it.
 */
class KvProtocolsTest {
    /** The order of rda check's cells and of every report; a change here changes their JSON. */
    private static final List<String> SHIPPED = List.of("erda", "erda-cleaning", "redo", "raw", "efactory", "efactory-cleaning", "efactory-nohr",
            "saw", "imm", "forca");

    @Test
    void theShippedProtocolsComeFirstInReportOrderAndAUsersAfterThem() {
        assertThat(KvProtocols.all().stream().map(KvProtocol::cliName).toList()).startsWith(SHIPPED.toArray(String[]::new))
                .endsWith(UserFamily.LOG.cliName());
        assertThat(KvProtocols.parse(" Acme-Log ")).isSameAs(UserFamily.LOG);
        assertThat(KvProtocols.recoverable()).contains(UserFamily.LOG);
    }

    @Test
    void anUnknownNameIsRefusedWithEveryRegisteredName() {
        assertThatThrownBy(() -> KvProtocols.parse("erda2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown protocol 'erda2'").hasMessageContaining("valid: erda, erda-cleaning, redo").hasMessageContaining("acme-log");
    }

    @Test
    void twoProtocolsOfOneNameAreRefused() {
        KvProtocolFamily clash = () -> List.of(new UserProtocol("ERDA"));
        List<KvProtocolFamily> families = new java.util.ArrayList<>();
        java.util.ServiceLoader.load(KvProtocolFamily.class).forEach(families::add);
        families.add(clash);
        assertThatThrownBy(() -> KvProtocols.load(families)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two registered protocols are named 'ERDA'");
    }

    @Test
    void aClassNameStandsForItsFamilysProtocolsOrItsOwn() {
        assertThat(KvProtocols.ofClass(UserFamily.class.getName())).containsExactly(UserFamily.LOG);
        assertThat(KvProtocols.ofClass(" " + UserProtocol.class.getName() + " ")).containsExactly(UserFamily.LOG);
        assertThat(KvProtocols.ofClass("io.rdasuite.store.erda.ErdaProtocol").stream().map(KvProtocol::cliName)).containsExactly("erda", "erda-cleaning");
        assertThat(KvProtocols.ofClass("io.rdasuite.store.erda.ErdaProtocol$Family")).isEqualTo(KvProtocols.ofClass("io.rdasuite.store.erda.ErdaProtocol"));
    }

    @Test
    void aClassNoRegistrationNamesIsRefusedSayingWhy() {
        assertThatThrownBy(() -> KvProtocols.ofClass("com.nowhere.Store")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("com.nowhere.Store is not on the class path").hasMessageContaining(UserFamily.class.getName());
        assertThatThrownBy(() -> KvProtocols.ofClass(KvProtocolsTest.class.getName())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is on the class path but no registered family").hasMessageContaining("META-INF/services/" + KvProtocolFamily.class.getName());
    }

    @Test
    void familiesAreOrderedByTheirOrderThenByNameNeverByTheClassPath() {
        KvProtocolFamily b = () -> List.of(new UserProtocol("b-store"));
        KvProtocolFamily a = () -> List.of(new UserProtocol("a-store"));
        assertThat(KvProtocols.load(List.of(b, a)).stream().map(KvProtocol::cliName)).containsExactly("a-store", "b-store");
        assertThat(KvProtocols.load(List.of(a, b)).stream().map(KvProtocol::cliName)).containsExactly("a-store", "b-store");
    }

    @Test
    void aFamilysPlantsAreNamedBesideTheShippedCatalogueAndAClashIsRefused() {
        assertThat(Plants.all()).startsWith(Plant.NONE, ErdaPlantedBug.ERDA_GET_SKIPS_CRC).endsWith(UserFamily.EARLY_ACK);
        assertThat(Plants.parse("ACME-LOG-EARLY-ACK ")).isSameAs(UserFamily.EARLY_ACK);
        assertThat(Plants.parse("erda-get-skips-crc")).isSameAs(ErdaPlantedBug.ERDA_GET_SKIPS_CRC);
        assertThat(UserFamily.EARLY_ACK.paperSection()).isEmpty();
        assertThatThrownBy(() -> Plants.parse("acme-log-late-ack")).hasMessageContaining("unknown planted bug 'acme-log-late-ack'")
                .hasMessageContaining("erda-get-skips-crc").hasMessageContaining("acme-log-early-ack");
        KvProtocolFamily clash = new KvProtocolFamily() {
            @Override
            public List<KvProtocol> protocols() {
                return List.of();
            }

            @Override
            public List<io.rdasuite.store.mutation.Plant> plants() {
                return List.of(new UserPlant("redo-ack-before-persist"));
            }
        };
        assertThatThrownBy(() -> Plants.collect(java.util.ServiceLoader.load(io.rdasuite.store.mutation.PackagePlants.class), List.of(clash))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two planted bugs are named 'redo-ack-before-persist'");
    }

    @Test
    void eachShippedKeyValuePlantIsDeclaredByTheFamilyOfItsHomeStore() {
        for (Plant b : Plants.all()) {
            if (b == Plant.NONE || !SHIPPED.contains(b.stores().getFirst())) {
                continue; // Nessie, TH-DPMS and REMOTELOG are not key-value families
            }
            List<KvProtocolFamily> declaring = KvProtocols.families().stream().filter(f -> f.plants().contains(b)).toList();
            assertThat(declaring).as(b.cliName()).hasSize(1);
            assertThat(declaring.getFirst().protocols().stream().map(KvProtocol::cliName)).as(b.cliName()).contains(b.stores().getFirst());
        }
    }

    @Test
    void aUsersPlantIsSwitchedOnAndOffLikeAShippedOne() {
        io.rdasuite.store.mutation.PlantedBugs.with(UserFamily.EARLY_ACK, () -> {
            assertThat(io.rdasuite.store.mutation.PlantedBugs.on(UserFamily.EARLY_ACK)).isTrue();
            assertThat(io.rdasuite.store.mutation.PlantedBugs.activePlant()).isSameAs(UserFamily.EARLY_ACK);
            return null;
        });
        assertThat(io.rdasuite.store.mutation.PlantedBugs.on(UserFamily.EARLY_ACK)).isFalse();
    }

    /** A user's family, found by ServiceLoader only. */
    public static final class UserFamily implements KvProtocolFamily {
        static final UserProtocol LOG = new UserProtocol("acme-log");
        static final UserPlant EARLY_ACK = new UserPlant("acme-log-early-ack");

        @Override
        public List<KvProtocol> protocols() {
            return List.of(LOG);
        }

        @Override
        public List<io.rdasuite.store.mutation.Plant> plants() {
            return List.of(EARLY_ACK);
        }
    }

    /** A user's plant. */
    record UserPlant(String cliName) implements io.rdasuite.store.mutation.Plant {
        @Override
        public List<String> stores() {
            return List.of("acme-log");
        }

        @Override
        public String description() {
            return "the server replies before it persists the appended record";
        }
    }

    /** A protocol that is only registered, never deployed here (the store module has no fabric). */
    record UserProtocol(String cliName) implements KvProtocol {
        @Override
        public Claims claims(ServerConfig config) {
            return Claims.of(Claim.ATOMIC_PUTS);
        }

        @Override
        public StoreServer startServer(Node node, ServerSpec spec) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void writeHandle(Object handle, DataOutputStream out) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object readHandle(DataInputStream in) {
            throw new UnsupportedOperationException();
        }

        @Override
        public KvShape shapeOf(Object handle) {
            return new KvShape(8, 8);
        }

        @Override
        public KvClient client(Node node, QueuePair requester, Object handle, int clientId, String name) {
            throw new UnsupportedOperationException();
        }
    }
}
