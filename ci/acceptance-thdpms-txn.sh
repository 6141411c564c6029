#!/usr/bin/env bash
# TH-DPMS with transactions (paper 002 §4.1.6) as OS processes on loopback, killed again and again (issue 29, items 3-4):
# the sibling of ci/acceptance-thdpms.sh that also kills transaction coordinators. One deployment for the whole campaign:
# 3 monitor replicas on Apache Ratis (rda serve --role monitor), 3 PM servers on mapped-file PM (rda serve --role
# pdsm-server, each with its transaction log and participant), the monitor node in a process of its own (rda
# thdpms-client --role monitor-node: bootstrap, failure detector, re-replication, coordinator probes and recovery), one
# key-value client (client 0, puts and gets as in the first campaign) and 2 transaction coordinators (clients 1 and 2,
# rda thdpms-client --store txn: each transaction reads two keys and writes one or both). Each cycle SIGKILLs the Ratis
# leader and restarts it, SIGKILLs PM server `cycle mod 3` and restarts it on its PM (it rejoins; WHOLE once every
# segment has two replicas again), SIGKILLs coordinator `1 + cycle mod 2` mid-run (odd cycles: while it holds the locks
# of a transaction, --hold-after-lock; even cycles: wherever it is; its transaction in flight stays open in the
# history), waits until the monitor node declared it dead, fenced and recovered it, restarts it on its state
# directory (the same node, its next life, admitted by the monitor node), then SIGKILLs the new Ratis leader and restarts
# it. At the end every client stops: the key-value client reads every key back (a lost acknowledged put fails), each
# coordinator reads every key alone (a key still locked after 30 s fails: a dead coordinator's lock nobody released).
# Checks: `rda lin check` of the key-value history (linearizable) and of the transaction history
# (--model txn-rw-register --consistency-model strict-serializable: what TxnCluster claims on the simulator).
# Usage: ci/acceptance-thdpms-txn.sh [CYCLES] [CLIENT_SECONDS]   (default: 3 cycles, 10 s of clients before the first)
# The kills follow events, not fixed pauses: a killed leader is restarted as soon as the group elected another (the next
# leader is killed once it is a Raft follower again); the killed coordinator is restarted as soon as the monitor node
# recovered it, while the next leader kill happens. The restarted processes compile with C1 alone and use the serial
# collector (their JVM start is most of a cycle).
# Env: RDA (default ./rda; a long campaign should use a copy that edits to the sources cannot rebuild), OUT (default
#      target/acceptance-thdpms-txn), PORT (first port, default 21700), GAP (extra seconds before each restart and
#      between kills, default 0), POLL (seconds between looks at logs, default 0.05), KEYS (transactional keys, default 8),
#      SERVE_JAVA_OPTS (the JVM options of every process but the key-value client),
#      PLANT=validation-skipped (the coordinators skip validation: write skew the check must report) or
#      PLANT=coordinator-recovery-skipped (the monitor node neither fences nor recovers a dead coordinator).
# A file $OUT/stop-after-cycle ends a long campaign early, with its checks, after the cycle under way.
set -uo pipefail
cd "$(dirname "$0")/.."
CYCLES="${1:-3}"
CLIENT_SECONDS="${2:-10}"
RDA="${RDA:-./rda}"
OUT="${OUT:-target/acceptance-thdpms-txn}"
PORT="${PORT:-21700}"
PLANT="${PLANT:-none}"
GAP="${GAP:-0}"
POLL="${POLL:-0.05}"
KEYS="${KEYS:-8}"
# Ratis logs every connection and election at INFO: warnings only, and nothing from LifeCycle (a stack trace per failed
# dial of a killed replica).
QUIET_RATIS="-Dorg.slf4j.simpleLogger.log.org.apache.ratis=warn -Dorg.slf4j.simpleLogger.log.org.apache.ratis.util.LifeCycle=off"
SERVE_JAVA_OPTS="${SERVE_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC $QUIET_RATIS}"
# A JVM's ahead-of-time cache (JEP 483/514) of the classes a monitor and a PM server load, for their restarts, trained by
# the campaign itself as in ci/acceptance-thdpms.sh (TRAIN=1; default for 30 cycles or more).
TRAIN="${TRAIN:-$(( CYCLES >= 30 ? 1 : 0 ))}"
. ci/campaign-caches.sh
dir="$OUT/campaign"
rm -rf "$dir" "$OUT/stop-after-cycle"; mkdir -p "$dir"
pids=()
txn_plant=none; node_plant=none
case "$PLANT" in
    none) ;;
    validation-skipped|commit-primary-before-backup-ack) txn_plant=$PLANT ;;
    coordinator-recovery-skipped) node_plant=$PLANT ;;
    *) echo "PLANT: unknown value '$PLANT'; valid: none, validation-skipped, commit-primary-before-backup-ack, coordinator-recovery-skipped"; exit 2 ;;
