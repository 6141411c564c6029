# shellcheck shell=bash
# Sourced by ci/lin-kv.sh and ci/lin-etcd.sh: finds Porcupine's source, installs Go when missing, and builds our
# timing harness (ci/porcupine-kv) against it, offline. Sets PORCUPINE_SRC (the checkout) and PORCUPINE_BIN (the
# harness). The checkout is $1, else $RDA_PORCUPINE_DIR, else a bare git mirror named by $RDA_PORCUPINE_MIRROR
# exported to target/. Its files are read there, never copied into this repository. Returns 2 (with a message) when there is no checkout or Go cannot be installed.
porcupine_harness() {
  local src="${1:-${RDA_PORCUPINE_DIR:-}}"
  local mirror="${RDA_PORCUPINE_MIRROR:-}"
  if [ -z "$src" ]; then
    if [ -n "$mirror" ] && [ -d "$mirror" ]; then
      src=target/porcupine-src
      rm -rf "$src" && mkdir -p "$src"
      git --git-dir="$mirror" archive HEAD | tar -x -C "$src"
    else
      echo "no Porcupine checkout: pass its folder, or set RDA_PORCUPINE_DIR (a checkout) or RDA_PORCUPINE_MIRROR (a bare mirror)" >&2
      return 2
    fi
  fi
  PORCUPINE_SRC=$(cd "$src" && pwd -P)
  if ! command -v go >/dev/null 2>&1; then
    local apt=""
    if [ "$(id -u)" = 0 ]; then apt="apt-get"; elif command -v sudo >/dev/null 2>&1; then apt="sudo apt-get"; fi
    [ -n "$apt" ] || { echo "Go is missing and cannot be installed (no root, no sudo)" >&2; return 2; }
    DEBIAN_FRONTEND=noninteractive $apt install -y -q golang-go >/dev/null \
      || { $apt update -q && DEBIAN_FRONTEND=noninteractive $apt install -y -q golang-go >/dev/null; }
  fi
  local harness=target/porcupine-kv
  rm -rf "$harness" && mkdir -p "$harness" && cp ci/porcupine-kv/*.go ci/porcupine-kv/go.mod "$harness"/
  (cd "$harness" && go mod edit -replace "github.com/anishathalye/porcupine=$PORCUPINE_SRC" \
    && GOFLAGS=-mod=mod GOPROXY=off go build -o porcupinekv .)
  PORCUPINE_BIN="$PWD/$harness/porcupinekv"
}
