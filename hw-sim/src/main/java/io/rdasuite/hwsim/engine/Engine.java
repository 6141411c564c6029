package io.rdasuite.hwsim.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * The deterministic simulation engine (DESIGN §3): virtual time, a seeded event queue, and actors that
 * run one at a time.
 *
 * <p><b>Baton passing.</b> Exactly one thread runs at a time: the holder of the baton. A thread that
 * blocks runs the dispatch loop itself: hardware events fire inline, and only when the next event resumes a
 * different actor is the baton handed over (one park/unpark). An actor that is the only one runnable never
 * switches threads at all, so a verb costs no handoff. The baton is a volatile field written before the
 * unpark and read after the park, which orders every engine write before the next holder's reads.
 *
 * <p><b>Determinism.</b> Nothing here reads a clock or an unseeded random; equal times are ordered by a
 * tie-break drawn from the seeded PRNG at scheduling time. Same seed and same inputs give the same trace.
 *
 * <p><b>Deferral.</b> A deferrable event ({@link Event#dueAt}) is asked, when its time comes, whether it is due; one
 * that is not goes back into the queue at the time it names (with a new tie-break), and only its dispatch is traced
 * and counted. A NIC's receive link uses it: when a message's last bit reaches it depends on what reached it first.
 */
public final class Engine {
    /** Why {@link #run} returned. */
    public enum RunStatus {
        /** Every non-daemon actor finished. */
        FINISHED,
        /** The deadline of {@link #runUntil} was reached, or {@link #requestStop} was called. */
        STOPPED,
        /** Nothing left to do, but non-daemon actors are still blocked (they wait for something that never comes). */
        QUIESCENT
    }

    private final long seed;
    private final EventQueue queue = new EventQueue();
    private final SplittableRandom ties;
    private final Trace trace;
    private final long maxEvents;
    private final Actor driver;
    private final List<Actor> actors = new ArrayList<>();
    private final TreeMap<Long, List<Runnable>> hooks = new TreeMap<>();
    private long nextHookAt = Long.MAX_VALUE;
    private final TreeMap<Long, List<Runnable>> observers = new TreeMap<>();
    private long nextObserverAt = Long.MAX_VALUE;
    private long now;
    private long dispatched;
    private int liveNonDaemon;
    private boolean stopRequested;
    private boolean untilAllFinished = true;
    private Throwable failure;
    private volatile Actor baton;
    /** Fibers: the actor a suspending or ending fiber hands over to. */
    private Actor handoff;
    /** Fibers: whether the driver thread is inside an actor's fiber now. */
    private boolean running;

    /**
     * @param seed      drives every choice the engine makes
     * @param trace     receives every dispatched event
     * @param maxEvents a bound on dispatched events; exceeding it fails the run (no endless simulations)
     */
    public Engine(long seed, Trace trace, long maxEvents) {
        this.seed = seed;
        this.ties = new SplittableRandom(seed);
        this.trace = trace;
        this.maxEvents = maxEvents;
        this.driver = new Actor(this, -1, "driver", -1, true);
        this.baton = driver;
    }

    public long seed() {
        return seed;
    }

    /** Virtual nanoseconds since the start. */
    public long now() {
        return now;
    }

    /** Events dispatched so far; fault plans name crash points by this index. */
    public long dispatched() {
        return dispatched;
    }

    public Trace trace() {
        return trace;
    }

    /** A PRNG stream of its own for one purpose, derived from the seed and the purpose's name only. */
    public SplittableRandom random(String purpose) {
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + purpose.hashCode());
    }

    /** Adds a trace record for something an actor did (a post, a local store); not a dispatched event. */
    public void note(TraceKind kind, int nodeId, long argument) {
        trace.record(dispatched, now, kind, nodeId, argument);
    }

    /** Queues {@code event} at {@code timeNanos} (not before now). */
    public void schedule(Event event, long timeNanos) {
        checkNotPast(timeNanos);
        queue.add(timeNanos, ties.nextLong(), event);
    }

    /**
     * Queues {@code event} at {@code timeNanos} (not before now) as the next of {@code stream}'s events: the same order
     * as {@link #schedule(Event, long)} (the same tie-break is drawn), cheaper while the stream's times only grow.
     */
    public void schedule(Event event, long timeNanos, EventStream stream) {
        checkNotPast(timeNanos);
        queue.add(timeNanos, ties.nextLong(), event, stream);
    }

    private void checkNotPast(long timeNanos) {
        if (timeNanos < now) {
            throw new IllegalArgumentException("cannot schedule in the past: " + timeNanos + " < " + now);
        }
    }

    /** Runs {@code hook} just before the event with index {@code eventIndex} would be dispatched. */
    public void atEvent(long eventIndex, Runnable hook) {
        if (eventIndex < dispatched) {
            throw new IllegalArgumentException("event " + eventIndex + " already passed (at " + dispatched + ")");
        }
        hooks.computeIfAbsent(eventIndex, k -> new ArrayList<>()).add(hook);
        nextHookAt = hooks.firstKey();
    }

    /**
     * Runs {@code observer} just before the event with index {@code eventIndex} would be dispatched, without changing the
     * run: unlike a hook it does not keep an actor from skipping ahead in {@link #advance}, so a run with observers
     * dispatches exactly the events of the same run without them. The observer must only read the simulation.
     */
    public void observeAt(long eventIndex, Runnable observer) {
        if (eventIndex < dispatched) {
            throw new IllegalArgumentException("event " + eventIndex + " already passed (at " + dispatched + ")");
        }
        observers.computeIfAbsent(eventIndex, k -> new ArrayList<>()).add(observer);
        nextObserverAt = observers.firstKey();
    }

    /** Creates an actor that starts at the current time. Daemons do not keep {@link #run} going. */
    public Actor spawn(String name, int nodeId, boolean daemon, Runnable body) {
        Actor actor = new Actor(this, actors.size(), name, nodeId, daemon);
        if (Fiber.AVAILABLE) {
            actor.fiber = new Fiber(() -> actorMain(actor, body));
        } else {
            actor.thread = Thread.ofVirtual().name(name).unstarted(() -> actorMain(actor, body));
        }
        actors.add(actor);
        if (!daemon) {
            liveNonDaemon++;
        }
        actor.pending = true;
        schedule(actor, now);
        return actor;
    }

    /** The actor holding the baton, or null when called from outside any actor. */
    public Actor current() {
        Actor a = baton;
        if (a == driver) {
            return null;
        }
        return (a.fiber != null ? Thread.currentThread() == driver.thread && running : Thread.currentThread() == a.thread) ? a : null;
    }

    /** The calling actor; throws when called from outside the simulation's actors. */
    public Actor self() {
        Actor a = current();
        if (a == null) {
            throw new IllegalStateException("this simulator call (a verb's post or wait, a clock charge, a sleep) must run on a node's"
                    + " thread: start one with Node.spawn (a client, a job the run waits for) or Node.spawnDaemon (a server's"
                    + " request handler); a StoreServer's serve() itself runs on none");
        }
        return a;
    }

    /** The calling actor waits {@code nanos} of virtual time. */
    public void advance(long nanos) {
        Actor self = self();
        if (nanos < 0) {
            throw new IllegalArgumentException("negative delay " + nanos);
        }
        checkAlive(self);
        long until = Math.max(now + nanos, self.stalledUntilNs);
        if (dispatched == nextObserverAt) {
            runObservers();
        }
        if (canFastForward(until)) {
            // Nothing else can happen before `until`: skip the queue, but count and trace it like a resume.
            now = until;
            dispatched++;
            trace.record(dispatched - 1, now, TraceKind.ACTOR_ADVANCE, self.nodeId, self.id);
            return;
        }
        self.pending = true;
        schedule(self, until);
        block(self);
    }

    private boolean canFastForward(long untilNs) {
        return !stopRequested && failure == null && dispatched != nextHookAt && dispatched < maxEvents
                && (queue.isEmpty() || queue.peekTime() > untilNs);
    }

    /** The calling actor blocks until someone calls {@link #wake} on it (or it is killed). */
    public void park() {
        Actor self = self();
        checkAlive(self);
        self.waiting = true;
        try {
            block(self);
        } finally {
            self.waiting = false;
        }
    }

    /** Makes a parked actor runnable at the current time; a no-op for actors not parked. */
    public void wake(Actor actor) {
        if (actor.waiting && !actor.pending && !actor.finished) {
            actor.pending = true;
            schedule(actor, now);
        }
    }

    /** Kills an actor: its current or next blocking call throws {@link ActorKilledException}. */
    public void kill(Actor actor) {
        if (actor.finished || actor.killed) {
            return;
        }
        actor.killed = true;
        // The baton holder may be this actor running the dispatch loop while parked: wake it too.
        if (!actor.pending && (actor != baton || actor.waiting)) {
            actor.pending = true;
            schedule(actor, now);
        }
    }

    /**
     * Stalls an actor (a fault): it is not resumed before {@code untilNanos}. If it is running now, the stall takes
     * effect at its next blocking call; a killed actor still unwinds at once.
     */
    public void stall(Actor actor, long untilNanos) {
        actor.stalledUntilNs = Math.max(actor.stalledUntilNs, untilNanos);
    }

    /** Throws {@link ActorKilledException} when the actor was killed. */
    public void checkAlive(Actor actor) {
        if (actor.killed) {
            throw new ActorKilledException(actor.name);
        }
    }

    /** Makes the current {@link #run} return at the next dispatch. */
    public void requestStop() {
        stopRequested = true;
    }

    public List<Actor> actors() {
        return List.copyOf(actors);
    }

    /** Runs until every non-daemon actor finished (or a stop, quiescence or failure). Call from outside actors. */
    public RunStatus run() {
        untilAllFinished = true;
        return drive();
    }

    /** Runs until virtual time {@code timeNanos} (or a stop, quiescence or failure), whatever actors do. */
    public RunStatus runUntil(long timeNanos) {
        untilAllFinished = false;
        schedule(new StopEvent(), Math.max(now, timeNanos));
        return drive();
    }

    private RunStatus drive() {
        if (current() != null) {
            throw new IllegalStateException("run() is for the driver, not for actors");
        }
        driver.thread = Thread.currentThread();
        stopRequested = false;
        Actor next = dispatch(driver);
        if (next != driver) {
            switchTo(driver, next);
        }
        if (failure != null) {
            Throwable f = failure;
            failure = null;
            throw new SimulationException("simulation failed at event " + dispatched + ", t=" + now + "ns (seed " + seed + "): " + f, f);
        }
        if (stopRequested) {
            return RunStatus.STOPPED;
        }
        if (untilAllFinished && liveNonDaemon == 0) {
            return RunStatus.FINISHED;
        }
        return RunStatus.QUIESCENT;
    }

    /** Kills every actor still alive and lets each unwind; drops pending events. */
    public void close() {
        queue.clear();
        for (Actor a : actors) {
            if (!a.finished) {
                a.killed = true;
                a.pending = true;
                schedule(a, now);
            }
        }
        untilAllFinished = false;
        stopRequested = false;
        driver.thread = Thread.currentThread();
        Actor next = dispatch(driver);
        if (next != driver) {
            switchTo(driver, next);
        }
        failure = null;
    }

    private void block(Actor self) {
        Actor next = dispatch(self);
        if (next != self) {
            switchTo(self, next);
        }
        checkAlive(self);
    }

    /** Fires hardware events until an actor must run; returns it (the driver when the run is over). */
    private Actor dispatch(Actor self) {
        while (true) {
            if (failure != null || stopRequested) {
                return driver;
            }
            if (dispatched == nextObserverAt) {
                runObservers();
                continue;
            }
            if (dispatched == nextHookAt) {
                // Before the termination checks, so that a fault at index == events-of-the-run still fires.
                runHooks();
                continue;
            }
            if ((untilAllFinished && liveNonDaemon == 0) || queue.isEmpty()) {
                return driver;
            }
            if (dispatched >= maxEvents) {
                failure = new IllegalStateException("event bound of " + maxEvents + " exceeded");
                return driver;
            }
            Event event = queue.poll();
            now = queue.lastTime;
            if (event.deferrable) {
                long due;
                try {
                    due = event.dueAt(now);
                } catch (Throwable t) {
                    failure = t;
                    return driver;
                }
                if (due < now) {
                    failure = new IllegalStateException("an event due at " + due + " before its time " + now);
                    return driver;
                }
                if (due > now) {
                    queue.add(due, ties.nextLong(), event); // not yet due: neither dispatched nor traced
                    continue;
                }
            }
            dispatched++;
            if (event.fixedTrace) {
                trace.record(dispatched - 1, now, event.traceKind, event.traceNode, event.traceArg);
            } else {
                trace.record(dispatched - 1, now, event.kind(), event.nodeId(), event.traceArgument());
            }
            if (event instanceof Actor actor) {
                actor.pending = false;
                if (actor.finished) {
                    continue;
                }
                if (actor.stalledUntilNs > now && !actor.killed) {
                    actor.pending = true; // stalled: it resumes when the stall is over
                    schedule(actor, actor.stalledUntilNs);
                    continue;
                }
                return actor;
            }
            try {
                event.fire();
            } catch (Throwable t) {
                failure = t;
                return driver;
            }
        }
    }

    private void runObservers() {
        List<Runnable> due = observers.pollFirstEntry().getValue();
        nextObserverAt = observers.isEmpty() ? Long.MAX_VALUE : observers.firstKey();
        for (Runnable observer : due) {
            try {
                observer.run();
            } catch (Throwable t) {
                failure = t;
            }
        }
    }

    private void runHooks() {
        List<Runnable> due = hooks.pollFirstEntry().getValue();
        nextHookAt = hooks.isEmpty() ? Long.MAX_VALUE : hooks.firstKey();
        trace.record(dispatched, now, TraceKind.FAULT, -1, dispatched);
        for (Runnable hook : due) {
            try {
                hook.run();
            } catch (Throwable t) {
                failure = t;
            }
        }
    }

    private void switchTo(Actor self, Actor next) {
        if (Fiber.AVAILABLE) {
            if (self == driver) {
                runFibers(next);
            } else {
                handoff = next;
                Fiber.suspend(); // back to the driver's runFibers, which runs `next`
            }
            return;
        }
        handTo(next);
        while (baton != self) {
            LockSupport.park(this);
        }
    }

    /** The driver's side of fibers: runs the actor due, then whichever it hands over to, until the driver's turn. */
    private void runFibers(Actor next) {
        while (next != driver) {
            baton = next;
            handoff = driver;
            running = true;
            try {
                next.fiber.run();
            } finally {
                running = false;
            }
            next = handoff;
        }
        baton = driver;
    }

    private void handTo(Actor next) {
        baton = next;
        if (next == driver) {
            LockSupport.unpark(next.thread);
        } else if (!next.started) {
            next.started = true;
            next.thread.start();
        } else {
            LockSupport.unpark(next.thread);
        }
    }

    private void actorMain(Actor self, Runnable body) {
        while (baton != self) {
            LockSupport.park(this); // virtual threads only: a fiber runs when the driver hands it the baton
        }
        try {
            if (!self.killed) {
                body.run();
            }
        } catch (ActorKilledException killed) {
            // The node crashed under it; unwinding is all there is to do.
        } catch (Throwable t) {
            if (failure == null && !self.killed) {
                failure = new IllegalStateException("actor " + self + " failed: " + t, t);
            }
        } finally {
            self.finished = true;
            if (!self.daemon) {
                liveNonDaemon--;
            }
            Actor next = dispatch(self);
            if (self.fiber != null) {
                handoff = next; // the fiber ends; the driver runs `next`
            } else {
                handTo(next);
            }
        }
    }

    /** Stops {@link #runUntil} at its deadline. */
    private final class StopEvent extends Event {
        @Override
        protected void fire() {
            stopRequested = true;
        }

        @Override
        protected TraceKind kind() {
            return TraceKind.STOP;
        }

        @Override
        protected int nodeId() {
            return -1;
        }

        @Override
        protected long traceArgument() {
            return 0;
        }
    }
}
