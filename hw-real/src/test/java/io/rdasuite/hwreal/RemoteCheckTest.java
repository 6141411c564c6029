package io.rdasuite.hwreal;

import static io.rdasuite.hwreal.StoresOnLoopbackTest.CONFIG;
import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.hwreal.remote.HistoryLog;
import io.rdasuite.hwreal.remote.RemoteCheck;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.efactory.EfProtocol;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance check's two phases: a server restarted on its PM files passes; a server restarted without them
 * (the planted loss) is caught, key by key.
 */
class RemoteCheckTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final StoreSize SIZE = new StoreSize(new KvShape(16, 128), 4, 64, 4096);

    private static RemoteCheck.Verified writeRestartVerify(KvProtocol p, Path dir, boolean keepPm) throws IOException {
        Path history = dir.resolve("history.jsonl");
        InetSocketAddress at;
        try (MappedFilePm pm = new MappedFilePm(dir.resolve("pm")); TcpTransport server = new TcpTransport(0, CONFIG, pm);
             TcpTransport client = new TcpTransport(1, CONFIG, null); StoreHost host = StoreHost.start(server, p, SIZE, false, QUIET)) {
            at = host.listen(new InetSocketAddress("127.0.0.1", 0));
            RemoteCheck.Written w = RemoteCheck.write(client, at, 2, 4, 200, 7, history);
            assertThat(w.protocol()).isEqualTo(p);
            assertThat(w.acknowledged()).isGreaterThan(250);
            assertThat(w.serverLost()).isFalse();
        }
        Path restartFrom = keepPm ? dir.resolve("pm") : dir.resolve("empty-pm");
        try (MappedFilePm pm = new MappedFilePm(restartFrom); TcpTransport server = new TcpTransport(0, CONFIG, pm);
             TcpTransport client = new TcpTransport(1, CONFIG, null); StoreHost host = StoreHost.start(server, p, SIZE, keepPm, QUIET)) {
            InetSocketAddress again = host.listen(new InetSocketAddress("127.0.0.1", 0));
            return RemoteCheck.verify(client, again, history, 10_000, true);
        }
    }

    @Test
    void aServerRestartedOnItsPmPassesForEveryRecoverableStore(@TempDir Path dir) throws IOException {
        for (KvProtocol p : List.of(ErdaProtocol.ERDA, BaselineProtocol.REDO, EfProtocol.EFACTORY)) {
            RemoteCheck.Verified v = writeRestartVerify(p, dir.resolve(p.cliName()), true);
            assertThat(v.keys()).isEqualTo(8);
            assertThat(v.problems()).as(p.cliName()).isEmpty();
            List<HistoryLog.Event> events = HistoryLog.read(dir.resolve(p.cliName()).resolve("history.jsonl"));
            assertThat(events).extracting(HistoryLog.Event::type).contains("invoke", "ok", "crash", "recovery");
        }
    }

    @Test
    void aServerThatLostItsPmIsCaught(@TempDir Path dir) throws IOException {
        RemoteCheck.Verified v = writeRestartVerify(ErdaProtocol.ERDA, dir, false);
        assertThat(v.problems()).hasSize(8).allSatisfy(p -> assertThat(p).contains("is gone; its put").contains("was acknowledged"));
    }
}