esac

# Kills the processes this script started that still run: bash's own jobs, never a stored pid, which after a long
# campaign's thousands of restarts may name another program's process (a stop once killed a CI run's rda check so).
stop_all() {
    local p
    for p in $(jobs -p); do
        kill -9 "$p" 2>/dev/null
    done
    wait 2>/dev/null
    pids=()
}
trap 'stop_all; exit 130' INT TERM

# Seconds since the campaign started, to the tenth.
elapsed() {
    local t=$(( ($(date +%s%N) - campaign_start) / 100000000 ))
    echo "$((t / 10)).$((t % 10))"
}

# Waits up to $2 seconds until file $1 has more than $3 lines matching $4, while the processes $5... live.
await_count() {
    local i p file=$1 limit=$2 before=$3 text=$4
    shift 4
    local end=$(( $(date +%s) + limit ))
    while (( $(date +%s) < end )); do
        (( $(grep -c "$text" "$file" 2>/dev/null) > before )) && return 0
        for p in "$@"; do
            kill -0 "$p" 2>/dev/null || return 1
        done
        sleep "$POLL"
    done
    return 1
}

# The index of the live monitor replica that leads (its directory holds the file 'leader'), waiting up to 60 s.
leader() {
    local m end=$(( $(date +%s) + 60 ))
    while (( $(date +%s) < end )); do
        for m in 0 1 2; do
            if [[ -f "$dir/m$m/leader" ]] && kill -0 "${mon[$m]}" 2>/dev/null; then
                echo "$m"
                return 0
            fi
        done
        sleep "$POLL"
    done
    return 1
}

start_monitor() {
    RDA_AOT=${aot_off:-1} RDA_JAVA_OPTS="$SERVE_JAVA_OPTS ${aot_flags[monitor]:-}" "$RDA" serve --role monitor --monitors "$MONS" --index "$1" --pm "$dir/m$1" >>"$dir/mon$1.log" 2>&1 &
    mon[$1]=$!
    pids+=($!)
}

start_server() {
    RDA_AOT=${aot_off:-1} RDA_JAVA_OPTS="$SERVE_JAVA_OPTS ${aot_flags[server]:-}" "$RDA" serve --role pdsm-server --pdsm-servers "$SERVERS" --pdsm-monitor-node "$NODE" --pdsm-clients "$CLIENTS" --monitors "$MONS" \
        --index "$1" --pm "$dir/s$1" >"$2" 2>&1 &
    srv[$1]=$!
    pids+=($!)
}

# Starts coordinator $1 (client 1 or 2) on its state directory (a restart is its next life), its output appended to its log.
start_coordinator() {
    RDA_JAVA_OPTS="$SERVE_JAVA_OPTS" "$RDA" thdpms-client --pdsm-servers "$SERVERS" --monitor-node "$NODE" --clients "$CLIENTS" --index "$1" --monitors "$MONS" \
        --store txn --state "$dir/c$1" --keys "$KEYS" --seconds 1000000 --until "$dir/stop" --sweep --hold-after-lock "$dir/hold$1" --seed 1 \
        --history "$dir/history-txn.jsonl" --plant "$txn_plant" >>"$dir/coord$1.log" 2>&1 &
    coord[$1]=$!
    pids+=($!)
}

