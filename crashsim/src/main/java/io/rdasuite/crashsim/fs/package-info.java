/**
 * Crash exploration of pDFS (paper 002 §4.2): {@link io.rdasuite.crashsim.fs.PdfsExplorer} runs a program
 * ({@link io.rdasuite.crashsim.fs.FsProgram}; the cells' is fixed) of {@link io.rdasuite.crashsim.fs.FsOp}s (two
 * clients in disjoint subtrees: mkdir, creat, write, file and directory renames, unlink) and checks the namespace after
 * recovery against {@link io.rdasuite.crashsim.fs.FsModel}: no orphan, no cycle, nothing under two names, and the state
 * each client's acknowledged operations leave (its operation in flight done or not). Findings carry a checksummed
 * {@code rdafs1.} replay token; {@link io.rdasuite.crashsim.fs.PdfsShrinker} shrinks one to a smaller well-formed
 * program that breaks the same invariant.
 */
package io.rdasuite.crashsim.fs;
