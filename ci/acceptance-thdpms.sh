#!/usr/bin/env bash
# TH-DPMS (pDSM) as OS processes on loopback, killed again and again (issue 29, item 4). Each cycle deploys afresh:
# 3 monitor replicas on Apache Ratis (rda serve --role monitor), 3 PM servers on mapped-file PM
# (rda serve --role pdsm-server) and the client process (rda thdpms-client: the monitor node and one client). While the
# client puts and gets, the script SIGKILLs the Ratis leader and restarts it, SIGKILLs one PM server (its segments fail
# over and are re-replicated onto the two left; it is not restarted: a PM server cannot rejoin yet), then SIGKILLs the
# new Ratis leader and restarts it. The client's history is checked with `rda lin check` (key-value model) and the
# client reads every key back at the end (a read older than the key's last acknowledged put is a lost write; half the
# keys are written only in the first quarter of the run, before any kill, so that a failover must keep them).
# Usage: ci/acceptance-thdpms.sh [CYCLES] [CLIENT_SECONDS]     (default: 3 cycles, 14 s of client per cycle)
# Env: RDA (the launcher, default ./rda), OUT (default target/acceptance-thdpms), PORT (first port, default 21400),
#      PLANT=not-mirrored-to-backup (the client skips the backups: the campaign must then report lost writes).
set -uo pipefail
cd "$(dirname "$0")/.."
CYCLES="${1:-3}"
SECONDS_PER_CLIENT="${2:-14}"
RDA="${RDA:-./rda}"
OUT="${OUT:-target/acceptance-thdpms}"
PORT="${PORT:-21400}" # below the ephemeral range (32768+), where outgoing connections would take our ports
PLANT="${PLANT:-none}"
mkdir -p "$OUT"
pids=()

stop_all() {
    for p in "${pids[@]}"; do
        kill -9 "$p" 2>/dev/null
    done
    for p in "${pids[@]}"; do
        wait "$p" 2>/dev/null
    done
    pids=()
}
trap 'stop_all; exit 130' INT TERM

# Waits up to $2 seconds for file $1 to contain $3, while the processes $4... live.
await_line() {
    local i p file=$1 limit=$2 text=$3
    shift 3
    for ((i = 0; i < limit * 10; i++)); do
        grep -q "$text" "$file" 2>/dev/null && return 0
        for p in "$@"; do
            kill -0 "$p" 2>/dev/null || return 1
        done
        sleep 0.1
    done
    return 1
}

# The index of the monitor replica that leads (its directory holds the file 'leader'), waiting up to 60 s.
leader() {
    local i m
    for ((i = 0; i < 600; i++)); do
        for m in 0 1 2; do
            if [[ -f "$dir/m$m/leader" ]] && kill -0 "${mon[$m]}" 2>/dev/null; then
                echo "$m"
                return 0
            fi
        done
        sleep 0.1
    done
    return 1
}

start_monitor() {
    "$RDA" serve --role monitor --monitors "$MONS" --index "$1" --pm "$dir/m$1" >>"$dir/mon$1.log" 2>&1 &
    mon[$1]=$!
    pids+=($!)
}

kill_leader() {
    local l
    l=$(leader) || { echo "  no Ratis leader"; return 1; }
    kill -9 "${mon[$l]}"
    wait "${mon[$l]}" 2>/dev/null
    rm -f "$dir/m$l/leader"
    echo "  SIGKILL Ratis leader m$l at $(elapsed) s"
    sleep 1
    start_monitor "$l"
    echo "  restarted m$l"
}

elapsed() {
    echo $(( ($(date +%s%N) - cycle_start) / 1000000000 ))
}