kills=0
declare -a starts=()
# SIGKILLs the Ratis leader, waits until the group elected another, and restarts the killed replica without waiting for
# its JVM ($restarting names it; await_follower waits for it).
kill_leader() {
    local l n at
    l=$(leader) || { echo "  no Ratis leader"; return 1; }
    kill -9 "${mon[$l]}"
    wait "${mon[$l]}" 2>/dev/null
    at=$(elapsed)
    rm -f "$dir/m$l/leader"
    kills=$((kills + 1))
    n=$(leader) || { echo "  no Ratis leader elected after m$l was killed"; return 1; }
    sleep "$GAP"
    starts[$l]=$(stat -c %s "$dir/mon$l.log")
    start_monitor "$l"
    restarting=$l
    echo "  SIGKILL Ratis leader m$l at $at s, m$n leads at $(elapsed) s, m$l restarting"
}

# Waits (up to 120 s) until restarted replica $1's Raft server runs again: killing the next leader before it does would
# leave the group without a majority until its JVM is up.
await_follower() {
    local l=$1 end=$(( $(date +%s) + 120 ))
    while (( $(date +%s) < end )); do
        if tail -c +$((starts[$l] + 1)) "$dir/mon$l.log" | grep -q "^Raft server running"; then
            echo "  m$l's Raft server up at $(elapsed) s"
            return 0
        fi
        kill -0 "${mon[$l]}" 2>/dev/null || break
        sleep "$POLL"
    done
    echo "  FAILED: monitor replica m$l did not start within 120 s (see $dir/mon$l.log)"
    return 1
}

campaign_start=$(date +%s%N)
MONS="127.0.0.1:$PORT,127.0.0.1:$((PORT + 1)),127.0.0.1:$((PORT + 2))"
SERVERS="127.0.0.1:$((PORT + 10)),127.0.0.1:$((PORT + 12)),127.0.0.1:$((PORT + 14))"
NODE="127.0.0.1:$((PORT + 20))"
CLIENTS="127.0.0.1:$((PORT + 30)),127.0.0.1:$((PORT + 32)),127.0.0.1:$((PORT + 34))"
declare -a mon=() srv=() coord=()
start_deployment
RDA_JAVA_OPTS="$QUIET_RATIS" "$RDA" thdpms-client --role monitor-node --pdsm-servers "$SERVERS" --monitor-node "$NODE" --clients "$CLIENTS" --monitors "$MONS" --seed 1 \
    --plant "$node_plant" >"$dir/node.log" 2>&1 &
node=$!
pids+=($node)
RDA_JAVA_OPTS="$QUIET_RATIS" "$RDA" thdpms-client --pdsm-servers "$SERVERS" --monitor-node "$NODE" --clients "$CLIENTS" --index 0 --monitors "$MONS" --state "$dir/c0" \
    --seconds 1000000 --cold-seconds "$CLIENT_SECONDS" --until "$dir/stop" --seed 1 --history "$dir/history.jsonl" >"$dir/client.log" 2>&1 &
client=$!
pids+=($client)
start_coordinator 1
start_coordinator 2
failed=0
for f in client.log coord1.log coord2.log; do
    if ! await_count "$dir/$f" 300 0 "admitted\|deployed" "$client" "$node" "${coord[1]}" "${coord[2]}" "${srv[@]}"; then
        echo "FAILED: $f: not admitted within 300 s (see $dir): $(grep -h '^rda \|Exception' "$dir"/*.log | head -3 | tr '\n' ' ')"
        stop_all
        exit 1
    fi
done
deployed=$(elapsed)
echo "deployed at $deployed s; the clients run $CLIENT_SECONDS s alone"
sleep "$CLIENT_SECONDS"
if [[ "$TRAIN" == 1 ]]; then
    restart_from_caches
    if ! await_count "$dir/srv0-t.log" 300 0 "WHOLE" "${srv[0]}" "$node" || ! await_follower 0 >/dev/null; then
        echo "FAILED: monitor 0 and PM server 0 did not come back after the training stop (see $dir)"
        stop_all
        exit 1
    fi
    echo "start-up caches for restarts written and used (at $(elapsed) s)"
