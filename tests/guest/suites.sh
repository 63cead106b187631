# suites.sh - several suites in one boot (make check's smoke rows): each
# guest/NAME.sh listed in the share's file "suites", in order, in a shell
# of its own.  Prints its TAP lines, one line for its exit status and one
# "# time NAME SECONDS" line for the time report.  A suite that leaves
# pcdrop loaded fails here, before the next one starts.
. ./guest/lib.sh
SUITE=suites

for s in $(cat suites); do
	t0=$(cut -d' ' -f1 /proc/uptime)
	sh "./guest/$s.sh"
	rc=$?
	echo "# time $s $(awk -v t0="$t0" '{ printf "%.1f", $1 - t0 }' /proc/uptime)"
	expect_eq "$s exits 0" 0 "$rc"
	check "$s leaves pcdrop unloaded" test ! -e /sys/module/pcdrop
done
finish
