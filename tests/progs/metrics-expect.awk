# metrics-expect.awk - from a flattened "pcdrop-stat dump --json"
# (jsonflat.awk), the Prometheus series "pcdrop-stat metrics" must print
# for its counters, as "SERIES VALUE" lines: the independent model of
# docs/metrics.md that suite 35 checks the metrics against.  Lock counts
# are the derived ones (pcdrop-stat start without --locks).
function label(enumname) {
	sub(/^PCDROP_(OP|FS|CALLER)_/, "", enumname)
	return tolower(enumname)
}
{ split($1, p, ".") }
p[3] == "key" && (p[1] == "ops" || p[1] == "hist" || p[1] == "derived_locks") {
	if (p[4] == "op") op[p[1], p[2]] = label($2)
	if (p[4] == "fs") fs[p[1], p[2]] = label($2)
}
p[1] == "ops" && p[3] == "value" { ops[p[2], p[4]] = $2; nops = p[2] + 1 }
p[1] == "derived_locks" && p[3] == "value" { dl[p[2], p[4]] = $2; ndl = p[2] + 1 }
p[1] == "hist" && p[3] == "value" { hist[p[2], p[5]] = $2; nhist = p[2] + 1 }
p[1] == "drains" && p[4] == "caller" { caller[p[2]] = label($2) }
p[1] == "drains" && p[4] == "count" { drains[p[2]] = $2; ndrains = p[2] + 1 }
p[1] == "health" && p[3] == "value" { print "pcdrop_stat_events_total{event=\"" p[4] "\"} " $2 }
END {
	for (i = 0; i < nops; i++) {
		l = "op=\"" op["ops", i] "\",fs=\"" fs["ops", i] "\""
		print "pcdrop_operations_total{" l "} " ops[i, "calls"]
		print "pcdrop_folios_removed_total{" l ",how=\"single\"} " ops[i, "removed_single"]
		print "pcdrop_folios_removed_total{" l ",how=\"batched\"} " ops[i, "batched_folios"]
		print "pcdrop_removal_batches_total{" l "} " ops[i, "batches"]
		print "pcdrop_value_entries_removed_total{" l ",how=\"single\"} " ops[i, "values_single"]
		print "pcdrop_value_entries_removed_total{" l ",how=\"walked\"} " ops[i, "values_walked"]
		sum[op["ops", i], fs["ops", i]] = ops[i, "time_ns"]
	}
	for (i = 0; i < ndl; i++) {
		l = "op=\"" op["derived_locks", i] "\",fs=\"" fs["derived_locks", i] "\""
		print "pcdrop_lock_round_trips_total{" l ",lock=\"i_lock\"} " dl[i, "i_lock"]
		print "pcdrop_lock_round_trips_total{" l ",lock=\"i_pages\"} " dl[i, "xa_lock"]
	}
	# Slot s of log2_ns holds [2^s, 2^(s+1)) ns; bucket le = 2^b ns
	# (b = 10, 12, ... 30) holds slots 0 .. b-1.
	for (i = 0; i < nhist; i++) {
		h = "pcdrop_operation_duration_seconds"
		l = "op=\"" op["hist", i] "\",fs=\"" fs["hist", i] "\""
		cum = 0
		s = 0
		for (b = 10; b <= 30; b += 2) {
			for (; s < b; s++)
				cum += hist[i, s]
			printf "%s_bucket{%s,le=\"%.9g\"} %d\n", h, l, 2 ^ b / 1e9, cum
		}
		for (; s < 32; s++)
			cum += hist[i, s]
		printf "%s_bucket{%s,le=\"+Inf\"} %d\n", h, l, cum
		printf "%s_count{%s} %d\n", h, l, cum
		printf "%s_sum{%s} %.9f\n", h, l, sum[op["hist", i], fs["hist", i]] / 1e9
	}
	for (i = 0; i < ndrains; i++)
		print "pcdrop_lru_add_drain_all_calls_total{caller=\"" caller[i] "\"} " drains[i]
}