fi
cycles_start=$(date +%s%N)
done_cycles=0
coordinator_kills=0
for ((c = 1; c <= CYCLES; c++)); do
    if [[ -f "$OUT/stop-after-cycle" ]]; then
        echo "stopping after cycle $done_cycles: $OUT/stop-after-cycle exists"
        CYCLES=$done_cycles
        break
    fi
    for p in "$client" "$node" "${coord[1]}" "${coord[2]}"; do
        kill -0 "$p" 2>/dev/null || { echo "cycle $c: FAILED: a client or the monitor node died (see $dir)"; failed=1; }
    done
    (( failed )) && break
    kill_leader || { failed=1; break; }
    first=$restarting
    sleep "$GAP"
    victim=$(( c % 3 ))
    kill -9 "${srv[$victim]}"; wait "${srv[$victim]}" 2>/dev/null
    kills=$((kills + 1))
    start_server "$victim" "$dir/srv$victim-$c.log"
    echo "  SIGKILL PM server $victim at $(elapsed) s, restarted on its PM"
    if ! await_count "$dir/srv$victim-$c.log" 300 0 "WHOLE" "${srv[$victim]}" "$node"; then
        echo "cycle $c: FAILED: PM server $victim did not rejoin with every segment whole within 300 s (see $dir/srv$victim-$c.log)"
        failed=1
        break
    fi
    echo "  $(grep -h 'WHOLE' "$dir/srv$victim-$c.log" | head -1) at $(elapsed) s"
    cv=$(( 1 + c % 2 ))
    recovered=$(grep -c "coordinator $cv incarnation .* declared dead" "$dir/node.log")
    admitted=$(grep -c "coordinator $cv incarnation .* admitted" "$dir/node.log")
    how="mid-run"
    if (( c % 2 == 1 )); then # odd cycles: kill it holding the locks of a transaction (its recovery must release them)
        held=$(grep -c "holding the locks" "$dir/coord$cv.log")
        touch "$dir/hold$cv"
        if await_count "$dir/coord$cv.log" 120 "$held" "holding the locks" "${coord[$cv]}"; then
            how="holding locks ($(grep -h 'holding the locks' "$dir/coord$cv.log" | tail -1 | sed 's/.*transaction \([0-9]*\).*/transaction \1/'))"
        fi
        rm -f "$dir/hold$cv"
    fi
    kill -9 "${coord[$cv]}"; wait "${coord[$cv]}" 2>/dev/null
    kills=$((kills + 1)); coordinator_kills=$((coordinator_kills + 1))
    echo "  SIGKILL coordinator $cv $how at $(elapsed) s"
    if ! await_count "$dir/node.log" 120 "$recovered" "coordinator $cv incarnation .* declared dead" "$node"; then
        echo "cycle $c: FAILED: the monitor node did not declare coordinator $cv dead within 120 s (see $dir/node.log)"
        failed=1
        break
    fi
    echo "  $(grep -h "coordinator $cv incarnation .* declared dead" "$dir/node.log" | tail -1 | sed 's/^monitor-node: //') at $(elapsed) s"
    sleep "$GAP"
    start_coordinator "$cv"
    await_follower "$first" || { failed=1; break; }
    sleep "$GAP"
    kill_leader || { failed=1; break; }
    if ! await_count "$dir/node.log" 300 "$admitted" "coordinator $cv incarnation .* admitted" "$node" "${coord[$cv]}"; then
        echo "cycle $c: FAILED: coordinator $cv's next life was not admitted within 300 s (see $dir/coord$cv.log)"
        failed=1
        break
    fi
    echo "  restarted: $(grep -h "coordinator $cv incarnation .* admitted" "$dir/node.log" | tail -1 | sed 's/^monitor-node: //') at $(elapsed) s"
    await_follower "$restarting" || { failed=1; break; }
    done_cycles=$c
    echo "cycle $c done at $(elapsed) s"
    if [[ "${KEEP:-0}" != 1 && $c -gt 3 ]]; then
        rm -f "$dir/srv$victim-$((c - 3)).log" 2>/dev/null # keep the last logs of each server only
    fi
