#!/usr/bin/env bash
# Acceptance suite against a running cluster (issue 6): YCSB, recovery after a server process kill, history check.
#   ci/acceptance-real.sh CONFIG
# CONFIG is a shell file setting (see ci/acceptance-loopback.conf, ci/acceptance-cluster.conf.example):
#   FABRIC        tcp or disni
#   SERVER        host:port the server listens on (clients connect there)
#   PROTOCOL      the store: erda, redo, raw, efactory, efactory-nohr, saw, imm, forca
#   START_SERVER  command that starts the server in the background, printing READY to SERVER_LOG when serving
#                 (it must reuse its PM directory, so that a restart recovers)
#   KILL_SERVER   command that kills the server process with SIGKILL
#   SERVER_LOG    file START_SERVER writes to (read to wait for READY; for a remote server, a synced copy or empty)
#   CYCLES        kill/restart cycles (default 3; the loopback config takes it from the environment)
#   KILL_AFTER    seconds the write phase runs, from its first recorded operation, before the kill (default 2)
#   YCSB_OPS      YCSB operations per client (default 5000)
#   OUT           where results go (default target/acceptance)
#   SECRET_FILE   a copy of the server's --secret-file, passed to every client (default: none)
#   CHECK_JAVA_OPTS  RDA_JAVA_OPTS of each cycle's write and verify JVMs (default: C1 only; they run a second or two,
#                 in which C2 costs more CPU than it returns)
#   ONE_CLIENT    1: one client process for the whole campaign (rda check --phase campaign), which writes, notices the
#                 kill, waits for the restart, verifies and writes again; a cycle then starts one JVM (the server's)
#                 instead of three. Default 0: a write and a verify JVM per cycle.
#   PLANT         pm-wiped-on-restart: every restart starts on an empty PM directory (CONFIG's PM_DIR), losing every
#                 acknowledged put; the negative control, which the suite must FAIL (default: none)
# A file $OUT/stop-after-cycle ends a long campaign early, with its history check, after the cycle under way.
set -euo pipefail
cd "$(dirname "$0")/.."
CONFIG="${1:?usage: ci/acceptance-real.sh CONFIG}"
# shellcheck disable=SC1090
. "$CONFIG"
: "${FABRIC:?CONFIG must set FABRIC}" "${SERVER:?CONFIG must set SERVER}" "${PROTOCOL:?CONFIG must set PROTOCOL}"
: "${START_SERVER:?CONFIG must set START_SERVER}" "${KILL_SERVER:?CONFIG must set KILL_SERVER}"
CYCLES="${CYCLES:-3}"; KILL_AFTER="${KILL_AFTER:-2}"; YCSB_OPS="${YCSB_OPS:-5000}"; OUT="${OUT:-target/acceptance}"
SERVER_LOG="${SERVER_LOG:-}"
PLANT="${PLANT:-none}"
case "$PLANT" in
  none) ;;
  pm-wiped-on-restart) : "${PM_DIR:?PLANT=pm-wiped-on-restart needs CONFIG to set PM_DIR, the PM directory of the server}" ;;
  *) echo "PLANT must be none or pm-wiped-on-restart, not '$PLANT'" >&2; exit 2 ;;
esac
CHECK_JAVA_OPTS="${CHECK_JAVA_OPTS:--XX:TieredStopAtLevel=1}"
SECRET=()
if [ -n "${SECRET_FILE:-}" ]; then SECRET=(--secret-file "$SECRET_FILE"); fi

if [ "$FABRIC" = disni ]; then
  if ! ./rda doctor | grep -q '^DiSNI (RDMA) *usable'; then
    echo "acceptance skipped: the DiSNI fabric cannot run on this client machine:"
    ./rda doctor | grep '^DiSNI' || true
    exit 0
  fi
fi

mkdir -p "$OUT"
HISTORY="$OUT/history.jsonl"
rm -f "$HISTORY" "$OUT/stop-after-cycle"

wait_ready() {
  local n=0
  if [ -n "$SERVER_LOG" ]; then
    until grep -q READY "$SERVER_LOG" 2>/dev/null; do
      n=$((n + 1)); [ "$n" -gt 600 ] && { echo "server did not print READY in 60 s; its log:"; cat "$SERVER_LOG"; exit 1; }
      sleep 0.1
    done
  else
    sleep "${STARTUP_SECONDS:-5}"
  fi
}

start() { [ -n "$SERVER_LOG" ] && rm -f "$SERVER_LOG"; eval "$START_SERVER"; wait_ready; }
restart() {
  if [ "$PLANT" = pm-wiped-on-restart ]; then rm -rf "$PM_DIR"; fi # THE PLANTED FAULT: the restarted server has lost its PM
  start
}
cleanup() { eval "$KILL_SERVER" >/dev/null 2>&1 || true; }
trap cleanup EXIT

