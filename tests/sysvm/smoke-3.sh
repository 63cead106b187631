# shellcheck shell=bash disable=SC2034,SC1091
# Smoke test of the system-test harness, third boot (tests/sysvm/smoke.sh):
# a script that fails; the host must report exit 1.
. ./lib.sh
SUITE=sysvm-smoke
fail "a failing check, on purpose"
finish
