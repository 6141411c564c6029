package io.rdasuite.store.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rdasuite.store.fabric.Node;
import io.rdasuite.store.fabric.QueuePair;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvClient;
import io.rdasuite.store.kv.KvShape;
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
    void familiesAreOrderedByTheirOrderThenByNameNeverByTheClassPath() {
        KvProtocolFamily b = () -> List.of(new UserProtocol("b-store"));
        KvProtocolFamily a = () -> List.of(new UserProtocol("a-store"));
        assertThat(KvProtocols.load(List.of(b, a)).stream().map(KvProtocol::cliName)).containsExactly("a-store", "b-store");
        assertThat(KvProtocols.load(List.of(a, b)).stream().map(KvProtocol::cliName)).containsExactly("a-store", "b-store");
    }

    /** A user's family, found by ServiceLoader only. */
    public static final class UserFamily implements KvProtocolFamily {
        static final UserProtocol LOG = new UserProtocol("acme-log");

        @Override
        public List<KvProtocol> protocols() {
            return List.of(LOG);
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
