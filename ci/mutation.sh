#!/usr/bin/env bash
# The project's own mutation test (DESIGN §5a): runs the checks once per planted bug of the catalogue
# (each store package's *PlantedBug enum, registered as io.rdasuite.store.mutation.PackagePlants and
# listed by io.rdasuite.store.mutation.Catalogue) and scores them.
#
#   ci/mutation.sh [--fuzz-runs N] [--seed S] [--no-build] [STORE...]
#
# STORE selects plants by store (erda, efactory, saw, imm, forca, redo, raw, nessie, remotelog, and TH-DPMS's
# pdsm, pdkvs, txn, pdfs; a plant of erda-cleaning counts as erda, of efactory-cleaning or efactory-nohr as efactory;
# one planted in code that Redo Logging and Read After Write share is scored as redo,raw); none selects all.
# For every selected plant it runs
#   rda check --plant X --seed S --json --protocols <the plant's stores> --op SEND --update SINGLETON --clusters none
# (REMOTELOG plants: every REMOTELOG cell, with --protocols redo as the cheapest store set the command needs;
# Nessie plants: --clusters nessie, i.e. the Nessie client kill/stall cells, with one erda SEND cell;
# KV plants: the plant's stores in every configuration, REMOTELOG narrowed to its 24 SEND singleton cells;
# TH-DPMS plants: --clusters <its store> in every configuration, with --protocols redo and REMOTELOG narrowed as for
# KV plants), and, when this build has `rda fuzz`, rda fuzz --plant X --runs N --seed S --protocols <its stores>
# (not for TH-DPMS or Nessie plants: rda fuzz has no cluster or Nessie stores; their fuzz column reads "-").
# A plant is CAUGHT by a command that exits 1 with a verdict (a claimed property failed, or a pinned finding
# was gained or lost), MISSED when it exits 0. Exit 2 (the command has no cells for the store) counts as
# MISSED and says so. A MISSED plant whose findings differ from the unplanted run's
# in the same cells is marked "finding-only": a check that pins expected findings would catch it.
# Prints a table plant x {check, fuzz} and the score per store and overall. About 20-60 s per plant.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
root=$(pwd)

fuzz_runs=20
seed=1
build=1
selected=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --fuzz-runs) fuzz_runs=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        -*) echo "mutation.sh: unknown option '$1'; valid: --fuzz-runs N, --seed S, --no-build, STORE..." >&2; exit 2 ;;
        *) selected+=("$1"); shift ;;
    esac
done
valid_stores="erda efactory saw imm forca redo raw nessie remotelog pdsm pdkvs txn pdfs"
cluster_stores=" pdsm pdkvs txn pdfs "
for s in "${selected[@]}"; do
    [[ " $valid_stores " == *" $s "* ]] || { echo "mutation.sh: unknown store '$s'; valid: $valid_stores" >&2; exit 2; }
done

if [[ $build == 1 ]]; then
    ./mvnw -q -B -DskipTests package -pl cli -am >&2
