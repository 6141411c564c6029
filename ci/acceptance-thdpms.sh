#!/usr/bin/env bash
# TH-DPMS (pDSM) as OS processes on loopback, killed again and again (issue 29, item 4). One deployment for the whole
# campaign: 3 monitor replicas on Apache Ratis (rda serve --role monitor), 3 PM servers on mapped-file PM
# (rda serve --role pdsm-server) and the client process (rda thdpms-client: the monitor node and one client, which puts
# and gets until the campaign ends). The client first runs CLIENT_SECONDS alone (the cold keys, half of them, are put
# only then: every failover must keep them). Then each cycle SIGKILLs the Ratis leader and restarts it, SIGKILLs PM
# server `cycle mod 3` and restarts it on its PM (it waits until the monitor declared it dead, its segments failing over
# and being re-replicated onto the two left, then rejoins with its segments free, and reports WHOLE once all three are
# live and every segment has two replicas: the next cycle's victim's replicas are then re-replicated onto it), then
# SIGKILLs the new Ratis leader and restarts it. At the end the client reads every key back (a read older than the key's
# last acknowledged put is a lost write) and its whole history is checked with `rda lin check` (key-value model; a get
# that finds a lost value is an ok read of nil there, so the check sees loss too).
# The kills follow events, not fixed pauses: a killed leader is restarted as soon as the group elected another; the PM
# server is killed next, while that replica's JVM starts (the group commits the failover with two of three); the next
# leader is killed once the first is a Raft follower again and the victim reported WHOLE; a cycle ends when the second
# replica is a follower again. Every kill hits a running client, and each cycle waits until the client recorded an
# event since the previous cycle began (a client that records nothing for 120 s fails the campaign).
# Usage: ci/acceptance-thdpms.sh [CYCLES] [CLIENT_SECONDS]     (default: 3 cycles, 10 s of client before the first)
# Env: RDA (the launcher, default ./rda; a long campaign should use a copy that edits to the sources cannot rebuild),
#      OUT (default target/acceptance-thdpms), PORT (first port, default 21400), GAP (extra seconds before each restart
#      and between kills, default 0), POLL (seconds between looks at logs and files, default 0.05), SERVE_JAVA_OPTS (the
#      monitors' and PM servers' RDA_JAVA_OPTS),
#      PLANT=not-mirrored-to-backup (the client skips the backups: the campaign must then report lost writes),
#      STORE=pdkvs (the client's puts and gets go through pDKVS's CCEH index on every PM server, paper 002 §4.3) or
#      STORE=pdfs (whole-file writes and reads of pDFS files, §4.2, over the same servers; a file per key); default kv:
#      pDSM objects.
# A file $OUT/stop-after-cycle ends a long campaign early, with its checks, after the cycle under way.
set -uo pipefail
cd "$(dirname "$0")/.."
CYCLES="${1:-3}"
CLIENT_SECONDS="${2:-10}"
RDA="${RDA:-./rda}"
OUT="${OUT:-target/acceptance-thdpms}"
PORT="${PORT:-21400}" # below the ephemeral range (32768+), where outgoing connections would take our ports
PLANT="${PLANT:-none}"
STORE="${STORE:-kv}"
case "$STORE" in
    kv) serve_store=() ;;
    pdkvs) serve_store=(--pdkvs) ;;
    pdfs) serve_store=(--pdfs) ;; # pDKVS's index, whose servers keep each file's data block alive through its inode
    *) echo "acceptance-thdpms.sh: STORE must be kv, pdkvs or pdfs, not '$STORE'" >&2; exit 2 ;;
