package io.rdasuite.testkit;

import io.rdasuite.store.fabric.ServerConfig;
import io.rdasuite.store.mutation.PlantedBugs;
import io.rdasuite.store.protocol.KvProtocols;
import io.rdasuite.store.protocol.Plants;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Runs {@link StoreCheck} for a {@link CrashCheck} method: once per test, its report published as a report entry and
 * passed to a {@link StoreCheckReport} parameter; without one, a failed claim fails the test with
 * {@link StoreCheckReport#describe()}.
 */
public final class CrashCheckExtension implements InvocationInterceptor, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(CrashCheckExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == StoreCheckReport.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return report(context);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context)
            throws Throwable {
        StoreCheckReport report = report(context);
        boolean decidesItself = Arrays.stream(invocationContext.getExecutable().getParameterTypes()).anyMatch(t -> t == StoreCheckReport.class);
        invocation.proceed();
        if (!decidesItself && !report.passed()) {
            throw new AssertionError(report.describe());
        }
    }

    private static StoreCheckReport report(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent("report", k -> {
            CrashCheck a = context.getRequiredTestMethod().getAnnotation(CrashCheck.class);
            if (a == null) {
                throw new IllegalStateException("CrashCheckExtension needs @CrashCheck on " + context.getRequiredTestMethod());
            }
            if (a.protocol().isEmpty() == a.subject().isEmpty()) {
                throw new IllegalArgumentException("@CrashCheck on " + context.getRequiredTestMethod().getName()
                        + " names a protocol or a subject, exactly one of them");
            }
            java.util.function.Supplier<StoreCheckReport> check = a.subject().isEmpty()
                    ? () -> StoreCheck.run(KvProtocols.parse(a.protocol()), settings(a))
                    : () -> StoreCheck.runSubject(a.subject(), settings(a));
            StoreCheckReport r = a.plant().isEmpty() ? check.get() : PlantedBugs.with(Plants.parse(a.plant()), check);
            context.publishReportEntry("rda", r.summary());
            return r;
        }, StoreCheckReport.class);
    }

    static StoreCheck.Settings settings(CrashCheck a) {
        List<ServerConfig> configs = a.configs().length == 0 ? ServerConfig.all() : Arrays.stream(a.configs()).map(ServerConfig::parse).toList();
        return StoreCheck.Settings.defaults().withConfigs(configs).withTransports(List.of(a.transports())).withBudget(a.budget()).withSeed(a.seed())
                .withFuzzRuns(a.fuzzRuns());
    }
}
