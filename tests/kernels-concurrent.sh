#!/bin/sh
# kernels-concurrent.sh - make check's streams resolve their kernels at
# once.  From an empty cache, every row of tests/kernels.list resolved
# concurrently must give what the same resolve gives alone afterwards:
# the same release, or the same "Debian carries none" (exit 3).  Run
# unlocked, the private apt updates and index rebuilds trampled each
# other and every row read as not carried.
set -eu
cd "$(dirname "$0")/.."
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
names=$(scripts/kernels.sh list)
for n in $names; do
	(rc=0
	 PCDROP_CACHE=$cache scripts/kernels.sh resolve "$n" > "$cache/$n.out" 2> "$cache/$n.err" || rc=$?
	 echo $rc > "$cache/$n.rc") &
done
wait
bad=0
for n in $names; do
	rc=0
	alone=$(PCDROP_CACHE=$cache scripts/kernels.sh resolve "$n" 2> /dev/null) || rc=$?
	if [ "$rc $alone" != "$(cat "$cache/$n.rc") $(cat "$cache/$n.out")" ]; then
		echo "$n: concurrently '$(cat "$cache/$n.out")' (exit $(cat "$cache/$n.rc")), alone '$alone' (exit $rc)"
		tail -n 3 "$cache/$n.err"
		bad=1
	fi
done
exit $bad