esac
GAP="${GAP:-0}"
POLL="${POLL:-0.05}"
# Ratis logs every connection and election at INFO (megabytes a cycle): warnings only, and nothing from LifeCycle, which
# logs each failed dial of a killed replica with its stack trace (hundreds a cycle). The restarted processes compile
# with C1 alone and use the serial collector: their JVM start is most of a cycle, and C2 and G1's threads cost CPU there.
QUIET_RATIS="-Dorg.slf4j.simpleLogger.log.org.apache.ratis=warn -Dorg.slf4j.simpleLogger.log.org.apache.ratis.util.LifeCycle=off"
SERVE_JAVA_OPTS="${SERVE_JAVA_OPTS:--XX:TieredStopAtLevel=1 -XX:+UseSerialGC $QUIET_RATIS}"
# A JVM's ahead-of-time cache (JEP 483/514) of the classes a monitor and a PM server load, for their restarts: ./rda's own
# cache holds `rda lin`'s classes, not Ratis's or pDSM's. Trained by the campaign itself (TRAIN=1; default for 30 cycles or more).
TRAIN="${TRAIN:-$(( CYCLES >= 30 ? 1 : 0 ))}"
. ci/campaign-caches.sh
dir="$OUT/campaign"
rm -rf "$dir" "$OUT/stop-after-cycle"; mkdir -p "$dir"
pids=()

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

