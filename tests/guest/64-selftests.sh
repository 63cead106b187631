# 64-selftests.sh - the kernel's own selftests, from Debian's linux-source
# of this very build (scripts/selftests.sh), give the same result case by
# case with pcdrop loaded, all paths on, as on the stock kernel, in the
# same boot.
#
# The tests and their arguments: tests/selftests/list (the share's
# selftests/list); the ones left out and why: tests/selftests/excluded.
# Each runs stock, then pcdrop is loaded and each runs again.  Every case
# (a TAP "ok"/"not ok" line of the test, or for the tests that print no
# TAP an "OK"/"Fail" line, and the test's exit status) is compared: a case
# that passes stock and fails with pcdrop fails; a case that fails stock
# passes here only if tests/selftests/known-failures lists it for this
# kernel, with its reason, and it fails with pcdrop too (a case that fails
# either way without that reason fails); a case missing from the pcdrop run
# fails.  The tests run in the order of the list from a tmpfs working
# folder, with shmem THP at "advise" so that the tests' MADV_HUGEPAGE on
# shmem gets huge folios (the tests that need more set it themselves and
# put it back), and 512 MiB of swap on zram.
. ./guest/lib.sh
SUITE=selftests
ST=/tmp/selftests
TIER=$(cat selftests/tier)
KVER=$(uname -r)

# Programs run from the 9p share drop their own page cache when they exit;
# run them from the initramfs's tmpfs instead.
rm -rf $ST
mkdir -p $ST/stock $ST/pcdrop $ST/work
cp selftests/bin/* $ST/
echo advise > /sys/kernel/mm/transparent_hugepage/shmem_enabled
# Swap, for the cases that page shmem and anonymous memory out
# (MADV_PAGEOUT: cow's swapped-out cases, khugepaged's); without it they
# SKIP.
swap_on_zram 512

# tests: the list's entries for this run, "NAME PROG ARGS..." (NAME: PROG
# and ARGS joined by '_'), one tier (check) or both (soak).
tests() {
	grep -v -e '^#' -e '^[[:space:]]*$' selftests/list |
		awk -v t="$TIER" '$3 == "check" || t == "soak" {
			n = $2; a = ""
			for (i = 4; i <= NF; i++) { n = n "_" $i; a = a " " $i }
			gsub(/[^A-Za-z0-9_.:-]/, "_", n)
			print n, $2 a }'
}

# run MODE: every test, its output in $ST/MODE/NAME.out, its exit status
# in NAME.rc, its cases "CASE<TAB>pass|fail|skip" in NAME.cases.
run() {
	tests | while read -r name prog args; do
		[ -x "$ST/$prog" ] || continue
		t0=$(cut -d' ' -f1 /proc/uptime)
		# shellcheck disable=SC2086
		(cd $ST/work && exec "$ST/$prog" $args) > "$ST/$1/$name.out" 2>&1 < /dev/null
		echo $? > "$ST/$1/$name.rc"
		echo "# time $1 $name $(awk -v t0="$t0" '{ printf "%.1f", $1 - t0 }' /proc/uptime)"
		cases "$ST/$1/$name.out" "$(cat "$ST/$1/$name.rc")" > "$ST/$1/$name.cases"
	done
}

# cases OUT RC: the cases of one output, colours (khugepaged's) left out.
# A TAP line is its number N: kselftest prints a skip as "ok N # SKIP
# TEXT", with the description or a reason after the directive, so that
# the same case that passes in one run and is skipped in the other (a THP
# collapse that did not happen) would otherwise look like two cases;
# a non-TAP "... OK/Fail/Skip" line (khugepaged, 6.1's tests) its text; a
# name seen twice gets its count.  The exit status is a case too: 0 (pass)
# or 4 (ksft's skip) passes.
cases() {
	awk -v rc="$2" '
		{ gsub(/\033\[[0-9;]*m/, "") }
		/^(not )?ok [0-9]+/ {
			st = $1 == "ok" ? "pass" : "fail"
			d = $0
			sub(/^(not )?ok /, "", d)
			if (d ~ /#[ \t]*(SKIP|skip)/) st = "skip"
			sub(/[ \t].*/, "", d)
			emit(d, st)
			next
		}
		/[^ ]+.* (OK|Fail|Skip)$/ && !/^#/ {
			st = $NF == "OK" ? "pass" : $NF == "Fail" ? "fail" : "skip"
			d = $0
			sub(/[ .]*(OK|Fail|Skip)$/, "", d)
			emit(d, st)
		}
		function emit(d, st) {
			if (++seen[d] > 1) d = d " (" seen[d] ")"
			print d "\t" st
		}
		END { print "exit status\t" (rc == 0 || rc == 4 ? "pass" : "fail") " " rc }' "$1"
}

