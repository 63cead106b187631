# jsonflat.awk - print each scalar of a JSON document as "PATH VALUE",
# PATH being the object keys and array indices joined with dots:
#   {"ops":[{"key":{"op":"X"}}]}  ->  ops.0.key.op X
# Enough for bpftool's and pcdrop-stat's output: no escapes inside strings.
function path(	p, d) {
	p = ""
	for (d = 1; d <= depth; d++)
		p = p (d > 1 ? "." : "") key[d]
	return p
}
{ s = s $0 " " }
END {
	n = length(s)
	i = 1
	depth = 0
	while (i <= n) {
		c = substr(s, i, 1)
		if (c == "{") {
			depth++; type[depth] = "o"; key[depth] = ""; i++
		} else if (c == "[") {
			depth++; type[depth] = "a"; key[depth] = 0; i++
		} else if (c == "}" || c == "]") {
			depth--; i++
		} else if (c == ",") {
			if (type[depth] == "a")
				key[depth]++
			i++
		} else if (c == "\"") {
			j = index(substr(s, i + 1), "\"")
			str = substr(s, i + 1, j - 1)
			i += j + 1
			k = i
			while (substr(s, k, 1) == " " || substr(s, k, 1) == "\t")
				k++
			if (type[depth] == "o" && substr(s, k, 1) == ":") {
				key[depth] = str
				i = k + 1
			} else {
				print path() " " str
			}
		} else if (c ~ /[-0-9a-z]/) {
			match(substr(s, i), /^[-+.0-9a-zA-Z]+/)
			print path() " " substr(s, i, RLENGTH)
			i += RLENGTH
		} else {
			i++
		}
	}
}
