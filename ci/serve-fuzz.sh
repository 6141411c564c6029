#!/usr/bin/env bash
# Junk against a live `rda serve` (issue 29): ServeWireFuzzIT with enough connections that the server judges at
# least MIN_FRAMES frames (default 100,000: random bytes, truncated, oversized and bit-flipped frames, requests with
# foreign rkeys, answers never asked for, and the valid frames before them) while a real client puts; then every
# acknowledged value is read back, every client slot must be free, the server must have refused exactly the
# connections the decoder model refuses (one log line each), and no stored byte may change while only junk arrives.
# `./mvnw verify` runs the same test with 1,500 connections (~25,000 frames judged).
#   ci/serve-fuzz.sh [TRIES] [MIN_FRAMES]      (default: 7000 connections, 100000 frames; about 2 minutes on 2 cores)
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
TRIES="${1:-7000}"
MIN_FRAMES="${2:-100000}"
./mvnw -B -q install -DskipTests
./mvnw -B -q verify -pl cli -Dtest=ServeWireFuzzIT -Dsurefire.failIfNoSpecifiedTests=false \
  -Drda.fuzz.tries="$TRIES" -Drda.fuzz.minFrames="$MIN_FRAMES"
grep -ho 'serve wire fuzz: .*' cli/target/surefire-reports/TEST-io.rdasuite.cli.ServeWireFuzzIT.xml