fi
. "$root/.mvn/find-jdk25.sh" || exit 1
jar="$root/cli/target/rda-cli.jar"
[[ -f $jar ]] || { echo "mutation.sh: $jar is missing; run without --no-build" >&2; exit 2; }
rda() {
    "$JAVA_HOME/bin/java" -Djdk.virtualThreadScheduler.parallelism=1 -Djdk.virtualThreadScheduler.maxPoolSize=1 \
        --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow --add-exports java.base/sun.nio.ch=ALL-UNNAMED \
        -jar "$jar" "$@"
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" # the planted bugs' fuzz failures go to this corpus (.rda/fuzz-corpus), not the checkout's

"$JAVA_HOME/bin/java" -cp "$root"/cli/target/lib/store-*.jar io.rdasuite.store.mutation.Catalogue > catalogue.tsv
fuzz=0
rda fuzz --help > fuzz-help.txt 2>&1 || true
if grep -q "Usage: rda fuzz" fuzz-help.txt; then # an unknown subcommand prints the top-level usage, and exits 0
    fuzz=1
fi

group_of() { # the store(s) a plant is scored under: its stores without -cleaning / -nohr, each once
    local out="" s
    for s in ${1//,/ }; do
        s=${s%-cleaning}
        s=${s%-nohr}
        [[ ",$out," == *",$s,"* ]] || out=${out:+$out,}$s
    done
    echo "$out"
}

kv_narrowing=(--op SEND --update SINGLETON)
# the unplanted baseline runs the cluster cells only when a TH-DPMS plant is scored (it must pass there too)
baseline_clusters=none
if [[ ${#selected[@]} -eq 0 ]]; then
    baseline_clusters=all
fi
for s in "${selected[@]}"; do
    [[ $cluster_stores == *" $s "* ]] && baseline_clusters=all
done
echo "mutation test: seed $seed, $(wc -l < catalogue.tsv) plants in the catalogue, rda fuzz $([[ $fuzz == 1 ]] && echo "with $fuzz_runs runs" || echo "not in this build")" >&2
echo "  unplanted baseline (findings to compare with) ..." >&2
set +e
rda check --seed "$seed" --json "${kv_narrowing[@]}" --clusters "$baseline_clusters" > baseline.json 2> baseline.err
base_rc=$?
set -e
if [[ $base_rc != 0 ]]; then
    echo "mutation.sh: the unplanted rda check exits $base_rc; fix that first:" >&2
    tail -5 baseline.err >&2
    exit 2
fi

: > results.tsv
while IFS=$'\t' read -r name stores description; do
    group=$(group_of "$stores")
    if [[ ${#selected[@]} -gt 0 ]]; then
        wanted=0
        for g in ${group//,/ }; do
            [[ " ${selected[*]} " == *" $g "* ]] && wanted=1
        done
        [[ $wanted == 1 ]] || continue
    fi
    cluster=0
    if [[ $stores == remotelog ]]; then
        check_args=(--protocols redo --clusters none)
    elif [[ $stores == nessie ]]; then
        # Nessie plants: the Nessie cells (one per transport) plus the cheapest KV cell the command needs
        check_args=(--clusters nessie --protocols erda --config DMP+DDIO+DRAM-RQWRB --op SEND --update singleton)
        cluster=1 # rda fuzz has no Nessie store
    elif [[ $cluster_stores == *" $stores "* ]]; then
        cluster=1
        check_args=(--clusters "$stores" --protocols redo "${kv_narrowing[@]}")
    else
        check_args=(--protocols "$stores" "${kv_narrowing[@]}" --clusters none)
    fi
    start=$SECONDS
    set +e
    rda check --plant "$name" --seed "$seed" --json "${check_args[@]}" > "check-$name.json" 2> "check-$name.err"
    check_rc=$?
    fuzz_rc=-
    if [[ $fuzz == 1 && $cluster == 0 ]]; then
        # a corpus of its own: a shared one would replay the previous plants' failures (each with its own plant) first
        rda fuzz --plant "$name" --runs "$fuzz_runs" --seed "$seed" --protocols "$stores" --corpus "corpus-$name" > "fuzz-$name.out" 2> "fuzz-$name.err"
        fuzz_rc=$?
    fi
    set -e
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$group" "$stores" "$check_rc" "$fuzz_rc" "$((SECONDS - start))" >> results.tsv
    echo "  $name: rda check exit $check_rc$([[ $fuzz_rc != - ]] && echo ", rda fuzz exit $fuzz_rc") ($((SECONDS - start)) s)" >&2
done < catalogue.tsv

python3 - "$fuzz" <<'PY'
import json, os, sys

fuzz = sys.argv[1] == "1"

def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None

def cells(doc):
    return {(r["protocol"], r["config"], r["transport"]): r["properties"] for r in (doc or {}).get("stores", [])}

baseline = cells(load("baseline.json"))

def failed(doc):
    """What made a check fail: claimed properties that FAIL, REMOTELOG invariants, missed controls."""
    what = set()
    for r in doc.get("stores", []):
        what |= {k for k, v in r["properties"].items() if v == "FAIL"}
    for r in doc.get("results", []):
        if r.get("verdict") == "FAIL":
            what.add(r.get("counterexample", {}).get("invariant", "FAIL"))
    for c in doc.get("controls", []):
        if c.get("verdict") == "MISSED":
            what.add("control missed")
    # TH-DPMS's cluster cells: pDSM/pDKVS rows name the invariant; transaction and pDFS rows their checker
    for r in doc.get("clusters", []):
        if r.get("verdict") == "FAIL":
            what |= {e.get("invariant", "FAIL") for e in r.get("examples", [])}
    for key, checker in (("transactions", "STRICT_SERIALIZABILITY"), ("fileSystem", "NAMESPACE")):
        if any(r.get("verdict") == "FAIL" for r in doc.get(key, [])):
            what.add(checker)
    if (doc.get("transactionControl") or {}).get("verdict") == "MISSED":
        what.add("control missed")
    return what

def finding_changes(doc):
    """Cells whose unclaimed properties differ from the unplanted run: +X gained, -X lost."""
    changes = set()
    for key, props in cells(doc).items():
        before = baseline.get(key)
        if before is None:
            continue
        for k, v in props.items():
            if k.endswith("States") or v in ("PASS", "FAIL"):
                continue
            if v != before.get(k):
                changes.add(("+" if v == "finding" else "-") + k)
    return changes

def first_line(path):
    try:
        with open(path) as f:
            for line in f:
                if line.strip():
                    return line.strip()[:80]
    except OSError:
        pass
    return ""

def check_verdict(name, rc):
    doc = load(f"check-{name}.json")
    if rc == "0":
        changes = finding_changes(doc)
        return ("MISSED", "finding-only: " + " ".join(sorted(changes))) if changes else ("MISSED", "")
    if rc == "1" and doc is not None:
        return "CAUGHT", ", ".join(sorted(failed(doc)))
    if rc == "2":
        return "MISSED", "no cells: " + first_line(f"check-{name}.err")
    return "ERROR", f"exit {rc}: " + first_line(f"check-{name}.err")

def fuzz_verdict(name, rc):
    if rc == "-":
        return "-", ""
    if rc == "0":
        return "MISSED", ""
    if rc == "1":
        return "CAUGHT", ""
    if rc == "2":
        return "MISSED", "no cells: " + first_line(f"fuzz-{name}.err")
    return "ERROR", f"exit {rc}: " + first_line(f"fuzz-{name}.err")

rows = []
with open("results.tsv") as f:
    for line in f:
        name, group, stores, check_rc, fuzz_rc, seconds = line.rstrip("\n").split("\t")
        rows.append((name, group, stores, check_verdict(name, check_rc), fuzz_verdict(name, fuzz_rc), seconds))

print(f"{'PLANT':36} {'STORE':22} {'CHECK':7} {'FUZZ':7} {'SECONDS':>7}  WHY")
for name, group, stores, (cv, cwhy), (fv, fwhy), seconds in rows:
    why = cwhy + ("; fuzz: " + fwhy if fwhy else "")
    print(f"{name:36} {stores:22} {cv:7} {fv:7} {seconds:>7}  {why}")

print()
print("score: plants caught / plants; PINNED counts a finding-only miss as caught (what pinned findings would add)")
print(f"{'STORE':10} {'CHECK':>8} {'PINNED':>8} {'FUZZ':>8} {'EITHER':>8}")
order = []
for r in rows:
    if r[1] not in order:
        order.append(r[1])
for g in order + ["overall"]:
    sel = rows if g == "overall" else [r for r in rows if r[1] == g]
    n = len(sel)
    c = sum(1 for r in sel if r[3][0] == "CAUGHT")
    z = sum(1 for r in sel if r[4][0] == "CAUGHT")
    e = sum(1 for r in sel if r[3][0] == "CAUGHT" or r[4][0] == "CAUGHT")
    p = sum(1 for r in sel if r[3][0] == "CAUGHT" or r[3][1].startswith("finding-only"))
    fz = f"{z}/{n}" if fuzz else "-"
    ei = f"{e}/{n}" if fuzz else "-"
    print(f"{g:10} {f'{c}/{n}':>8} {f'{p}/{n}':>8} {fz:>8} {ei:>8}")
errors = sum(1 for r in rows if "ERROR" in (r[3][0], r[4][0]))
sys.exit(2 if errors else 0)
PY