# known NAME CASE: the reason tests/selftests/known-failures gives for
# CASE of NAME failing on this kernel (lines "KVER-ERE|PROG-ERE|CASE-ERE|REASON").
known() {
	grep -v -e '^#' -e '^[[:space:]]*$' selftests/known-failures |
		awk -F'|' -v k="$KVER" -v n="$1" -v c="$2" '
			k ~ "^(" $1 ")$" && n ~ "^(" $2 ")$" && c ~ "^(" $3 ")$" { print $4; exit }'
}

# compare NAME: one TAP line per case that differs or fails, one for the
# test as a whole.
compare() {
	s=$ST/stock/$1.cases
	p=$ST/pcdrop/$1.cases
	if [ ! -f "$s" ]; then
		pass "$1: not in $KVER's selftests # SKIP"
		return
	fi
	bad=0
	known_n=0
	tab=$(printf '\t')
	while IFS=$tab read -r c st; do
		pst=$(awk -F'\t' -v c="$c" '$1 == c { print $2; exit }' "$p" 2>/dev/null)
		st=${st%% *}
		pst=${pst%% *}
		if [ -z "$pst" ]; then
			fail "$1: $c: in the stock run ($st), missing with pcdrop"
			bad=$((bad + 1))
		elif [ "$st" != fail ] && [ "$pst" = fail ]; then
			fail "$1: $c: $st on stock, fails with pcdrop"
			bad=$((bad + 1))
		elif [ "$st" = fail ]; then
			why=$(known "$1" "$c")
			if [ -z "$why" ]; then
				fail "$1: $c: fails on stock ($pst with pcdrop), not a known stock failure"
				bad=$((bad + 1))
			elif [ "$pst" != fail ]; then
				fail "$1: $c: a known stock failure, but it passes with pcdrop" "$why"
				bad=$((bad + 1))
			else
				pass "$1: $c: fails stock and with pcdrop, a known stock failure ($why)"
				known_n=$((known_n + 1))
			fi
		fi
	done < "$s"
	counts() {
		awk -F'\t' '{ split($2, a, " "); n[a[1]]++ }
			END { printf "%d pass, %d fail, %d skip", n["pass"], n["fail"], n["skip"] }' "$1"
	}
	echo "# $1: stock $(counts "$s"); pcdrop $(counts "$p")"
	[ "$bad" != 0 ] ||
		pass "$1: $(wc -l < "$s") cases, the same results with pcdrop as stock ($(counts "$p"), $known_n known stock failures)"
}

check "the list names no test that was not built for $KVER (selftests/unbuilt)" \
	test ! -s selftests/unbuilt
t0=$(cut -d' ' -f1 /proc/uptime)
run stock
check "pcdrop loads" pcdrop_load
run pcdrop
check "and unloads" pcdrop_unload
echo "# time all $(awk -v t0="$t0" '{ printf "%.1f", $1 - t0 }' /proc/uptime)"
for name in $(tests | cut -d' ' -f1); do
	compare "$name"
done
# The tests' own output, for the results' log (the runner keeps only the
# TAP lines).
for name in $(tests | cut -d' ' -f1); do
	for mode in stock pcdrop; do
		[ ! -f "$ST/$mode/$name.out" ] ||
			sed "s/^/# $mode $name: /" "$ST/$mode/$name.out"
	done
done
finish
