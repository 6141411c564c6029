/** Expected findings pinned per cell, so that a change which moves a weakness fails {@code rda check} (DESIGN §5a). */
package io.rdasuite.crashsim.pinned;
