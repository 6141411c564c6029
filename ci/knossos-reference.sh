#!/usr/bin/env bash
# rda lin check on Knossos's own labelled histories (data/<model>/good and data/<model>/bad of
# github.com/jepsen-io/knossos), read in place as Knossos writes them, all in ONE rda process. Prints a table
# (file, model, expected, ours, checking time), a summary line and the whole-process time; exits 1 when a verdict
# differs from the folder's label, except the differences made on purpose listed in ON_PURPOSE (see README.md,
# "lin check"). The folder names the model: rda's auto model picks it per file (mutex when the history acquires or
# releases, multi-register for transactions of :read and :write, else cas-register), and the run uses the setting
# of Knossos's own tests: registers start at 0 (--initial 0; multi-register: every key 0) and a read of nil
# constrains nothing (--nil-reads unknown).
#   ci/knossos-reference.sh [KNOSSOS_DIR]
# KNOSSOS_DIR is a checkout of Knossos; else $RDA_KNOSSOS_DIR (a checkout); else $RDA_KNOSSOS_MIRROR, a bare git
# mirror whose data/ is exported to target/knossos-src (files absent from the mirror are listed as such). The
# histories are never copied into this repository.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."

src="${1:-${RDA_KNOSSOS_DIR:-}}"
if [ -z "$src" ]; then
  mirror="${RDA_KNOSSOS_MIRROR:-}"
  if [ -z "$mirror" ] || [ ! -d "$mirror" ]; then
    echo "knossos-reference: no Knossos checkout: pass its folder, or set RDA_KNOSSOS_DIR (a checkout) or" \
      "RDA_KNOSSOS_MIRROR (a bare git mirror of github.com/jepsen-io/knossos)" >&2
    exit 2
  fi
  src=target/knossos-src
  rm -rf "$src" && mkdir -p "$src"
  : > "$src/absent.txt"
  # blob by blob: a partial mirror may lack some blobs, and git archive stops at the first
  git --git-dir="$mirror" ls-tree -r HEAD data | while read -r _mode _type obj path; do
    if git --git-dir="$mirror" cat-file -e "$obj" 2>/dev/null; then
      mkdir -p "$src/$(dirname "$path")"
      git --git-dir="$mirror" cat-file blob "$obj" > "$src/$path"
    else
      echo "$path" >> "$src/absent.txt"
    fi
  done
fi
DATA="$src/data"
[ -d "$DATA" ] || { echo "knossos-reference: no labelled histories at $DATA" >&2; exit 2; }
ABSENT="$src/absent.txt"
[ -f "$ABSENT" ] || ABSENT=/dev/null

folders=()
for d in "$DATA"/*/good "$DATA"/*/bad; do
  [ -d "$d" ] && folders+=("$d")
done
[ ${#folders[@]} -gt 0 ] || { echo "knossos-reference: no good/ or bad/ folders under $DATA" >&2; exit 2; }

./rda --version > /dev/null   # builds when the sources changed, and writes the start-up cache, outside the timing
mkdir -p target
start=$(date +%s%N)
set +e
./rda lin check "${folders[@]}" --initial 0 --nil-reads unknown --json > target/knossos-reference.json 2> target/knossos-reference.err
rc=$?
set -e
whole_ns=$(( $(date +%s%N) - start ))
if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ] && [ "$rc" -ne 3 ]; then
  cat target/knossos-reference.err >&2
  echo "knossos-reference: rda lin check exited $rc" >&2
  exit 1
fi

python3 - "$DATA" "$ABSENT" "$whole_ns" <<'PY'
import json, os, sys
data, absent_file, whole_ns = sys.argv[1], sys.argv[2], int(sys.argv[3])
# Differences made on purpose (README.md, "lin check"): file -> why.
ON_PURPOSE = {
    "cas-register/good/mongodb-v0-ack-rollback-.edn":
        "no client operation (28 nemesis events): rda never passes a history without operations",
}
doc = json.load(open("target/knossos-reference.json"))
ours = {}
for r in doc["results"]:
    ours[os.path.relpath(r["file"], data)] = (r["verdict"], r["checkNanos"], r["model"])
for s in doc.get("skipped", []):
    ours[os.path.relpath(s["file"], data)] = ("SKIPPED", None, "-")
absent = [l.strip()[len("data/"):] for l in open(absent_file) if l.strip()] if absent_file != "/dev/null" else []
files = set(ours) | set(absent)
files = sorted(f for f in files if f.endswith(".edn") and f.split("/")[1] in ("good", "bad"))
width = max(len(f) for f in files)
print(f"{'file':{width}} {'model':15} {'expected':17} {'ours':17} {'ms':>8}")
agree = differ = purpose = missing = 0
for f in files:
    expected = "LINEARIZABLE" if f.split("/")[1] == "good" else "NOT_LINEARIZABLE"
    if f in absent:
        missing += 1
        print(f"{f:{width}} {'-':15} {expected:17} {'ABSENT':17} {'':>8}  (not in the mirror)")
        continue
    verdict, nanos, model = ours[f]
    ms = f"{nanos / 1e6:8.2f}" if nanos is not None else f"{'':>8}"
    note = ""
    if verdict == expected:
        agree += 1
    elif f in ON_PURPOSE:
        purpose += 1
        note = "  differs on purpose: " + ON_PURPOSE[f]
    else:
        differ += 1
        note = "  DISAGREE"
    print(f"{f:{width}} {model:15} {expected:17} {verdict:17} {ms}{note}")
total_check = sum(r["checkNanos"] for r in doc["results"]) / 1e6
print(f"{len(files)} labelled histories: {agree} agree, {differ} disagree, {purpose} differ on purpose, "
      f"{missing} absent; checking {total_check:.1f} ms, reading and parsing {doc['totalReadNanos'] / 1e6:.1f} ms"
      f" (summed over files, two at a time); whole process (JVM start, parsing, checking) "
      f"{whole_ns / 1e9:.2f} s")
sys.exit(1 if differ else 0)
PY
