/**
 * The real-process crash test (DESIGN §6): a store on mapped-file PM over the loopback fabric is killed with SIGKILL in
 * the middle of its workload and recovered from its files. {@link io.rdasuite.hwreal.crash.KillableWorkload} is the child
 * JVM: client threads put increasing sequence numbers to their own keys and print each acknowledgement.
 * {@link io.rdasuite.hwreal.crash.KillCycle} starts it, kills it after a given time and recovers the store in its own JVM;
 * {@link io.rdasuite.hwreal.crash.CrashCheck} then checks what every store must keep after a killed process (the page
 * cache keeps its stores): each key readable, each value whole and written by the workload, none older than its last
 * acknowledged put. {@link io.rdasuite.hwreal.crash.WorkloadValues} are the self-checking values (key, sequence, filler,
 * CRC32C) that make this decidable; {@link io.rdasuite.hwreal.remote.RemoteCheck} uses them on live clusters too.
 * {@code ci/process-crash.sh} runs the kill campaigns through the module's tests.
 */
package io.rdasuite.hwreal.crash;
