#!/usr/bin/env bash
# rda lin check beside Porcupine on Jepsen's key-value histories with string append (Porcupine's test_data/kv),
# in one run: each file's verdict from both, the checking time of both (first pass and best of 5, parsing
# excluded), and rda's whole-process time. Exits 1 when a verdict differs from Porcupine's or from the file's name
# (-ok: linearizable, -bad: not).
#   ci/lin-kv.sh [PORCUPINE_DIR]
# PORCUPINE_DIR is a checkout of github.com/anishathalye/porcupine (see ci/porcupine-harness.sh). Its histories are
# read there, never copied into this repository. Go comes from Debian's golang-go, installed when missing.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh

. ci/porcupine-harness.sh
porcupine_harness "${1:-}" || { echo "lin-kv: cannot run Porcupine" >&2; exit 2; }
DATA="$PORCUPINE_SRC/test_data/kv"
[ -d "$DATA" ] || { echo "lin-kv: no key-value histories at $DATA" >&2; exit 2; }

./mvnw -q -B -DskipTests package -pl cli -am   # package, not install: ./rda would install
JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow -jar cli/target/rda-cli.jar)

files=("$DATA"/*.txt)
"$PORCUPINE_BIN" -repeat 5 "${files[@]}" > target/lin-kv-porcupine.txt
"${JAVA[@]}" lin check "$DATA" --json --repeat 5 > target/lin-kv.json || true
start=$(date +%s%N)
"${JAVA[@]}" lin check "$DATA" > /dev/null || true
rda_single_ns=$(( $(date +%s%N) - start ))

python3 - "$rda_single_ns" <<'PY'
import json, sys
rda = {r["file"]: r for r in json.load(open("target/lin-kv.json"))["results"]}
por = {}
for line in open("target/lin-kv-porcupine.txt").read().splitlines():
    name, verdict, first, best = line.split()
    por[name] = (verdict, int(first), int(best))
print(f"{'file':12} {'expected':17} {'rda':17} {'Porcupine':17} {'rda ms':>8} {'best':>8} {'Porc ms':>8} {'best':>8}")
bad = 0
for name in sorted(por):
    expected = "LINEARIZABLE" if "-ok" in name else "NOT_LINEARIZABLE"
    r = rda[name]
    p = por[name]
    ok = r["verdict"] == p[0] == expected
    bad += 0 if ok else 1
    print(f"{name:12} {expected:17} {r['verdict']:17} {p[0]:17} {r['checkNanos']/1e6:8.2f} {r['bestCheckNanos']/1e6:8.2f} "
          f"{p[1]/1e6:8.2f} {p[2]/1e6:8.2f}{'' if ok else '  DISAGREE'}")
print(f"checking time in all, first pass: rda {sum(r['checkNanos'] for r in rda.values())/1e6:.1f} ms, "
      f"Porcupine {sum(p[1] for p in por.values())/1e6:.1f} ms; best of 5: rda {sum(r['bestCheckNanos'] for r in rda.values())/1e6:.1f} ms, "
      f"Porcupine {sum(p[2] for p in por.values())/1e6:.1f} ms")
print(f"rda lin check whole process (JVM start, parsing, one pass): {int(sys.argv[1])/1e9:.2f} s")
sys.exit(1 if bad else 0)
PY
