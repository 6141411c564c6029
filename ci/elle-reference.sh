#!/usr/bin/env bash
# Runs `rda lin check --model txn-list-append` on every history of Elle's histories/ folder, in place, and prints a
# table: file, what Elle's own tests expect of it, our verdict and anomalies, checking time. Elle's checkout is $1,
# else $RDA_ELLE_DIR, else a bare git mirror named by $RDA_ELLE_MIRROR exported to target/ (read there, never copied
# into this repository). Elle's files are EDN, one map per line (huge-scc.edn, si-without-g-single.edn,
# paper-example.edn); files the EDN reader on main cannot read yet are reported as such (the reader is issue 28's
# deliverable 1). Exit 2 when there is no checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
src="${1:-${RDA_ELLE_DIR:-}}"
if [ -z "$src" ]; then
  if [ -n "${RDA_ELLE_MIRROR:-}" ] && [ -d "$RDA_ELLE_MIRROR" ]; then
    src=target/elle-src
    rm -rf "$src" && mkdir -p "$src"
    mkdir -p "$src/histories"
    for f in $(git --git-dir="$RDA_ELLE_MIRROR" ls-tree --name-only HEAD histories/); do
      git --git-dir="$RDA_ELLE_MIRROR" show "HEAD:$f" > "$src/$f" 2>/dev/null \
        || { echo "$f: listed in the mirror but its content is absent; skipped" >&2; rm -f "$src/$f"; }
    done
  else
    echo "no Elle checkout: pass its folder, or set RDA_ELLE_DIR (a checkout) or RDA_ELLE_MIRROR (a bare mirror)" >&2
    exit 2
  fi
fi
[ -d "$src/histories" ] || { echo "$src has no histories/ folder: not an Elle checkout" >&2; exit 2; }
# What Elle's tests (list_append_test.clj) expect of each file: its verdict and anomaly types, and the models asked.
expected() {
  case "$1" in
    huge-scc.edn) echo "strict-serializable|invalid: G2-item-realtime (+cycle-search-timeout); not strong-snapshot-isolation" ;;
    si-without-g-single.edn) echo "snapshot-isolation,repeatable-read|invalid: G2-item; not repeatable-read" ;;
    *) echo "strict-serializable|(no test)" ;;
  esac
}
printf '%-26s %-70s %-60s %s\n' file "Elle expects" ours "check ms"
for f in "$src"/histories/*.edn; do
  name=$(basename "$f")
  IFS='|' read -r models want <<< "$(expected "$name")"
  out=$(./rda lin check --model txn-list-append --consistency-model "$models" --json "$f" 2>/tmp/elle-reference.err) || true
  [ -n "$out" ] || out=$(cat /tmp/elle-reference.err)
  if ! printf '%s' "$out" | grep -q '"verdict"'; then
    printf '%-26s %-70s %-60s %s\n' "$name" "$want" "unreadable: $(printf '%s' "$out" | head -c 60)" "-"
    continue
  fi
  ours=$(printf '%s' "$out" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["verdict"].lower()+": "+" ".join(d["anomalyTypes"])+"; not "+",".join(d["ruledOut"]))')
  ms=$(printf '%s' "$out" | python3 -c 'import json,sys; print("%.0f" % (json.load(sys.stdin)["checkNanos"]/1e6))')
  printf '%-26s %-70s %-60s %s\n' "$name" "$want" "$ours" "$ms"
done