# Waits up to $2 seconds for file $1 to contain $3, while the processes $4... live.
await_line() {
    local i p file=$1 limit=$2 text=$3
    shift 3
    local end=$(( $(date +%s) + limit ))
    while (( $(date +%s) < end )); do
        grep -q "$text" "$file" 2>/dev/null && return 0
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

# Waits (up to 120 s) until the client recorded an event in its history since the previous cycle began (it keeps
# issuing puts and gets; not a completed operation: a put refused for a full segment retries for seconds), and marks
# where the history ends now.
mark=0
await_progress() {
    local size end=$(( $(date +%s) + 120 ))
    while (( $(date +%s) < end )); do
        size=$(stat -c %s "$dir/history.jsonl" 2>/dev/null || echo 0)
        if (( size > mark )); then
            mark=$size
            return 0
        fi
        kill -0 "$client" 2>/dev/null || { echo "  FAILED: the client process died (see $dir/client.log)"; return 1; }
        sleep "$POLL"
    done
    echo "  FAILED: the client recorded nothing for 120 s"
    return 1
}

# Every kill happens while the client process runs its puts and gets; counts the kill.
killed() {
    kill -0 "$client" 2>/dev/null || { echo "  FAILED: the client process died (see $dir/client.log)"; return 1; }
    kills=$((kills + 1))
}

# Starts monitor replica $1 (on its Raft log: a restart recovers), with the start-up cache when trained.
start_monitor() {
    RDA_AOT=${aot_off:-1} RDA_JAVA_OPTS="$SERVE_JAVA_OPTS ${aot_flags[monitor]:-}" "$RDA" serve --role monitor --monitors "$MONS" --index "$1" --pm "$dir/m$1" >>"$dir/mon$1.log" 2>&1 &
    mon[$1]=$!
    pids+=($!)
}

# Starts PM server $1 (on its PM directory: a restart rejoins), its output in $2.
start_server() {
    RDA_AOT=${aot_off:-1} RDA_JAVA_OPTS="$SERVE_JAVA_OPTS ${aot_flags[server]:-}" "$RDA" serve --role pdsm-server "${serve_store[@]}" --pdsm-servers "$SERVERS" --pdsm-client "$CLIENT" --monitors "$MONS" --index "$1" --pm "$dir/s$1" \
        >"$2" 2>&1 &
    srv[$1]=$!
    pids+=($!)
}

kills=0
declare -a starts=()
# SIGKILLs the Ratis leader, waits until the group elected another, and restarts the killed replica without waiting for
# its JVM ($restarting names it; await_follower waits for it).
kill_leader() {
    local l n at
    l=$(leader) || { echo "  no Ratis leader"; return 1; }
    killed || return 1
    kill -9 "${mon[$l]}"
    wait "${mon[$l]}" 2>/dev/null
    at=$(elapsed)
    rm -f "$dir/m$l/leader"
    n=$(leader) || { echo "  no Ratis leader elected after m$l was killed"; return 1; }
    local elected
    elected=$(elapsed)
    sleep "$GAP"
    starts[$l]=$(stat -c %s "$dir/mon$l.log")
    start_monitor "$l"
    restarting=$l
    echo "  SIGKILL Ratis leader m$l at $at s, m$n leads at $elected s, m$l restarting"
}

# Waits (up to 120 s) until restarted replica $1's Raft server runs again: killing the next leader before it does would
# leave the group without a majority until its JVM is up (the client then stalls for tens of seconds; nothing is lost).
await_follower() {
    local l=$1 end=$(( $(date +%s) + 120 ))
    while (( $(date +%s) < end )); do
        if tail -c +$((starts[$l] + 1)) "$dir/mon$l.log" | grep -q "^Raft server running"; then
            echo "  m$l's Raft server up at $(elapsed) s ($(tail -c +$((starts[$l] + 1)) "$dir/mon$l.log" | grep -o "[0-9]* ms after" | head -1)" \
                "its start; $(cpu "${mon[$l]}") CPU s so far)"
            return 0
        fi
        kill -0 "${mon[$l]}" 2>/dev/null || break
        sleep "$POLL"
    done
    echo "  FAILED: monitor replica m$l did not start within 120 s (see $dir/mon$l.log)"
    return 1
}

# CPU seconds (user + system) process $1 has used so far, to the hundredth.
cpu() {
    awk '{ printf "%.2f", ($14 + $15) / 100 }' "/proc/$1/stat" 2>/dev/null || echo "?"
}

# Sets $cpu_used to the CPU seconds this campaign's processes used so far: the ones reaped (bash's `times`, which must
# run in this shell, not in a command substitution) and the ones alive.
campaign_cpu() {
    local live=0 p
    for p in "${pids[@]}"; do
        live=$(awk -v a="$live" '{ printf "%.2f", a + ($14 + $15) / 100 }' "/proc/$p/stat" 2>/dev/null || echo "$live")
    done
    times >"$dir/times"
    cpu_used=$(awk -v live="$live" 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.2f", u[1] * 60 + u[2] + s[1] * 60 + s[2] + live }' \
        "$dir/times")
}

# Seconds since the campaign started, to the tenth.
elapsed() {
    local t=$(( ($(date +%s%N) - campaign_start) / 100000000 ))
    echo "$((t / 10)).$((t % 10))"
}

campaign_start=$(date +%s%N)
MONS="127.0.0.1:$PORT,127.0.0.1:$((PORT + 1)),127.0.0.1:$((PORT + 2))"
SERVERS="127.0.0.1:$((PORT + 10)),127.0.0.1:$((PORT + 12)),127.0.0.1:$((PORT + 14))"
CLIENT="127.0.0.1:$((PORT + 20))"
declare -a mon=() srv=()
start_deployment
RDA_JAVA_OPTS="$QUIET_RATIS" "$RDA" thdpms-client --store "$STORE" --pdsm-servers "$SERVERS" --listen "$CLIENT" --monitors "$MONS" --seconds 1000000 --cold-seconds "$CLIENT_SECONDS" \
    --until "$dir/stop" --seed 1 --history "$dir/history.jsonl" --plant "$PLANT" >"$dir/client.log" 2>&1 &
client=$!
pids+=($client)
failed=0
if ! await_line "$dir/client.log" 300 "deployed" "$client" "${srv[@]}"; then
    echo "FAILED: the client did not deploy within 300 s (see $dir): $(grep -h '^rda ' "$dir"/*.log | head -3 | tr '\n' ' ')"
    stop_all
    exit 1
fi
deployed=$(elapsed)
echo "deployed at $deployed s; the client runs $CLIENT_SECONDS s alone"
sleep "$CLIENT_SECONDS"
if [[ "$TRAIN" == 1 ]]; then
    train_start=$(elapsed)
    restart_from_caches
    if ! await_line "$dir/srv0-t.log" 300 "WHOLE" "${srv[0]}" "$client" || ! await_follower 0 >/dev/null; then
        echo "FAILED: monitor 0 and PM server 0 did not come back after the training stop (see $dir)"
        stop_all
        exit 1
    fi
    echo "start-up caches for restarts written and used ($train_start s to $(elapsed) s)"
fi
cycles_start=$(date +%s%N)
campaign_cpu
cycles_cpu=$cpu_used
done_cycles=0
for ((c = 1; c <= CYCLES; c++)); do
    if [[ -f "$OUT/stop-after-cycle" ]]; then
        echo "stopping after cycle $done_cycles: $OUT/stop-after-cycle exists"
        CYCLES=$done_cycles
        break
    fi
    await_progress || { failed=1; break; }
    kill_leader || { failed=1; break; }
    first=$restarting
    sleep "$GAP"
    victim=$(( c % 3 ))
    killed || { failed=1; break; }
    kill -9 "${srv[$victim]}"; wait "${srv[$victim]}" 2>/dev/null
    start_server "$victim" "$dir/srv$victim-$c.log"
    echo "  SIGKILL PM server $victim at $(elapsed) s, restarted on its PM"
    if ! await_line "$dir/srv$victim-$c.log" 300 "WHOLE" "${srv[$victim]}" "$client"; then
        echo "cycle $c: FAILED: PM server $victim did not rejoin with every segment whole within 300 s (see $dir/srv$victim-$c.log):" \
            "$(grep -h 'rejoin\|joined\|Exception' "$dir/srv$victim-$c.log" | head -3 | tr '\n' ' ')"
        failed=1
        break
    fi
    echo "  $(grep -h 'WHOLE' "$dir/srv$victim-$c.log" | head -1) at $(elapsed) s ($(cpu "${srv[$victim]}") CPU s so far;" \
        "first answer of the monitor at $(sed -n 's/.*still counts it live (\([0-9]*\) ms).*/\1/p' "$dir/srv$victim-$c.log") ms," \
        "declared dead at $(sed -n 's/.*declared dead.*(\([0-9]*\) ms).*/\1/p' "$dir/srv$victim-$c.log") ms, joined at" \
        "$(sed -n 's/.*joined in epoch.*(\([0-9]*\) ms).*/\1/p' "$dir/srv$victim-$c.log") ms)"
    await_follower "$first" || { failed=1; break; }
    sleep "$GAP"
    kill_leader || { failed=1; break; }
    await_follower "$restarting" || { failed=1; break; }
    done_cycles=$c
    echo "cycle $c done at $(elapsed) s"
    if [[ "${KEEP:-0}" != 1 && $c -gt 1 ]]; then
        rm -f "$dir/srv$victim-$((c - 3)).log" 2>/dev/null # keep the last logs of each server only
    fi
done
cycle_ns=$(( $(date +%s%N) - cycles_start ))
campaign_cpu
cpu_per_cycle=$(awk -v a="$cycles_cpu" -v b="$cpu_used" -v c="$done_cycles" 'BEGIN { printf "%.1f", (c > 0 ? (b - a) / c : 0) }')
load=$(cut -d' ' -f1-3 /proc/loadavg)
touch "$dir/stop"
wait "$client"; rc=$?
summary=$(grep '^thdpms-client:' "$dir/client.log")
grep '^LOST' "$dir/client.log" | sed 's/^/  /'
verdict=$("$RDA" lin check "$dir/history.jsonl" 2>&1 | head -1 | awk '{print $2}')
stop_all
acked=$(sed -n 's/.*acknowledged puts \([0-9]*\).*/\1/p' <<<"$summary"); acked=${acked:-0}
lost=$(sed -n 's/.*lost \([0-9]*\).*/\1/p' <<<"$summary"); lost=${lost:-0}
per_cycle=$(awk -v n="$cycle_ns" -v c="$done_cycles" 'BEGIN { printf "%.1f", (c > 0 ? n / 1e9 / c : 0) }')
per_minute=$(awk -v n="$cycle_ns" -v c="$done_cycles" 'BEGIN { printf "%.2f", (n > 0 ? c * 60e9 / n : 0) }')
echo "client: rc $rc; ${summary#thdpms-client: }"
echo "summary: cycles $done_cycles of $CYCLES, SIGKILLs $kills, seconds per cycle $per_cycle ($per_minute cycles per minute; CPU seconds per" \
    "cycle, all its processes, $cpu_per_cycle; load average $load), deployed in $deployed s," \
    "acknowledged puts $acked, lost $lost, history $verdict, wall $(elapsed) s"
if [[ $lost -eq 0 && "$verdict" == LINEARIZABLE && $failed -eq 0 && -n "$summary" && "${KEEP:-0}" != 1 ]]; then
    rm -rf "$dir/s0" "$dir/s1" "$dir/s2" "$dir/m0" "$dir/m1" "$dir/m2" "$dir"/*.aot "$dir/times" # keep logs and history only
fi
[[ $lost -eq 0 && "$verdict" == LINEARIZABLE && $failed -eq 0 && -n "$summary" && $done_cycles -eq $CYCLES ]]
