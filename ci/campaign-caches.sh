# Sourced by ci/acceptance-thdpms.sh and ci/acceptance-thdpms-txn.sh: the start-up caches of a kill campaign. A JVM's
# ahead-of-time cache (JEP 483/514) of the classes a monitor and a PM server load, for their restarts (./rda's own cache
# holds `rda lin`'s classes, not Ratis's or pDSM's), trained by the campaign itself when TRAIN=1. The sourcing script
# defines $dir, start_monitor INDEX and start_server INDEX LOG (both reading aot_flags and aot_off), and the arrays mon,
# srv and starts.
declare -A aot_flags=()

# Starts the 3 monitor replicas and the 3 PM servers; with TRAIN=1, monitor 0 and PM server 0 record which classes they
# load (their clean stops write the caches).
start_deployment() {
    local m s
    if [[ "$TRAIN" == 1 ]]; then
        aot_off=0
        aot_flags[monitor]="-XX:AOTCacheOutput=$dir/monitor.aot -Xlog:aot=off -Xlog:cds=off"
        start_monitor 0
        aot_flags[server]="-XX:AOTCacheOutput=$dir/server.aot -Xlog:aot=off -Xlog:cds=off"
        start_server 0 "$dir/srv0-0.log"
        aot_flags=()
        aot_off=
        for m in 1 2; do start_monitor "$m"; done
        for s in 1 2; do start_server "$s" "$dir/srv$s-0.log"; done
    else
        for m in 0 1 2; do start_monitor "$m"; done
        for s in 0 1 2; do start_server "$s" "$dir/srv$s-0.log"; done
    fi
}

# Stops monitor 0 and PM server 0 cleanly (SIGTERM: not kills of the campaign) so that their JVMs write the caches, and
# restarts them from those caches (the server rejoins, logging to $dir/srv0-t.log); every later restart starts from them.
# The caller waits for the rejoin.
restart_from_caches() {
    local p
    for p in "${mon[0]}" "${srv[0]}"; do kill -TERM "$p"; done
    for p in "${mon[0]}" "${srv[0]}"; do wait "$p" 2>/dev/null; done
    rm -f "$dir/m0/leader"
    if [[ -s "$dir/monitor.aot" && -s "$dir/server.aot" ]]; then
        aot_off=0
        aot_flags[monitor]="-XX:AOTCache=$dir/monitor.aot -Xlog:aot=off -Xlog:cds=off"
        aot_flags[server]="-XX:AOTCache=$dir/server.aot -Xlog:aot=off -Xlog:cds=off"
    else
        echo "  could not write the start-up caches; restarts run without them"
    fi
    starts[0]=$(stat -c %s "$dir/mon0.log")
    start_monitor 0
    start_server 0 "$dir/srv0-t.log"
}
