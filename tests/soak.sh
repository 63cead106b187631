#!/bin/sh
# soak.sh - what "make soak" runs: the long runs make check leaves out,
# on every row of the matrix (or PCDROP_SERIES), through the same runner
# (tests/run-matrix.sh):
#   - the lifecycle suites (45: tmpfs data under disable/rmmod/insmod
#     cycles; 54: the same under fadvise and drop_caches) cycle for a
#     share of SOAK_MINUTES each, instead of make check's few cycles;
#   - the model suite (40) runs SOAK_MODEL_OPS operations (default 2000)
#     per file system mode and path switch, instead of make check's 150
#     (100 on the smoke rows);
#   - the shadow-entry suite (60, 6.1 and 6.12) loads and unloads pcdrop
#     SOAK_SHADOW_CYCLES times (default 20) while another task truncates
#     shadowed files, instead of make check's 1;
#   - the batched eviction's race (58: DONTNEED against reads, faults and
#     GUP pins while its switch flips and pcdrop reloads) runs for
#     SOAK_RACE_SECONDS (default 120) instead of make check's 10;
#   - the stress tools' suite (63: Debian's stress-ng and fio with data
#     verification, under reclaim, pcdrop reloading) runs them for
#     SOAK_STRESS_SECONDS (default 600) instead of make check's 20;
#   - suite 71 (pcdrop upgrade) under its tmpfs load on 6.12 too (make
#     check upgrades without the load there: 5 minutes with it);
#   - suite 64 with the kernel's selftests of tests/selftests/list's soak
#     tier too (split_huge_page_test, the userfaultfd stress on shmem);
#   - suite 20 with its variant needing a missing kernel function on the
#     smoke rows too (make check loads it on the full rows only);
#   - the DKMS tests on every row Debian 12 or 13 builds, and the tests on
#     a booted Debian (tests/sysvm/system.sh) with all six boots on each
#     of 6.1, 6.12+deb12, 6.12 and 7.3 (make check: once each).
# SOAK_MINUTES (default 60) is the time each of the two lanes spends
# cycling; the model runs and the boots come on top.  Prints the same TAP
# streams and "N passed, N failed" as make check.
set -eu
cd "$(dirname "$0")/.."
minutes=${SOAK_MINUTES:-60}
series=${PCDROP_SERIES:-$(scripts/kernels.sh list)}
rows=$(echo "$series" | wc -w)
per_lane=$(((rows + 1) / 2))
# Two lifecycle suites per row, the rows shared by two lanes.
export PCDROP_LIFECYCLE_SECONDS=$((minutes * 60 / (per_lane * 2)))
export PCDROP_MODEL_OPS="${SOAK_MODEL_OPS:-2000}"
export PCDROP_SHADOW_CYCLES="${SOAK_SHADOW_CYCLES:-20}"
export PCDROP_RACE_SECONDS="${SOAK_RACE_SECONDS:-120}"
export PCDROP_STRESS_SECONDS="${SOAK_STRESS_SECONDS:-600}"
export PCDROP_SERIES="$series"
export PCDROP_SUITES="20-* 40-* 45-* 54-* 58-* 60-* 63-* 64-* 71-*"
export PCDROP_SKIP_RUNNER_TESTS=1 PCDROP_SYSTEM_ALL=1
export PCDROP_SYSTEM_SERIES="6.1 6.12+deb12 6.12 7.3"
# A hang bound only: a smoke row runs all four suites in one boot, and
# under load a livepatch transition can take up to its 120 s bound.
export PCDROP_VM_TIMEOUT=$((PCDROP_LIFECYCLE_SECONDS * 4 + PCDROP_SHADOW_CYCLES * 240 + PCDROP_STRESS_SECONDS * 2 + PCDROP_RACE_SECONDS * 2 + 3600))
echo "# soak: $series, each lifecycle suite cycling ${PCDROP_LIFECYCLE_SECONDS} s, $PCDROP_MODEL_OPS model operations, $PCDROP_SHADOW_CYCLES shadow-path cycles, the eviction race for $PCDROP_RACE_SECONDS s, the stress tools for $PCDROP_STRESS_SECONDS s"
exec tests/run-matrix.sh