done
cycle_ns=$(( $(date +%s%N) - cycles_start ))
# A cycle that failed (most often a liveness wait that ran out) leaves the threads of every process still running, for
# the post-mortem: $dir/threads-<what>.txt (jcmd Thread.print; the processes are JVMs exec'd by rda).
dump_threads() {
    local jcmd name p
    jcmd=$( . ./.mvn/find-jdk25.sh >/dev/null 2>&1 && echo "$JAVA_HOME/bin/jcmd")
    [[ -x "$jcmd" ]] || jcmd=$(command -v jcmd || true)
    [[ -n "$jcmd" ]] || { echo "  (no jcmd: no thread dumps)"; return; }
    for name in node client coord1 coord2 srv0 srv1 srv2; do
        case "$name" in
            node) p=$node ;; client) p=$client ;; coord1) p=${coord[1]} ;; coord2) p=${coord[2]} ;;
            srv*) p=${srv[${name#srv}]} ;;
        esac
        if kill -0 "$p" 2>/dev/null && timeout 30 "$jcmd" "$p" Thread.print >"$dir/threads-$name.txt" 2>&1; then
            echo "  threads of $name: $dir/threads-$name.txt"
        fi
    done
}
(( failed )) && dump_threads
touch "$dir/stop"
wait "$client"; rc=$?
rc1=0; rc2=0
wait "${coord[1]}" || rc1=$?
wait "${coord[2]}" || rc2=$?
summary=$(grep '^thdpms-client:' "$dir/client.log")
grep '^LOST' "$dir/client.log" | sed 's/^/  /'
kv_verdict=$("$RDA" lin check "$dir/history.jsonl" 2>&1 | head -1 | awk '{print $2}')
"$RDA" lin check --model txn-rw-register --consistency-model strict-serializable "$dir/history-txn.jsonl" >"$dir/txn-check.txt" 2>&1
txn_rc=$?
txn_verdict=$(head -1 "$dir/txn-check.txt" | awk '{print $2}')
stop_all
lost=$(sed -n 's/.*lost \([0-9]*\).*/\1/p' <<<"$summary"); lost=${lost:-0}
read -r invokes oks fails infos < <(awk '/"f":"txn"/ { if (/"type":"invoke"/) i++; else if (/"type":"ok"/) o++; else if (/"type":"fail"/) f++;
    else if (/"type":"info"/) n++ } END { print i + 0, o + 0, f + 0, n + 0 }' "$dir/history-txn.jsonl")
open=$(( invokes - oks - fails - infos ))
decisions=$(grep -c "recovery decided" "$dir/node.log")
per_cycle=$(awk -v n="$cycle_ns" -v c="$done_cycles" 'BEGIN { printf "%.1f", (c > 0 ? n / 1e9 / c : 0) }')
echo "kv client: rc $rc; ${summary#thdpms-client: }"
for i in 1 2; do
    echo "coordinator $i: $(grep -h '^thdpms-client txn:' "$dir/coord$i.log" | tail -1 | sed 's/^thdpms-client txn: //')"
done
sed -n '1,4p' "$dir/txn-check.txt" | sed 's/^/  /'
echo "summary: cycles $done_cycles of $CYCLES, SIGKILLs $kills (coordinators $coordinator_kills), seconds per cycle $per_cycle, deployed in $deployed s;" \
    "transactions $invokes (committed $oks, aborted $fails, indeterminate $infos, open $open), recovery decisions $decisions;" \
    "kv lost $lost, kv history $kv_verdict, txn history $txn_verdict; wall $(elapsed) s"
pass=0
[[ $lost -eq 0 && "$kv_verdict" == LINEARIZABLE && $txn_rc -eq 0 && $rc1 -eq 0 && $rc2 -eq 0 && $failed -eq 0 && -n "$summary" \
    && $done_cycles -eq $CYCLES ]] || pass=1
if [[ $pass -eq 0 && "${KEEP:-0}" != 1 ]]; then
    rm -rf "$dir"/s? "$dir"/m? "$dir"/*.aot # keep logs, histories and client state only
fi
echo "verdict: $([[ $pass -eq 0 ]] && echo PASS || echo FAIL)"
exit $pass
