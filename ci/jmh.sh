#!/usr/bin/env bash
# JMH benchmarks of the hot loops (stress module): simulated verbs and explored crash states.
#   ci/jmh.sh [JMH options, e.g. -f 1 -wi 2 -i 3]
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh
./mvnw -q -B -DskipTests package -pl stress -am
cp="stress/target/classes:$(cat stress/target/classpath.txt)"
exec "$JAVA_HOME/bin/java" -cp "$cp" org.openjdk.jmh.Main "$@" io.rdasuite.stress.HotLoopBenchmarks
