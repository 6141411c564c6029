package io.rdasuite.cli;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.fabric.Transport;
import io.rdasuite.store.protocol.KvProtocols;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses names on the command line; an unknown name is an error listing the valid ones. */
final class Converters {
    private Converters() {
    }

    static final class Config implements ITypeConverter<ServerConfig> {
        @Override
        public ServerConfig convert(String value) {
            try {
                return ServerConfig.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Protocol implements ITypeConverter<io.rdasuite.store.protocol.KvProtocol> {
        @Override
        public io.rdasuite.store.protocol.KvProtocol convert(String value) {
            try {
                return KvProtocols.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class TransportName implements ITypeConverter<Transport> {
        @Override
        public Transport convert(String value) {
            try {
                return Transport.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
