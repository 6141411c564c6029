#!/usr/bin/env bash
# Real process crashes at scale (issue 6): Erda, eFactory and Redo Logging on mapped-file PM, each killed with
# SIGKILL KILLS times at seeded moments and recovered and checked after every kill.
# Usage: ci/process-crash.sh [KILLS] [SEED]      (default: 200 kills per store, seed 1)
set -euo pipefail
cd "$(dirname "$0")/.."
KILLS="${1:-200}"
SEED="${2:-1}"
./mvnw -B -q verify -pl hw-real -am -Dtest='ProcessCrashTest#storesSurviveSigkillAtSeededMoments' \
  -Dsurefire.failIfNoSpecifiedTests=false -Drda.kills="$KILLS" -Drda.seed="$SEED"
