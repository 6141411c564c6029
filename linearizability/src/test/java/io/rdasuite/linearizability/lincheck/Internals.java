package io.rdasuite.linearizability.lincheck;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Reflective access to the package-private steps of the stores' servers (ErdaServer's request handler,
 * EfServer's allocation, header and link steps, the eFactory request handlers), so that the Lincheck tests run
 * the stores' own code rather than a copy of it. A renamed step fails here with the name it looked for.
 */
final class Internals {
    private Internals() {
    }

    static Method method(Class<?> owner, String name, Class<?>... parameters) {
        try {
            Method m = owner.getDeclaredMethod(name, parameters);
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(owner.getName() + " has no method " + name + ": the store changed under this test", e);
        }
    }

    static Class<?> type(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no class " + name + ": the store changed under this test", e);
        }
    }

    /** Calls {@code m}, rethrowing what the called method threw as itself. */
    static Object call(Method m, Object target, Object... arguments) {
        try {
            return m.invoke(target, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object field(Object target, String name) {
        return field(target.getClass(), target, name);
    }

    static Object field(Class<?> owner, Object target, String name) {
        try {
            Field f = owner.getDeclaredField(name);
            f.setAccessible(true);
            return f.get(target);
        } catch (NoSuchFieldException | IllegalAccessException e) {
            throw new IllegalStateException(owner.getName() + " has no readable field " + name + ": the store changed under this test", e);
        }
    }

    /** A static constant of a package-private class, e.g. a message type. */
    static long constant(String className, String name) {
        return ((Number) field(type(className), null, name)).longValue();
    }
}
