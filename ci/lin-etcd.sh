#!/usr/bin/env bash
# Validates the linearizability checker (rda lin check) on the 102 public etcd histories recorded by Jepsen:
# every verdict must match the expected one (23 linearizable, 79 not), and the total checking time (the sum of
# checkNanos, parsing excluded) is printed beside Porcupine's 0.48 s: a cold single pass, and the best of 3
# passes in the same JVM. Then, where Porcupine's source is at hand (ci/porcupine-harness.sh), the whole process of
# both, in turns (./rda lin check DIR against our Porcupine harness on the same files): verdicts compared, median
# wall times printed.
#   ci/lin-etcd.sh [HISTORIES_DIR]   (default: $RDA_ETCD_HISTORIES, else ../shared/histories/etcd)
#   RDA_LIN_ROUNDS: rounds of the whole-process comparison (default 7)
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh
DIR="${1:-${RDA_ETCD_HISTORIES:-../shared/histories/etcd}}"
if [ ! -d "$DIR" ]; then
  echo "lin-etcd: no histories at $DIR (pass a folder or set RDA_ETCD_HISTORIES)" >&2
  exit 2
fi
LINEARIZABLE="002 005 007 018 025 031 038 045 048 049 051 053 056 067 075 076 080 087 092 098 100 101 102"

./mvnw -q -B -DskipTests package -pl cli -am   # package, not install: ./rda would install
out="cli/target/lin-etcd.json"
rc=0
"$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
  -jar cli/target/rda-cli.jar lin check "$DIR" --json --repeat 3 > "$out" || rc=$?
if [ "$rc" -ne 1 ]; then   # 1: some history is not linearizable, as expected
  echo "lin-etcd: rda lin check exited with $rc (expected 1); output in $out" >&2
  exit 1
fi

# The JSON is pretty-printed by Jackson: one "key" : value per line, arrays of numbers on one line.
awk -v lin="$LINEARIZABLE" '
  BEGIN { n = split(lin, l, " "); for (i = 1; i <= n; i++) want["etcd_" l[i] ".log"] = "LINEARIZABLE" }
  /"file" :/       { gsub(/[",]/, "", $3); file = $3 }
  /"verdict" :/    { gsub(/[",]/, "", $3); v = $3; expected = (file in want) ? want[file] : "NOT_LINEARIZABLE"
                     checked++; if (v == "LINEARIZABLE") good++
                     if (v != expected) { bad++; printf "WRONG  %s: %s, expected %s\n", file, v, expected } }
  /"checkNanos" :/ { gsub(/,/, "", $3); if ($3 + 0 > slowest) { slowest = $3 + 0; slowestFile = file } }
  /"passCheckNanos" : \[/ && /\]/ { s = $0; sub(/.*\[/, "", s); sub(/\].*/, "", s); m = split(s, p, ",")
                     for (i = 1; i <= m; i++) { x = p[i] + 0; if (i == 1) cold = x; if (i == 1 || x < best) best = x } }
  END {
    printf "checked %d histories: %d linearizable (expected 23), %d verdicts wrong\n", checked, good, bad + 0
    printf "checking time, parsing excluded: cold single pass %.3f s, best of 3 passes %.3f s (Porcupine: 0.48 s)\n", cold / 1e9, best / 1e9
    printf "slowest history on the cold pass: %s, %.3f s (Porcupine: etcd_002, 0.20 s)\n", slowestFile, slowest / 1e9
    if (checked != 102 || bad > 0 || good != 23) exit 1
  }' "$out"

# Whole process, rda (./rda: with its start-up cache) and Porcupine in turns.
. ci/porcupine-harness.sh
if ! porcupine_harness >/dev/null; then
  echo "whole process beside Porcupine: skipped (no Porcupine checkout or no Go)"
  exit 0
fi
files=("$DIR"/*)
"$PORCUPINE_BIN" -model etcd "${files[@]}" > target/lin-etcd-porcupine.txt
porcupine_good=$(awk '$2 == "LINEARIZABLE" {sub(/^etcd_/, "", $1); sub(/\.log$/, "", $1); printf "%s%s", sep, $1; sep = " "}' \
  target/lin-etcd-porcupine.txt)
[ "$porcupine_good" = "$LINEARIZABLE" ] || { echo "lin-etcd: Porcupine's linearizable histories: $porcupine_good" >&2; exit 1; }
./rda --version >/dev/null 2>&1   # builds the jar and the start-up cache outside the timed runs
ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
rda_ms=(); por_ms=()
for _ in $(seq "${RDA_LIN_ROUNDS:-7}"); do
  rda_ms+=("$(ms ./rda lin check "$DIR")")
  por_ms+=("$(ms "$PORCUPINE_BIN" -model etcd "${files[@]}")")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
echo "whole process, median of ${#rda_ms[@]} runs in turns: rda $(median "${rda_ms[@]}") ms (${rda_ms[*]}),"\
  "Porcupine $(median "${por_ms[@]}") ms (${por_ms[*]}); same verdicts (23 linearizable)"
