#!/usr/bin/env bash
# jcstress tests of the 8-byte atomics the stores rely on (stress module, package io.rdasuite.stress.jcstress):
# Erda's atomic region never torn, eFactory's durability flag never seen before its data, CAS on an index entry.
#   ci/jcstress.sh [MODE]     MODE: sanity, quick (default; what .ci/run uses), default, tough, stress
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh
MODE="${1:-quick}"
./mvnw -q -B -DskipTests package -pl stress -am
cp="stress/target/classes:$(cat stress/target/classpath.txt)"
out="stress/target/jcstress"
mkdir -p "$out"
"$JAVA_HOME/bin/java" --sun-misc-unsafe-memory-access=allow -cp "$cp" org.openjdk.jcstress.Main \
  -t 'io\.rdasuite\.stress\.jcstress\..*' -m "$MODE" -r "$out/results" > "$out/run.log" 2>&1 || true
sed -n '/RUN RESULTS:/,$p' "$out/run.log"
if grep -q "SplitWriteControlTest" <(sed -n '/Interesting tests:/,/Failed tests:/p' "$out/run.log"); then
  echo "negative control: the byte-by-byte write was seen torn (CAUGHT)"
elif [ "$MODE" = sanity ]; then
  echo "negative control: not sampled enough in sanity mode to be caught"
else
  echo "negative control: no torn byte-by-byte write observed (MISSED): the tests did not sample enough" >&2
  exit 1
fi
if ! grep -q "Failed tests: No matches." "$out/run.log" || ! grep -q "Error tests: No matches." "$out/run.log"; then
  echo "jcstress: a test failed; results in $out/results/index.html" >&2
  exit 1
fi
