/**
 * Property-based fuzzing of the stores under crashes ({@code rda fuzz}, DESIGN §5): random programs and fault
 * schedules ({@link io.rdasuite.crashsim.fuzz.CaseGenerator}), explored at a few crash points and post-crash images
 * with repeated crashes, process and client crashes, stalls, CPU hogs and log cleaning
 * ({@link io.rdasuite.crashsim.fuzz.FuzzExplorer}), coverage feedback ({@link io.rdasuite.crashsim.fuzz.Coverage}),
 * shrinking ({@link io.rdasuite.crashsim.fuzz.FuzzShrinker}), replay tokens
 * ({@link io.rdasuite.crashsim.fuzz.FuzzToken}) and a corpus of failures ({@link io.rdasuite.crashsim.fuzz.FuzzCorpus}).
 */
package io.rdasuite.crashsim.fuzz;
