# drift-normalise.awk - the normalised disassembly of kernel functions
# (scripts/drift.sh).
#
# Usage: awk -f drift-normalise.awk MAP LISTING
#   MAP      "ADDRESS TYPE NAME" per symbol, in address order (kallsyms-map)
#   LISTING  for each function, a line "@@ NAME START END" (hex addresses
#            without 0x) followed by objdump -d --no-show-raw-insn of
#            [START, END)
#
# Prints per function a line "<NAME>:" and its instructions, with every
# thing that depends on where the linker put the code or the data replaced:
# no instruction addresses; a branch inside the function goes to a label
# (L1, L2, ... in address order, printed before the instruction it names);
# any other kernel address (branch or call target, RIP-relative or absolute
# operand, the address objdump adds as a comment) becomes SYMBOL or
# SYMBOL+0xOFFSET (inside a function) from the map.  An address inside
# data that is not a symbol's own is only "DATA": what lies around it is
# layout, and what it holds is not code.  Alignment padding after the last
# instruction (int3, nop) is dropped.  The result is what the fingerprint
# hashes, and what a failing check shows the diff of.

function hexval(h,    i, v) {
	v = 0
	h = tolower(h)
	sub(/^0x/, "", h)
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}

# The map entry at or below ADDRESS (16 hex digits: string order is numeric).
function lookup(a,    lo, hi, mid) {
	lo = 1
	hi = nsyms
	if (nsyms == 0 || a < addr[1])
		return 0
	while (lo < hi) {
		mid = int((lo + hi + 1) / 2)
		if (addr[mid] <= a)
			lo = mid
		else
			hi = mid - 1
	}
	return lo
}

# A kernel address (16 hex digits) as a name.
function resolve(a,    i, off) {
	if (a >= fstart && a < fend)
		return "L" label[a]
	i = lookup(a)
	if (!i)
		return "0x" a
	if (addr[i] == a)
		return name[i]
	# Inside a function: the function and the offset.  Inside data, the
	# symbol below may not be the object's (kallsyms has no sizes, and
	# unnamed objects such as UBSAN's descriptors and strings lie between
	# named ones), so only "DATA".
	off = hexval(substr(a, 9)) - hexval(substr(addr[i], 9))
	if (type[i] !~ /^[tTwW]$/ || off < 0 || off >= 65536)
		return "DATA"
	return sprintf("%s+0x%x", name[i], off)
}

# -0x7d9fe000 as a sign-extended 32-bit displacement: the kernel address.
function negaddr(d,    v) {
	v = 4294967296 - hexval(d)
	return sprintf("ffffffff%08x", v)
}

function pad16(a) {
	a = sprintf("%16s", a)
	gsub(/ /, "0", a)
	return a
}

function flush(    i, n) {
	if (!fname)
		return
	finish()
	# Alignment padding after the function.
	for (n = ninsn; n > 0 && insn[n] ~ /^(int3|nop[lw]?( .*)?|cs nopw.*|xchg +%ax,%ax|data16.*)$/; n--)
		;
	print "<" fname ">:"
	for (i = 1; i <= n; i++) {
		if (iaddr[i] in label)
			print "L" label[iaddr[i]] ":"
		print "\t" insn[i]
	}
	fname = ""
}

FNR == NR {
	nsyms++
	addr[nsyms] = $1
	type[nsyms] = $2
	name[nsyms] = $3
	if (kbase == "" && $2 ~ /^[tT]$/)
		kbase = $1
	next
}

$1 == "@@" {
	flush()
	fname = $2
	fstart = $3
	fend = $4
	ninsn = 0
	nlabels = 0
	split("", label)
	next
}

# "ffffffff812aaad5:\tpush   %r15"
/^ *[0-9a-f]+:\t/ {
	a = $1
	sub(/:$/, "", a)
	a = pad16(a)
	line = $0
	sub(/^[^\t]*\t/, "", line)
	if (line == "(bad)" || line == "")
		next
	ninsn++
	iaddr[ninsn] = a
	insn[ninsn] = line
}

END {
	flush()
}

# Labels need every instruction's address: done when the function's
# instructions are all read.
function finish(    i, l, t, rest, out, c, m) {
	nl = 0
	for (i = 1; i <= ninsn; i++) {
		l = insn[i]
		if (match(l, /^j[a-z]* +0xffffffff[0-9a-f]+$|^call +0xffffffff[0-9a-f]+$/)) {
			t = l
			sub(/.*0x/, "", t)
			if (t >= fstart && t < fend && !(t in label))
				label[t] = ++nl
		}
	}
	# Number labels in address order.
	nl = 0
	for (i = 1; i <= ninsn; i++)
		if (iaddr[i] in label)
			label[iaddr[i]] = ++nl
	for (i = 1; i <= ninsn; i++) {
		l = insn[i]
		# objdump's comment: the address a RIP-relative operand means.
		c = ""
		if (match(l, /# 0x[0-9a-f]+/)) {
			c = substr(l, RSTART + 4, RLENGTH - 4)
			l = substr(l, 1, RSTART - 1)
			sub(/[ \t]+$/, "", l)
			sub(/-?0x[0-9a-f]+\(%rip\)/, resolve(pad16(c)) "(%rip)", l)
		}
		out = ""
		rest = l
		# Kernel addresses: 0xffffffff........, and displacements that
		# are sign-extended ones (-0x7.......).
		while (match(rest, /0xffffffff[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]|-0x7[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\(/)) {
			m = substr(rest, RSTART, RLENGTH)
			out = out substr(rest, 1, RSTART - 1)
			rest = substr(rest, RSTART + RLENGTH)
			if (m ~ /\($/)
				out = out resolve(negaddr(substr(m, 2, 10))) "("
			else if (substr(m, 3) < kbase || substr(m, 3) > addr[nsyms])
				# A constant (-1) outside the kernel's image.
				out = out m
			else
				out = out resolve(substr(m, 3))
		}
		l = out rest
		gsub(/[ \t]+/, " ", l)
		insn[i] = l
	}
}
