package io.rdasuite.cli;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.persist.PrimaryOp;
import io.rdasuite.store.persist.UpdateKind;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** The taxonomy's cells (configuration × transport × primary operation × update kind) and their sharding. */
final class Cells {
    /** One cell; {@code index} is its position in the full, unfiltered order (stable across shards). */
    record Cell(int index, ServerConfig config, Transport transport, PrimaryOp op, UpdateKind update) {
    }

    /** {@code i/N}: this machine takes the cells whose index is i modulo N. */
    record Shard(int index, int count) {
        boolean takes(int cellIndex) {
            return cellIndex % count == index;
        }
    }

    private Cells() {
    }

    /**
     * The cells the filters take. The twelve configurations of PCIe's strict order come first (indices 0-143, as
     * always); their Relaxed Ordering twins ({@code +RO}) follow and are taken only when {@code configs} names them.
     */
    static List<Cell> select(List<ServerConfig> configs, List<Transport> transports, List<PrimaryOp> ops, List<UpdateKind> updates, Shard shard) {
        List<Cell> out = new ArrayList<>();
        int index = 0;
        for (ServerConfig c : ServerConfig.allOrderings()) {
            for (Transport t : Transport.values()) {
                for (UpdateKind u : UpdateKind.values()) {
                    for (PrimaryOp op : PrimaryOp.values()) {
                        Cell cell = new Cell(index++, c, t, op, u);
                        if (takes(configs, c) && (transports == null || transports.contains(t))
                                && (ops == null || ops.contains(op)) && (updates == null || updates.contains(u)) && shard.takes(cell.index())) {
                            out.add(cell);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Whether {@code --config} takes {@code c}: every strict configuration when none is named, a {@code +RO} one only by name. */
    static boolean takes(List<ServerConfig> configs, ServerConfig c) {
        return configs == null ? !c.relaxedOrdering() : configs.contains(c);
    }

    static final class ShardConverter implements ITypeConverter<Shard> {
        @Override
        public Shard convert(String value) {
            String[] p = value.split("/");
            try {
                Shard s = new Shard(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
                if (p.length == 2 && s.count() >= 1 && s.index() >= 0 && s.index() < s.count()) {
                    return s;
                }
            } catch (RuntimeException e) {
                // fall through to the message below
            }
            throw new TypeConversionException("shard '" + value + "' must be i/N with 0 <= i < N, e.g. 0/4");
        }
    }
}
