package io.rdasuite.hwsim.fabric;

import io.rdasuite.hwsim.memory.SimRegion;

/** A posted receive: where an incoming SEND's message goes. */
record ReceiveBuffer(SimRegion region, long offsetBytes, int lengthBytes) {
}
