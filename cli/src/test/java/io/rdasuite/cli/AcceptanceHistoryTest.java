package io.rdasuite.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.rdasuite.hwreal.pm.MappedFilePm;
import io.rdasuite.hwreal.remote.RemoteCheck;
import io.rdasuite.hwreal.remote.StoreHost;
import io.rdasuite.hwreal.remote.StoreSize;
import io.rdasuite.hwreal.tcp.TcpTransport;
import io.rdasuite.linearizability.checker.CheckOptions;
import io.rdasuite.linearizability.checker.CrashSemantics;
import io.rdasuite.linearizability.checker.LinearizabilityChecker;
import io.rdasuite.linearizability.checker.Verdict;
import io.rdasuite.linearizability.format.HistoryFormat;
import io.rdasuite.linearizability.model.Models;
import io.rdasuite.store.baseline.BaselineProtocol;
import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.kv.KvShape;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance suite's history (recorded by the remote check's write and verify phases, as JSON Lines) read
 * by the history checker: durably linearizable across a server restart on its PM, and not when the server
 * came back without it.
 */
class AcceptanceHistoryTest {
    private static final ServerConfig CONFIG = ServerConfig.parse("MHP+DDIO+PM-RQWRB");
    private static final StoreSize SIZE = new StoreSize(new KvShape(16, 128), 4, 64, 4096);
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private static Verdict verdict(Path dir, boolean keepPm) throws Exception {
        Path history = dir.resolve("history.jsonl");
        try (MappedFilePm pm = new MappedFilePm(dir.resolve("pm")); TcpTransport server = new TcpTransport(0, CONFIG, pm);
             TcpTransport client = new TcpTransport(1, CONFIG, null); StoreHost host = StoreHost.start(server, BaselineProtocol.REDO, SIZE, false, QUIET)) {
            RemoteCheck.write(client, host.listen(new InetSocketAddress("127.0.0.1", 0)), 3, 3, 150, 5, history);
        }
        try (MappedFilePm pm = new MappedFilePm(dir.resolve(keepPm ? "pm" : "fresh")); TcpTransport server = new TcpTransport(0, CONFIG, pm);
             TcpTransport client = new TcpTransport(1, CONFIG, null); StoreHost host = StoreHost.start(server, BaselineProtocol.REDO, SIZE, keepPm, QUIET)) {
            RemoteCheck.verify(client, host.listen(new InetSocketAddress("127.0.0.1", 0)), history, 10_000, true);
        }
        return LinearizabilityChecker.check(HistoryFormat.parse("jsonl").read(history), Models.KV,
                CheckOptions.defaults().withCrashes(CrashSemantics.DURABLE)).verdict();
    }

    @Test
    void aRestartOnItsPmIsDurablyLinearizable(@TempDir Path dir) throws Exception {
        assertThat(verdict(dir, true)).isEqualTo(Verdict.LINEARIZABLE);
    }

    @Test
    void aRestartThatLostThePmIsNot(@TempDir Path dir) throws Exception {
        assertThat(verdict(dir, false)).isEqualTo(Verdict.NOT_LINEARIZABLE);
    }
}
