#!/bin/sh
# scale-table.sh [TSV] - the scale benchmark's results (default
# docs/plots/scale.tsv) as the Markdown tables of docs/benchmarks.md: per
# kernel, a row per path and clock, pcdrop/stock per point (median of the
# rounds; min-max too at the smallest and largest size), and the lock
# round trips per unit at the largest size counted, stock -> pcdrop ("-"
# where nothing was counted).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
tsv=${1:-$top/docs/plots/scale.tsv}
[ -f "$tsv" ] || { echo "scale-table.sh: no $tsv (tests/bench/run.sh scale writes it)" >&2; exit 1; }

awk -f "$top/tests/bench/scale-points.awk" "$tsv" | sort -k1,1 -k3,3 -k2,2 -k4,4n |
awk -v counts="$(awk -F'\t' '$6 == "count" { print $1, $3, $4, $5, $7, $8 }' "$tsv")" '
BEGIN {
	n = split("shmem-4k shmem-pmd dontneed drop_caches swap", order, " ")
	name["shmem-4k"] = "tmpfs 4 KiB"; name["shmem-pmd"] = "tmpfs PMD"
	name["dontneed"] = "DONTNEED"; name["drop_caches"] = "drop_caches"
	name["swap"] = "swap entries"
	clk["icount"] = "instructions"; clk["wall"] = "wall"
	# Per kernel and path, the largest size counted, and per setting
	# its round trips per unit there.
	nc = split(counts, cl, "\n")
	for (i = 1; i <= nc; i++) {
		split(cl[i], c, " ")
		k = c[1] SUBSEP c[2]
		if (c[3] + 0 > top[k] + 0)
			top[k] = c[3]
		per[k, c[3], c[4]] = (c[6] != "-" && c[5] > 0) ? sprintf("%.4f", c[6] / c[5]) : "-"
	}
}
{
	if (!($1 in kern)) kerns[++nk] = $1
	kern[$1] = 1; key = $1 SUBSEP $2 SUBSEP $3
	have[key] = 1; size[$4] = 1
	med[key, $4] = $6; rmin[key, $4] = $5; rmax[key, $4] = $7
	if (!(key in lo) || $4 + 0 < lo[key] + 0) lo[key] = $4
	if ($4 + 0 > hi[key] + 0) hi[key] = $4
}
END {
	ns = 0
	for (m = 64; m <= 65536; m *= 2) if (m in size) sz[++ns] = m
	for (x = 1; x <= nk; x++) {
		kv = kerns[x]
		printf "%s:\n\n| path, clock |", kv
		for (i = 1; i <= ns; i++) printf " %d MiB |", sz[i]
		printf " round trips per unit, stock -> pcdrop |\n|---|"
		for (i = 1; i <= ns; i++) printf "---|"
		print "---|"
		for (j = 1; j <= n; j++) {
			p = order[j]
			split("icount wall", cs, " ")
			for (ci = 1; ci <= 2; ci++) {
				cv = cs[ci]
				key = kv SUBSEP cv SUBSEP p
				if (!(key in have)) continue
				printf "| %s, %s |", name[p], clk[cv]
				for (i = 1; i <= ns; i++) {
					m = sz[i]
					if ((key, m) in med) {
						v = sprintf("%.3f", med[key, m])
						if (m == lo[key] || m == hi[key])
							v = v sprintf(" (%.3f-%.3f)", rmin[key, m], rmax[key, m])
						printf " %s |", v
					} else printf " |"
				}
				t = ""
				if (cv == "icount" && ((kv SUBSEP p) in top)) {
					k = kv SUBSEP p
					if (per[k, top[k], 0] per[k, top[k], 1] != "--")
						t = per[k, top[k], 0] " -> " per[k, top[k], 1] " (" top[k] " MiB)"
				}
				printf " %s |\n", t
			}
		}
		print ""
	}
}'
