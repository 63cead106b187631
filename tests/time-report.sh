#!/bin/sh
# time-report.sh TIMES [SUITES] - make check's time report, from the lines
# timed() appended to TIMES ("STREAM KIND SECONDS WHAT", tab-separated):
# one line per stream (its wall time, split into setup and tests, and its
# lane), then the 15 slowest steps
# of any stream.  With SUITES, also writes there the time of every boot
# and of every suite run within a smoke row's one boot, by stream.
set -eu
[ -f "$1" ] || { echo "# time report: no $1"; exit 0; }
# Setup: the downloads, debootstraps and package installs (kinds fetch and
# chroot, as tests/time-budget.sh counts them); tests: the rest.
echo "# time report: streams (wall time = setup + tests, lane)"
awk -F '\t' '$2 == "fetch" || $2 == "chroot" || ($2 == "setup" && $1 == "main") { setup[$1] += $3 }
	$2 == "stream" { n++; name[n] = $1; wall[n] = $3; lane[n] = $4 }
	END {
		for (i = 1; i <= n; i++) {
			s = name[i]
			printf "#   %-12s %6.0f s = %5.0f s setup + %5.0f s tests  %s\n",
				s, wall[i], setup[s], wall[i] - setup[s], lane[i]
			tw += wall[i]; ts += setup[s]
		}
		printf "#   %-12s %6.0f s = %5.0f s setup + %5.0f s tests\n", "all streams", tw, ts, tw - ts
		printf "#   %-12s %6.0f s of setup before the lanes (the prefetch included)\n", "main", setup["main"]
	}' "$1"
echo "# time report: the 15 slowest steps"
# A suite timed inside a smoke row's one boot is part of that boot's time.
awk -F '\t' '$2 != "stream" && $2 != "suite" { printf "%.1f\t%s\t%s\t%s\n", $3, $2, $1, $4 }' "$1" |
	sort -t '	' -k1,1 -rn | head -n 15 |
	awk -F '\t' '{ printf "#   %6.0f s  %-6s %-10s %s\n", $1, $2, $3, $4 }'
[ $# -lt 2 ] || awk -F '\t' '$2 == "boot" || $2 == "suite" { printf "%s\t%s\t%s\n", $1, $3, $4 }' "$1" |
	sort -t '	' -k1,1 -k3,3 > "$2"
