#!/usr/bin/env bash
# Paper 004's figures on the simulator (rda bench nessie, virtual time): Fig. 4 (background processes, with 4 and
# with the paper's 12 workers per node), Figs. 5-7
# and Table 1 (value sizes, uniform keys, on the 10 GbE testbed profile with 4 and 12 workers, and on the 100 Gb/s default), Fig. 12
# (Zipf, 50/90/99% GETs) and Fig. 13 (the optimization ladder). Each figure's JSON (results and paperClaims)
# goes to OUT_DIR; the claims are printed at the end. About 8 minutes on 2 cores.
#   ci/nessie-figures.sh [OUT_DIR]   (default: cli/target/nessie-figures)
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh
OUT="${1:-cli/target/nessie-figures}"
mkdir -p "$OUT"
./mvnw -q -B -DskipTests package -pl cli -am   # package, not install: ./rda would install
rda() {
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar cli/target/rda-cli.jar "$@"
}
common=(--keys 240 --seed 1 --json)
rda bench nessie --value-sizes 16384 --get-fraction 0.9 --background 0,2,4,8 --ops 1000 "${common[@]}" > "$OUT/fig4.json"
rda bench nessie --value-sizes 16384 --get-fraction 0.9 --background 0,2,4,8 --ops 300 --workers 12 "${common[@]}" > "$OUT/fig4-12workers.json"
rda bench nessie --ops 300 "${common[@]}" > "$OUT/fig5-7.json"
rda bench nessie --ops 300 --workers 12 "${common[@]}" > "$OUT/fig5-7-12workers.json"
rda bench nessie --ops 300 --profile default "${common[@]}" > "$OUT/fig5-7-100g.json"
for f in 0.5 0.9 0.99; do
  rda bench nessie --protocols nessie,nessie-sd --distribution zipf --value-sizes 256,2048,16384 --get-fraction "$f" --ops 300 \
    "${common[@]}" > "$OUT/fig12-$f.json"
done
for f in 0.5 0.99; do
  rda bench nessie --protocols nessie --ladder --distribution zipf --value-sizes 16384 --get-fraction "$f" --ops 300 \
    "${common[@]}" > "$OUT/fig13-$f.json"
done
# One line per claim: the JSON is pretty-printed by Jackson, one "key" : value per line.
for j in "$OUT"/*.json; do
  awk -v f="$(basename "$j")" '
    /"paper" :/  { sub(/^[^:]*: "/, ""); sub(/",?$/, ""); paper = $0 }
    /"model" :/  { sub(/^[^:]*: "/, ""); sub(/",?$/, ""); model = $0 }
    /"agrees" :/ { printf "%-18s [%s] %s | model: %s\n", f, ($3 ~ /true/ ? "agrees" : "DIFFERS"), paper, model }
  ' "$j"
done
