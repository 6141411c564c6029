package io.rdasuite.cli;

import io.rdasuite.bench.kv.NvmWrites;
import io.rdasuite.store.erda.ErdaProtocol;
import io.rdasuite.store.kv.KvShape;
import io.rdasuite.store.protocol.KvProtocol;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code rda nvm-writes}: PM bytes written by one create, update and delete (paper 000 §5.6, Table 1), measured. */
@Command(name = "nvm-writes", mixinStandardHelpOptions = true,
        description = "PM bytes one create, one update and one delete write, measured by the simulator (paper 000 Table 1).")
final class NvmWritesCommand implements Callable<Integer> {
    @Mixin
    JsonOption common;

    @Mixin
    NoSeedOption noSeed;

    @Spec
    CommandSpec spec;

    @Option(names = "--protocol", required = true, converter = Converters.Protocol.class, description = "erda, redo or raw (erda-cleaning counts like erda).")
    KvProtocol protocol;

    @Option(names = "--key-size", required = true, description = "K: key bytes.")
    int keySize;

    @Option(names = "--kv-size", required = true, description = "N: key-value pair bytes (greater than K).")
    int kvSize;

    @Override
    public Integer call() {
        if (keySize < 1 || kvSize <= keySize) {
            throw new ParameterException(spec.commandLine(), "--key-size must be positive and --kv-size larger than it (N = key + value)");
        }
        NvmWrites.Result r = NvmWrites.measure(protocol, new KvShape(keySize, kvSize - keySize));
        PrintWriter out = spec.commandLine().getOut();
        if (common.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("protocol", protocol.cliName());
            doc.put("keySize", keySize);
            doc.put("kvSize", kvSize);
            doc.put("create", r.create());
            doc.put("update", r.update());
            doc.put("delete", r.delete());
            out.println(Json.write(doc));
        } else {
            boolean erda = protocol == ErdaProtocol.ERDA;
            out.printf("%s, K=%d, N=%d: PM bytes written (measured; paper 000 Table 1 in brackets)%n", protocol.cliName(), keySize, kvSize);
            out.printf("  create %6d   [%s = %d]%n", r.create(), erda ? "K+10+N" : "K+12+2N", erda ? keySize + 10 + kvSize : keySize + 12 + 2 * kvSize);
            out.printf("  update %6d   [%s = %d]%n", r.update(), erda ? "9+N" : "4+2N", erda ? 9 + kvSize : 4 + 2 * kvSize);
            out.printf("  delete %6d   [%s = %d]%n", r.delete(), erda ? "K+9" : "K+8", erda ? keySize + 9 : keySize + 8);
        }
        out.flush();
        return 0;
    }
}
