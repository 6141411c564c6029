#!/usr/bin/env bash
# Crash-consistency campaign: rda check and rda taxonomy with a large budget.
#
#   ci/crash-campaign.sh [BUDGET] [SHARD] [SEED]
#
# BUDGET scales crash points, images per crash point and timings (default 20: 3,000 crash points, 320
# images per point and 80 timings per cell). SHARD is i/N (default 0/1): a CI matrix or a Kubernetes
# indexed job runs N copies with i = 0..N-1, and their JSON files merge by concatenating the "results"
# lists (each row carries its "cell" index). Exit code 1 means some recipe failed or a negative control
# was missed; the JSON has the shrunk counterexamples and their `rda replay` lines.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

budget=${1:-20}
shard=${2:-0/1}
seed=${3:-$(date +%s)}
out=${RDA_CAMPAIGN_OUT:-target/crash-campaign}
mkdir -p "$out"
tag=${shard/\//-of-}

echo "crash campaign: budget $budget, shard $shard, seed $seed -> $out" >&2
status=0
./rda check --json --budget "$budget" --shard "$shard" --seed "$seed" > "$out/check-$tag.json" || status=1
./rda taxonomy --json --budget "$((budget / 4 > 0 ? budget / 4 : 1))" --shard "$shard" --seed "$seed" > "$out/taxonomy-$tag.json" || status=1
python3 - "$out/check-$tag.json" <<'PY' >&2 || true
import json, sys
d = json.load(open(sys.argv[1]))
print(f"check: {d['verdict']}, {d['crashStates']:,} crash states, {d['statesPerSecond']:,} states/s")
for r in d["results"] + d["controls"]:
    if "counterexample" in r:
        print("  ", r["subject"], r["config"], r["transport"], "->", r["counterexample"]["replay"])
PY
exit $status
