#!/usr/bin/env bash
# JMH benchmarks (stress module): the hot loops (simulated verbs, explored crash states), the transaction checker on
# a generated 10,000-transaction history (TxnCheck), and store operations on the loopback fabric beside
# ConcurrentHashMap.
#   [BENCH=regex] ci/jmh.sh [JMH options, e.g. -f 1 -wi 2 -i 3 -t 2]
#   BENCH picks the benchmarks (default: every benchmark class), e.g. BENCH=LoopbackStore ci/jmh.sh -t 2
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh
./mvnw -q -B -DskipTests package -pl stress -am
cp="stress/target/classes:$(cat stress/target/classpath.txt)"
exec "$JAVA_HOME/bin/java" -cp "$cp" org.openjdk.jmh.Main "$@" "${BENCH:-io.rdasuite.stress.(HotLoop|LoopbackStore|TxnCheck)Benchmarks}"
