#!/usr/bin/env bash
# Packs a polydem build with everything it and Open MPI need to run on a machine that has
# none of the project's libraries (the lent 16-core device machine: docs/performance.md,
# "Ranks and threads on 16 cores"), into one compressed archive:
#   bin/     polydem, mpirun (orterun) and orted
#   lib/     every shared library polydem, the launcher and Open MPI's and PMIx's plugins
#            load, glibc's own excepted
#   glibc/   this machine's glibc and its loader, for a machine whose glibc is older
#   root/    Open MPI's and PMIx's plugin and help trees, a prefix that OPAL_PREFIX and
#            PMIx's component path point to
# benchmarks/device_ranks_threads.sh unpacks and uses it.
#
# Usage: benchmarks/device_bundle.sh POLYDEM ARCHIVE.tar.xz
set -euo pipefail
polydem=$1
archive=$2
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage"/{bin,lib,glibc,root}

cp "$polydem" "$stage/bin/polydem"
cp "$(readlink -f /usr/bin/orterun)" "$stage/bin/mpirun"
cp "$(readlink -f /usr/bin/orted)" "$stage/bin/orted"

trees=(/usr/lib/x86_64-linux-gnu/openmpi /usr/lib/x86_64-linux-gnu/pmix2 /usr/share/openmpi
  /etc/openmpi)
for tree in "${trees[@]}"; do
  mkdir -p "$stage/root$(dirname "$tree")"
  cp -a "$tree" "$stage/root$tree"
done

glibc_name() { [[ $1 =~ ^(libc|libm|libpthread|libdl|librt|libresolv|libutil|ld-linux-x86-64)\.so ]]; }
objects=("$stage"/bin/* $(find "${trees[0]}" "${trees[1]}" -name '*.so*' -type f))
ldd "${objects[@]}" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | sort -u |
  while read -r name path; do
    if glibc_name "$name"; then
      cp -L "$path" "$stage/glibc/$name"
    else
      cp -L "$path" "$stage/lib/$name"
    fi
  done
cp -L /lib64/ld-linux-x86-64.so.2 "$stage/glibc/"
# The reference BLAS and LAPACK in place of OpenBLAS's (polydem's BLAS work is UMFPACK's
# dense fronts, small on these decks); libopenblas.so.0 stays for the libraries that name it.
cp -L /usr/lib/x86_64-linux-gnu/blas/libblas.so.3 "$stage/lib/libblas.so.3"
cp -L /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3 "$stage/lib/liblapack.so.3"

tar -C "$stage" -cJf "$archive" .
echo "$archive: $(du -h "$archive" | cut -f1)"
