#!/bin/sh
# time-report.sh TIMES [SUITES] - make check's time report, from the lines
# timed() appended to TIMES ("STREAM KIND SECONDS WHAT", tab-separated):
# one line per stream (its wall time and lane), then the 15 slowest steps
# of any stream.  With SUITES, also writes there the time of every boot
# and of every suite run within a smoke row's one boot, by stream.
set -eu
[ -f "$1" ] || { echo "# time report: no $1"; exit 0; }
echo "# time report: streams (wall time, lane)"
awk -F '\t' '$2 == "stream" { printf "#   %-12s %6.0f s  %s\n", $1, $3, $4 }' "$1"
echo "# time report: the 15 slowest steps"
# A suite timed inside a smoke row's one boot is part of that boot's time.
awk -F '\t' '$2 != "stream" && $2 != "suite" { printf "%.1f\t%s\t%s\t%s\n", $3, $2, $1, $4 }' "$1" |
	sort -t '	' -k1,1 -rn | head -n 15 |
	awk -F '\t' '{ printf "#   %6.0f s  %-6s %-10s %s\n", $1, $2, $3, $4 }'
[ $# -lt 2 ] || awk -F '\t' '$2 == "boot" || $2 == "suite" { printf "%s\t%s\t%s\n", $1, $3, $4 }' "$1" |
	sort -t '	' -k1,1 -k3,3 > "$2"
