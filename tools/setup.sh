#!/usr/bin/env bash
# Installs the Debian packages mocc needs (only those missing), then configures and builds
# into build/. Idempotent: a second run only rebuilds what changed. Run as root on Debian 12.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ cmake make pkg-config
  antlr4 libantlr4-runtime-dev          # grammar tool 4.7.2 and C++ runtime 4.9
  llvm-16-dev llvm-16-tools libzstd-dev # ORC JIT; FileCheck; LLVM's CMake config needs zstd
  libsundials-dev libsuitesparse-dev    # CVODE/IDA/ARKODE/KINSOL and KLU
  libeigen3-dev libcli11-dev libfmt-dev
  zlib1g-dev                            # libz for the MSL's C-Sources (MATLAB v7 table files)
  googletest libgtest-dev libbenchmark-dev
  gnuplot-nox python3-scipy
  libmatio-dev                          # MAT v4 result files
  libopenmpi-dev openmpi-bin            # mocc sweep --mpi across machines
  libffi-dev                            # calling external C functions during translation
  liblapack-dev                         # LAPACK for external "FORTRAN 77" functions that name it
  libminizip-dev unzip                  # mocc fmu writes FMUs (zip archives); tests unpack them
  libxml2-dev libxml2-utils             # fmusim, the independent FMU importer the tests run;
                                        # xmllint checks FMU descriptions against FMI's schemas
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

build_type=${MOCC_BUILD_TYPE:-RelWithDebInfo}
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE="$build_type"
fi
cmake --build build -j "${MOCC_JOBS:-2}"
