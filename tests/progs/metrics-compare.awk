# metrics-compare.awk LO HI METRICS - each series of LO and HI (the model
# of metrics-expect.awk, from dumps taken before and after METRICS was)
# is in METRICS with a value from LO's to HI's; and METRICS has no other
# series of those families.  Prints one line per difference; exits 1 if any.
FILENAME == ARGV[1] { lo[$1] = $2; next }
FILENAME == ARGV[2] { hi[$1] = $2; next }
/^#/ { next }
{
	fam = $1
	sub(/\{.*/, "", fam)
	got[$1] = $2
	seen[fam] = 1
}
END {
	bad = 0
	for (k in lo) {
		fam = k
		sub(/\{.*/, "", fam)
		want[fam] = 1
		if (!(k in got)) {
			print "missing: " k " (dump: " lo[k] ")"
			bad++
		} else if (got[k] + 0 < lo[k] - 1e-9 || got[k] + 0 > hi[k] + 1e-9) {
			print "differs: " k " " got[k] " (dump: " lo[k] " to " hi[k] ")"
			bad++
		}
	}
	for (k in got) {
		fam = k
		sub(/\{.*/, "", fam)
		if (want[fam] && !(k in lo)) {
			print "not in the dump: " k " " got[k]
			bad++
		}
	}
	exit bad != 0
}
