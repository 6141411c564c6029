package io.rdasuite.hwsim.engine;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * An actor's body as a one-shot delimited continuation (the JDK's {@code jdk.internal.vm.Continuation}, the mechanism
 * under virtual threads) that the engine's driver runs directly: {@link #run} executes the body until it calls
 * {@link #suspend} or ends, and returns to the caller. Switching actors is then a return and a call on one thread —
 * no scheduler, no park/unpark, no futex — which is most of what a simulated step used to cost.
 *
 * <p>The class is internal to {@code java.base}: it is used only when the JVM exports {@code jdk.internal.vm} to this
 * code ({@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}, which {@code ./rda}, the tests and the benchmarks
 * pass); otherwise {@link #AVAILABLE} is false and the engine runs each actor on a virtual thread, slower and with the
 * same trace.
 */
final class Fiber {
    /** Whether continuations can be used here (the package is exported and the class exists). */
    static final boolean AVAILABLE;
    private static final Object SCOPE;
    private static final MethodHandle NEW;
    private static final MethodHandle RUN;
    private static final MethodHandle YIELD;

    static {
        boolean ok = false;
        Object scope = null;
        MethodHandle create = null;
        MethodHandle run = null;
        MethodHandle yield = null;
        try {
            if (Object.class.getModule().isExported("jdk.internal.vm", Fiber.class.getModule())
                    && !"false".equals(System.getProperty("rda.sim.continuations"))) {
                Class<?> scopeClass = Class.forName("jdk.internal.vm.ContinuationScope");
                Class<?> cont = Class.forName("jdk.internal.vm.Continuation");
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                scope = lookup.findConstructor(scopeClass, MethodType.methodType(void.class, String.class)).invoke("rda-sim");
                create = lookup.findConstructor(cont, MethodType.methodType(void.class, scopeClass, Runnable.class))
                        .asType(MethodType.methodType(Object.class, Object.class, Runnable.class));
                run = lookup.findVirtual(cont, "run", MethodType.methodType(void.class)).asType(MethodType.methodType(void.class, Object.class));
                yield = lookup.findStatic(cont, "yield", MethodType.methodType(boolean.class, scopeClass))
                        .asType(MethodType.methodType(boolean.class, Object.class));
                ok = true;
            }
        } catch (Throwable e) {
            ok = false; // not exported, or a JDK without it: the engine uses virtual threads
        }
        AVAILABLE = ok;
        SCOPE = scope;
        NEW = create;
        RUN = run;
        YIELD = yield;
    }

    private final Object continuation;

    Fiber(Runnable body) {
        try {
            continuation = (Object) NEW.invokeExact(SCOPE, body);
        } catch (Throwable e) {
            throw new IllegalStateException("cannot create a continuation", e);
        }
    }

    /** Runs the body from where it last suspended until it suspends again or ends. */
    void run() {
        try {
            RUN.invokeExact(continuation);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Called from inside a running fiber: returns control to whoever called {@link #run}. */
    static void suspend() {
        boolean yielded;
        try {
            yielded = (boolean) YIELD.invokeExact(SCOPE);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        if (!yielded) {
            throw new IllegalStateException("a simulated actor could not suspend (pinned by a native frame or a held monitor)");
        }
    }
}