total_acked=0; total_lost=0; anomalies=0; failed_cycles=0; total_seconds=0; done_cycles=0
campaign_start=$(date +%s)
for ((c = 1; c <= CYCLES; c++)); do
    cycle_start=$(date +%s%N)
    dir="$OUT/cycle-$c"
    rm -rf "$dir"; mkdir -p "$dir"
    base=$((PORT + (c % 2) * 40))
    MONS="127.0.0.1:$base,127.0.0.1:$((base + 1)),127.0.0.1:$((base + 2))"
    SERVERS="127.0.0.1:$((base + 10)),127.0.0.1:$((base + 12)),127.0.0.1:$((base + 14))"
    CLIENT="127.0.0.1:$((base + 20))"
    declare -a mon=() srv=()
    for m in 0 1 2; do start_monitor "$m"; done
    for s in 0 1 2; do
        "$RDA" serve --role pdsm-server --pdsm-servers "$SERVERS" --pdsm-client "$CLIENT" --monitors "$MONS" --index "$s" --pm "$dir/s$s" \
            >"$dir/srv$s.log" 2>&1 &
        srv[$s]=$!
        pids+=($!)
    done
    "$RDA" thdpms-client --pdsm-servers "$SERVERS" --listen "$CLIENT" --monitors "$MONS" --seconds "$SECONDS_PER_CLIENT" --seed "$c" \
        --history "$dir/history.jsonl" --plant "$PLANT" >"$dir/client.log" 2>&1 &
    client=$!
    pids+=($client)
    echo "cycle $c: deploying"
    if ! await_line "$dir/client.log" 180 "deployed" "$client" "${srv[@]}"; then
        echo "cycle $c: FAILED: the client did not deploy within 180 s (see $dir): $(grep -h '^rda ' "$dir"/*.log | head -3 | tr '\n' ' ')"
        failed_cycles=$((failed_cycles + 1)); done_cycles=$c; total_seconds=$((total_seconds + $(elapsed))); stop_all; continue
    fi
    echo "  deployed at $(elapsed) s; client runs ${SECONDS_PER_CLIENT} s"
    third=$(( SECONDS_PER_CLIENT / 4 > 0 ? SECONDS_PER_CLIENT / 4 : 1 ))
    sleep "$third"; kill_leader
    sleep "$third"
    victim=$(( c % 3 ))
    kill -9 "${srv[$victim]}"; wait "${srv[$victim]}" 2>/dev/null
    echo "  SIGKILL PM server $victim at $(elapsed) s"
    sleep "$third"; kill_leader
    wait "$client"; rc=$?
    summary=$(grep '^thdpms-client:' "$dir/client.log")
    grep '^LOST' "$dir/client.log" | sed 's/^/  /'
    verdict=$("$RDA" lin check "$dir/history.jsonl" 2>&1 | head -1 | awk '{print $2}')
    acked=$(sed -n 's/.*acknowledged puts \([0-9]*\).*/\1/p' <<<"$summary"); acked=${acked:-0}
    lost=$(sed -n 's/.*lost \([0-9]*\).*/\1/p' <<<"$summary"); lost=${lost:-0}
    secs=$(elapsed)
    stop_all
    echo "cycle $c: ${secs} s, client rc $rc, history $verdict; ${summary#thdpms-client: }"
    total_acked=$((total_acked + acked)); total_lost=$((total_lost + lost)); total_seconds=$((total_seconds + secs)); done_cycles=$c
    if [[ "$verdict" != LINEARIZABLE ]]; then anomalies=$((anomalies + 1)); fi
    if [[ -z "$summary" || ( $rc -ne 0 && $lost -eq 0 ) ]]; then failed_cycles=$((failed_cycles + 1)); fi
    if [[ "$lost" -eq 0 && "$verdict" == LINEARIZABLE && -n "$summary" && "${KEEP:-0}" != 1 ]]; then
        rm -rf "$dir/s0" "$dir/s1" "$dir/s2" "$dir/m0" "$dir/m1" "$dir/m2" # keep logs and history only
    fi
done
echo "summary: cycles $done_cycles, seconds per cycle $(( done_cycles > 0 ? total_seconds / done_cycles : 0 )), acknowledged puts $total_acked," \
    "lost $total_lost, non-linearizable histories $anomalies, failed cycles $failed_cycles, wall $(( $(date +%s) - campaign_start )) s"
[[ $total_lost -eq 0 && $anomalies -eq 0 && $failed_cycles -eq 0 ]]
