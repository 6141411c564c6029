#!/usr/bin/env bash
# Seed sweep (issue 27): on unchanged code, no seed may make rda check or rda fuzz fail. Runs both for every seed of a
# range and prints one row per seed: seed, check verdict and time, fuzz verdict and time, and the findings only that
# seed's search reached (informational: they never change a verdict). The check's seed-independent anchor is the same
# exploration for every seed, so the first seed runs the whole check (anchor compared with the pins, then its search)
# and every later seed runs `rda check --search-only` (its search alone: a third of the states, the same verdict on
# claims and controls). RDA_SWEEP_FULL=1 runs the whole check for every seed. Exit 1 when any seed failed; its rows name the
# JSON files under the output folder, which hold the shrunk failures and their `rda replay` lines.
#
#   ci/seed-sweep.sh [FIRST] [LAST]        default 1 64
#
# Environment: RDA_SWEEP_OUT (default target/seed-sweep), RDA_SWEEP_CHECK_ARGS (extra rda check options, e.g.
# "--clusters none"; "--search-only" makes every seed search only, for a range whose anchor another run checked: a sweep
# split into shards), RDA_SWEEP_FUZZ_ARGS (extra rda fuzz options; default "--runs 200"). About 1 min for the first seed, 20-30 s for each later one, on 2 idle cores.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

first=${1:-1}
last=${2:-64}
out=${RDA_SWEEP_OUT:-target/seed-sweep}
check_args=${RDA_SWEEP_CHECK_ARGS:-}
fuzz_args=${RDA_SWEEP_FUZZ_ARGS:---runs 200}
mkdir -p "$out"
./rda --version >/dev/null   # builds once, before the clock starts

verdict() { sed -n 's/.*"verdict" *: *"\([A-Z]*\)".*/\1/p' "$1" | head -n 1; }

printf '%-6s %-6s %7s %-6s %7s %s\n' SEED CHECK SECONDS FUZZ SECONDS "SEARCH-ONLY FINDINGS (cells)"
failed=0
for ((seed = first; seed <= last; seed++)); do
    start=$SECONDS
    # shellcheck disable=SC2086
    mode=()
    [[ $seed != "$first" && ${RDA_SWEEP_FULL:-0} != 1 && " $check_args " != *" --search-only "* ]] && mode=(--search-only)
    ./rda check --json --seed "$seed" "${mode[@]}" $check_args > "$out/check-$seed.json" 2> "$out/check-$seed.err" || true
    check_s=$((SECONDS - start))
    start=$SECONDS
    # shellcheck disable=SC2086
    ./rda fuzz --json --seed "$seed" $fuzz_args --corpus "$out/corpus-$seed" > "$out/fuzz-$seed.json" 2> "$out/fuzz-$seed.err" || true
    fuzz_s=$((SECONDS - start))
    cv=$(verdict "$out/check-$seed.json"); cv=${cv:-ERROR}
    fv=$(verdict "$out/fuzz-$seed.json"); fv=${fv:-ERROR}
    if ((${#mode[@]})); then
        searched="- (search only: no anchor to compare with)"
    else
        searched=$(grep -o '"seedFindings" *: *\[ *"' "$out/check-$seed.json" | wc -l || true)
    fi
    printf '%-6s %-6s %7s %-6s %7s %s\n' "$seed" "$cv" "$check_s" "$fv" "$fuzz_s" "$searched"
    if [[ "$cv" != PASS || "$fv" != PASS ]]; then
        failed=1
        echo "       seed $seed failed: $out/check-$seed.json $out/fuzz-$seed.json (stderr beside them)"
    fi
done
if ((failed)); then
    echo "seed sweep $first..$last: FAIL" >&2
    exit 1
fi
echo "seed sweep $first..$last: PASS"
