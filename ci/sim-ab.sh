#!/usr/bin/env bash
# The simulator's speed, this checkout against another commit, in one JVM in alternation (ci/sim-ab/SimAb.java):
# the host's slow spells hit both builds alike, which separate runs of `rda sim-bench` cannot promise.
#   ci/sim-ab.sh COMMIT [ROUNDS]   (default 20 rounds; builds COMMIT in target/sim-ab/old, a detached worktree)
# Prints each build's median and best verbs/s, the median per-round speed-up of this checkout over COMMIT, and
# whether the two traces differ.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.."
. ./.mvn/find-jdk25.sh
commit=${1:?usage: ci/sim-ab.sh COMMIT [ROUNDS]}
rounds=${2:-20}
old=target/sim-ab/old
git rev-parse --verify --quiet "$commit^{commit}" >/dev/null || { echo "sim-ab: no commit $commit" >&2; exit 2; }
rm -rf "$old"
git worktree prune
git worktree add --detach -f "$old" "$commit" >/dev/null
trap 'git worktree remove --force "$old" >/dev/null 2>&1 || true' EXIT
(cd "$old" && ./mvnw -q -B -DskipTests package -pl cli -am)   # package: nothing of the old build is installed
./mvnw -q -B -DskipTests package -pl cli -am
mkdir -p target/sim-ab/a target/sim-ab/b
rm -rf target/sim-ab/a/* target/sim-ab/b/*
cp -r "$old"/cli/target/rda-cli.jar "$old"/cli/target/lib target/sim-ab/a/
cp -r cli/target/rda-cli.jar cli/target/lib target/sim-ab/b/
echo "A = $commit, B = this checkout ($(git rev-parse --short HEAD)$(git diff --quiet || echo ', with changes'))"
"$JAVA_HOME/bin/java" -XX:+UseSerialGC -Xms2g -Xmx2g --add-exports java.base/jdk.internal.vm=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
  ci/sim-ab/SimAb.java target/sim-ab/a target/sim-ab/b "$rounds"
