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

# Per kernel, clock, path and size (scale-points.awk): "MIB RATIO_MIN
# RATIO_MED RATIO_MAX STOCK_MS PCDROP_MS" in $tmp/PATH.CLOCK.SERIES,
# sorted by size.  SERIES: the kernel's X.Y.
awk -f "$top/tests/bench/scale-points.awk" "$tsv" | while read -r k c path rest; do
	series=$(echo "$k" | awk -F'[.+-]' '{ print $1 "." $2 }')
	echo "$rest" >> "$tmp/$path.$c.$series"
done
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
