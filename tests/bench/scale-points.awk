# scale-points.awk - the scale benchmark's rounds (docs/plots/scale.tsv,
# tab-separated) per point: one line "KERNEL CLOCK PATH MIB RATIO_MIN
# RATIO_MED RATIO_MAX STOCK_MS PCDROP_MS", the ratios those of the i-th
# pcdrop round over the i-th stock round, the times medians.  Unsorted.
# plot.sh and scale-table.sh read it.
BEGIN { FS = "\t" }
function med(s,   v, n, i, j, x) {
	n = split(s, v, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && v[j - 1] + 0 > v[j] + 0; j--) { x = v[j]; v[j] = v[j - 1]; v[j - 1] = x }
	lo = v[1]; hi = v[n]
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
$6 == "result" {
	k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
	pts[k] = 1
	if ($5 == 0) s[k] = s[k] " " $7; else p[k] = p[k] " " $7
}
END {
	for (k in pts) {
		split(k, f, SUBSEP)
		ns = split(s[k], sv, " "); np = split(p[k], pv, " ")
		r = ""
		for (i = 1; i <= ns && i <= np; i++) r = r " " pv[i] / sv[i]
		rm = med(r); rlo = lo; rhi = hi
		print f[1], f[2], f[3], f[4], rlo, rm, rhi, med(s[k]) / 1e6, med(p[k]) / 1e6
	}
}
