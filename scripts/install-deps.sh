#!/usr/bin/env bash
# Installs polydem's build and test dependencies from Debian 12 packages.
# Idempotent: packages already present are skipped by apt-get.
#   --with-bullet  also Bullet Physics (libbullet-dev), for the optional peer
#                  benchmark bench_bullet_peer; polydem itself never needs it.
# libopenblas0-serial becomes the system's libblas.so.3 (Debian alternatives):
# UMFPACK's dense frontal updates run in BLAS, and on a packed pile of 1005
# tetrapods the reference BLAS made the factorisation 3x slower (see
# docs/history/performance-notebook.md, "The BLAS under UMFPACK"). The serial build, because
# polydem threads the assembly itself and a threaded BLAS would compete with it.
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config
  libeigen3-dev libsuitesparse-dev libyaml-cpp-dev
  libopenblas0-serial
  catch2 libcli11-dev nlohmann-json3-dev libfmt-dev
  libbenchmark-dev clang libclang-rt-14-dev
  libqhull-dev
  petsc-dev openmpi-bin
  python3 python3-vtk9 python3-numpy python3-matplotlib
)

if [ "${1:-}" = "--with-bullet" ]; then
  packages+=(libbullet-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
