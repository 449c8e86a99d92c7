# Sourced: unpacks the archive benchmarks/device_bundle.sh made (polydem, Open MPI and
# their libraries) and sets the environment to run them on a machine that has none of the
# project's libraries; sets `polydem` and `mpiexec` to the commands to run.
#
# Usage: source benchmarks/support/device_env.sh ARCHIVE
bundle=${POLYDEM_BUNDLE_DIR:-/opt/polydem-bundle}
mkdir -p "$bundle"
tar -C "$bundle" -xJf "$1"

# Open MPI and PMIx find their plugins under the bundle's prefix, not under /usr, where the
# machine may hold another Open MPI whose plugins would not load with these libraries.
export OPAL_PREFIX=$bundle/root/usr
export PMIX_MCA_mca_base_component_path=$bundle/root/usr/lib/x86_64-linux-gnu/pmix2/lib/pmix

# This machine's glibc runs the bundle's programs directly when it is as new as the
# development machine's (2.36); an older one runs them through the bundle's loader.
wrap() {
  local name=$1
  printf '#!/bin/sh\nexec %s --library-path %s %s "$@"\n' "$bundle/glibc/ld-linux-x86-64.so.2" \
    "$bundle/lib:$bundle/glibc" "$bundle/bin/$name" >"$bundle/$name"
  chmod +x "$bundle/$name"
}
glibc=$(ldd --version 2>/dev/null | head -1 | grep -o '[0-9]*\.[0-9]*$')
if [ "$(printf '%s\n2.36\n' "${glibc:-0}" | sort -V | head -1)" = 2.36 ]; then
  export LD_LIBRARY_PATH=$bundle/lib
  polydem=$bundle/bin/polydem
  mpiexec=$bundle/bin/mpirun
else
  wrap polydem
  wrap mpirun
  polydem=$bundle/polydem
  mpiexec=$bundle/mpirun
fi
export PATH=$bundle/bin:$PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_pml=ob1 OMPI_MCA_btl=self,vader OMPI_MCA_osc=pt2pt
export OMP_WAIT_POLICY=passive PYTHONUNBUFFERED=1
