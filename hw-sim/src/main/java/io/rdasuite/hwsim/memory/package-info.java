/**
 * The memory side of the hardware model (DESIGN §3, "The crash-state model"): regions as 8-byte units with a
 * visible (coherent) image and, for PM, a media image; dirty last-level-cache lines with every version they
 * held since they were last persistent; the crash frontier that enumerates or samples the post-crash images
 * the hardware allows, as deltas over the media image.
 */
package io.rdasuite.hwsim.memory;
