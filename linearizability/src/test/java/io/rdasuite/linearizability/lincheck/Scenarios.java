package io.rdasuite.linearizability.lincheck;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import kotlin.Unit;
import kotlin.reflect.KFunction;
import kotlin.reflect.jvm.ReflectJvmMapping;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.lincheck.datastructures.CustomScenarioDSLKt;
import org.jetbrains.lincheck.datastructures.DSLScenarioBuilder;
import org.jetbrains.lincheck.datastructures.DSLThreadScenario;

/**
 * Lincheck's custom-scenario DSL from Java: a test that expects a violation names the operations that expose it
 * (the initial part, one list per parallel thread, the post part), so it is found at once and by name.
 */
final class Scenarios {
    private Scenarios() {
    }

    /** One operation of a subject: its method name and arguments. */
    record Call(String method, Object... arguments) {
        @Override
        public String toString() {
            return method + Arrays.toString(arguments);
        }
    }

    static Call call(String method, Object... arguments) {
        return new Call(method, arguments);
    }

    static ExecutionScenario of(Class<?> subject, List<Call> initial, List<List<Call>> parallel, List<Call> post) {
        DSLScenarioBuilder b = new DSLScenarioBuilder();
        b.initial(t -> add(subject, t, initial));
        b.parallel(p -> {
            for (List<Call> thread : parallel) {
                p.thread(t -> add(subject, t, thread));
            }
            return Unit.INSTANCE;
        });
        b.post(t -> add(subject, t, post));
        return b.buildScenario();
    }

    private static Unit add(Class<?> subject, DSLThreadScenario thread, List<Call> calls) {
        for (Call c : calls) {
            thread.add(CustomScenarioDSLKt.actor(operation(subject, c.method()), c.arguments(), false));
        }
        return Unit.INSTANCE;
    }

    private static KFunction<?> operation(Class<?> subject, String name) {
        Method found = Arrays.stream(subject.getMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(subject.getSimpleName() + " has no operation " + name));
        return ReflectJvmMapping.getKotlinFunction(found);
    }
}