echo "== acceptance: $PROTOCOL over $FABRIC at $SERVER, $CYCLES kill cycles"
start
echo "-- YCSB-B"
./rda bench ycsb --fabric "$FABRIC" --servers "$SERVER" "${SECRET[@]}" --workload B --clients 4 --ops "$YCSB_OPS" --records 1000 | tee "$OUT/ycsb.txt"

fail=0
done_cycles=0
campaign_start=$SECONDS
if [ "${ONE_CLIENT:-0}" = 1 ]; then
  CLIENT_LOG="$OUT/client.log"
  rm -f "$OUT/client-stop"
  # the client waits up to 300 s for each restarted server: a JVM start took over 30 s at load ~190
  ./rda check --fabric "$FABRIC" --servers "$SERVER" "${SECRET[@]}" --phase campaign --until "$OUT/client-stop" --seed 1 --history "$HISTORY" \
    --wait-ms 300000 >"$CLIENT_LOG" 2>&1 &
  client=$!
  recorded=$(stat -c %s "$HISTORY" 2>/dev/null || echo 0)
  for cycle in $(seq 1 "$CYCLES"); do
    if [ -e "$OUT/stop-after-cycle" ]; then echo "-- $OUT/stop-after-cycle found: stopping after $done_cycles cycles"; break; fi
    # the kill comes KILL_AFTER seconds into a write phase: after the client recorded something since its last verify
    n=0
    until [ "$(stat -c %s "$HISTORY" 2>/dev/null || echo 0)" -gt "$recorded" ] || ! kill -0 "$client" 2>/dev/null || [ "$n" -ge 1200 ]; do
      n=$((n + 1)); sleep 0.05
    done
    kill -0 "$client" 2>/dev/null || { echo "cycle $cycle: the campaign client ended (see $CLIENT_LOG): $(tail -3 "$CLIENT_LOG")"; fail=1; break; }
    sleep "$KILL_AFTER"
    eval "$KILL_SERVER"
    restart
    n=0
    until grep -q "^crash $cycle:" "$CLIENT_LOG" || ! kill -0 "$client" 2>/dev/null || [ "$n" -ge 6000 ]; do
      n=$((n + 1)); sleep 0.05
    done
    line=$(grep "^crash $cycle:" "$CLIENT_LOG" || true)
    [ -n "$line" ] || { echo "cycle $cycle: the client did not verify after the restart (see $CLIENT_LOG)"; fail=1; break; }
    recorded=$(stat -c %s "$HISTORY")
    done_cycles=$cycle
    case "$line" in *PASS) ;; *) echo "cycle $cycle: $line"; fail=1; break ;; esac
    if [ $((cycle % 50)) = 0 ]; then echo "-- cycle $cycle: $line ($((SECONDS - campaign_start)) s)"; fi
  done
  touch "$OUT/client-stop"
  wait "$client" || fail=1
  tail -n +1 "$CLIENT_LOG" | grep -v '^crash ' || true
else
for cycle in $(seq 1 "$CYCLES"); do
  if [ -e "$OUT/stop-after-cycle" ]; then echo "-- $OUT/stop-after-cycle found: stopping after $done_cycles cycles"; break; fi
  echo "-- cycle $cycle: write, SIGKILL the server after ${KILL_AFTER}s, restart, verify"
  recorded=$(stat -c %s "$HISTORY" 2>/dev/null || echo 0)
  RDA_JAVA_OPTS="$CHECK_JAVA_OPTS" ./rda check --fabric "$FABRIC" --servers "$SERVER" "${SECRET[@]}" --phase write --ops 1000000 --seed "$cycle" --history "$HISTORY" &
  writer=$!
  # KILL_AFTER counts from the writer's first recorded operation: on a loaded machine its JVM can take longer than that
  # to start, and a kill before it connected tested nothing (the writer found the port closed)
  n=0
  until [ "$(stat -c %s "$HISTORY" 2>/dev/null || echo 0)" -gt "$recorded" ] || ! kill -0 "$writer" 2>/dev/null || [ "$n" -ge 1200 ]; do
    n=$((n + 1)); sleep 0.1
  done
  sleep "$KILL_AFTER"
  eval "$KILL_SERVER"
  wait "$writer" || { echo "write phase failed"; fail=1; }
  restart
  RDA_JAVA_OPTS="$CHECK_JAVA_OPTS" ./rda check --fabric "$FABRIC" --servers "$SERVER" "${SECRET[@]}" --phase verify --after-crash --history "$HISTORY" || fail=1
  done_cycles=$cycle
done
fi
echo "-- $done_cycles cycles ($done_cycles SIGKILLs of the server, each restarted on its PM) in $((SECONDS - campaign_start)) s"

echo "-- history check (durable linearizability of the recorded history)"
if ./rda --help | grep -qE "^  +lin "; then
  ./rda lin check "$HISTORY" --model kv --crashes durable --timeline "$OUT" || fail=1
else
  echo "rda lin is not built in this version: history kept in $HISTORY"
fi

if [ "$fail" = 0 ]; then echo "== acceptance PASS ($OUT)"; else echo "== acceptance FAIL ($OUT)"; exit 1; fi
