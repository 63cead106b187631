#!/bin/sh
# plot.sh [TSV [DIR]] - draw the scaling plots from the scale benchmark's
# rounds (tests/bench/run.sh scale; default docs/plots/scale.tsv into
# docs/plots): one SVG per path, scale-PATH.svg, with three panels:
# pcdrop/stock per round against the size on the instruction clock and on
# the wall clock (median, and the min/max band), and the median time of
# stock and pcdrop on the instruction clock.  One line per kernel.  Needs
# gnuplot (Debian: gnuplot-nox).  "make plots" runs it.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
tsv=${1:-$top/docs/plots/scale.tsv}
dir=${2:-$top/docs/plots}
[ -f "$tsv" ] || { echo "plot.sh: no $tsv (tests/bench/run.sh scale writes it)" >&2; exit 1; }
command -v gnuplot > /dev/null || { echo "plot.sh: needs gnuplot (apt-get install gnuplot-nox)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Per kernel, clock, path and size: the rounds' ratios (the i-th pcdrop
# round over the i-th stock round) and both settings' times, as
# "MIB RATIO_MIN RATIO_MED RATIO_MAX STOCK_MS PCDROP_MS" in
# $tmp/PATH.CLOCK.SERIES, sorted by size.  SERIES: the kernel's X.Y.
awk -F'\t' -v t="$tmp" '
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
		split(f[1], d, /[.+-]/)
		series = d[1] "." d[2]
		print f[4], rlo, rm, rhi, med(s[k]) / 1e6, med(p[k]) / 1e6 > (t "/" f[3] "." f[2] "." series)
	}
}' "$tsv"
for f in "$tmp"/*.*.*; do
	sort -n -o "$f" "$f"
done

title() {
	case $1 in
	shmem-4k) echo "tmpfs truncation, 4 KiB folios (shmem\\\\_batch)" ;;
	shmem-pmd) echo "tmpfs truncation, PMD folios (shmem\\\\_batch)" ;;
	dontneed) echo "DONTNEED of a clean ext4 file, one call (evict\\\\_batch)" ;;
	drop_caches) echo "drop\\\\_caches of a clean ext4 file (evict\\\\_batch)" ;;
	swap) echo "truncation of a tmpfs file in zram swap (swap\\\\_batch)" ;;
	*) echo "$1" ;;
	esac
}

# plots PATH CLOCK ratio|time: the plot command's clauses for each kernel
# (those of "ratio" each end in ", ").
plots() {
	_sep=""
	for _f in "$tmp/$1.$2".*; do
		[ -f "$_f" ] || continue
		_k=${_f##*."$2".}
		# The same colour for a kernel in every panel.
		case $_k in
		6.1) _i=1 ;;
		6.12) _i=2 ;;
		7.3) _i=3 ;;
		*) _i=4 ;;
		esac
		case $3 in
		ratio)
			printf '%s"%s" using 1:2:4 with filledcurves fs transparent solid 0.15 lc %d notitle, ' \
				"$_sep" "$_f" "$_i"
			printf '"%s" using 1:3 with linespoints lc %d pt 7 title "%s", ' "$_f" "$_i" "$_k" ;;
		time)
			printf '%s"%s" using 1:5 with linespoints lc %d dt 2 pt 6 title "%s stock", ' \
				"$_sep" "$_f" "$_i" "$_k"
			printf '"%s" using 1:6 with linespoints lc %d pt 7 title "%s pcdrop"' "$_f" "$_i" "$_k" ;;
		esac
		[ "$3" = ratio ] || _sep=", "
	done
}

mkdir -p "$dir"
for path in $(cut -f3 "$tsv" | sort -u); do
	{
		echo "set terminal svg size 1500,460 dynamic font 'sans,12'"
		echo "set output '$dir/scale-$path.svg'"
		echo "set multiplot layout 1,3 title '$(title "$path")'"
		echo "set logscale x 2; set xlabel 'file size (MiB)'; set grid; set key top left"
		echo "set ylabel 'pcdrop / stock'; set yrange [0:*]"
		echo "set title 'instruction clock (median, min-max)'"
		for clock in icount wall; do
			if [ $clock = icount ]; then
				echo "set title 'instruction clock (median, min-max)'"
			else
				echo "set title 'wall clock, TCG (median, min-max)'"
			fi
			r=$(plots "$path" $clock ratio)
			echo "plot ${r}1 with lines lc 'black' dt 3 ${r:+no}title 'not measured'"
		done
		echo "set logscale y 10; set yrange [*:*]; set ylabel 'ms (median)'"
		echo "set title 'time, instruction clock'"
		t=$(plots "$path" icount time)
		echo "plot ${t:-1 with lines lc 'black' dt 3 title 'not measured'}"
		echo "unset multiplot"
	} > "$tmp/$path.gp"
	gnuplot "$tmp/$path.gp"
	echo "plot.sh: $dir/scale-$path.svg"
done
