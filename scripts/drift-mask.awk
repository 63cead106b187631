# drift-mask.awk - what the load-time fingerprint (module/drift_fp.h) of one
# kernel function leaves out, from the function's disassembly:
#   objdump -d --insn-width=16 --start-address=S --stop-address=E VMLINUX
# S is the function's symbol, E the next symbol's (its kallsyms size, which
# the module reads with sprint_symbol()).
#
# Prints "size N", then "mask OFF LEN" per masked range (merged, in order),
# then "bytes HEX" with every byte of the function; scripts/drift-fp.c
# hashes them.
#
# Masked: only the bytes the running kernel may rewrite or that depend on
# the link layout, so that a change of the function's own logic (a
# condition, an operand, an atomic) changes the hash:
# - whole instructions: NOPs and ENDBR (ftrace sites, alternatives, jump
#   labels, IBT sealing), calls, unconditional jumps and returns (static
#   calls, jump labels, return thunks, retpolines), INT3 padding, per-CPU
#   accesses (%gs), a conditional jump out of the function (the kernel
#   rewrites one to the return thunk), and anything whose address bytes
#   are not found below;
# - in a conditional jump within the function: its displacement (the
#   opcode with its condition is kept);
# - a lock prefix (rewritten on a one-CPU boot), not the instruction;
# - the displacement of a RIP-relative operand (not its opcode or ModRM),
#   and an absolute kernel address (KASLR relocates it: 0xffffffff8... to
#   0xffffffffb..., printed as such or as a negative 32-bit displacement)
#   as an immediate or displacement.
BEGIN { FS = "\t"; n = 0; ni = 0 }

# "ffffffff812aaad0:\t65 48 8b ...\tmov    %gs:0x28,%rax"
/^ *[0-9a-f]+:\t/ {
	a = $1
	sub(/^ */, "", a)
	sub(/:$/, "", a)
	ni++
	addr[ni] = a
	nbytes[ni] = split($2, tmpb, " ")
	for (i = 1; i <= nbytes[ni]; i++)
		byte[ni, i] = tmpb[i]
	insn[ni] = $3
}

function hexval(h,   v, i, c) {
	v = 0
	h = tolower(h)
	sub(/^0x/, "", h)
	for (i = 1; i <= length(h); i++) {
		c = index("0123456789abcdef", substr(h, i, 1)) - 1
		v = v * 16 + c
	}
	return v
}

# The little-endian bytes (hex, no spaces) of a 32-bit value "0x..." or
# "-0x...", two's complement.
function le32(s,   neg, v, h) {
	neg = s ~ /^-/
	sub(/^-/, "", s)
	v = hexval(s)
	if (neg)
		v = 4294967296 - v
	h = sprintf("%08x", v)
	return substr(h, 7, 2) substr(h, 5, 2) substr(h, 3, 2) substr(h, 1, 2)
}

# The little-endian bytes of the last 8 or 16 hex digits of "0x...".
function le_digits(s, digits,   h, out, i) {
	sub(/^\$?0x/, "", s)
	h = substr(s, length(s) - digits + 1)
	out = ""
	for (i = digits - 1; i >= 1; i -= 2)
		out = out substr(h, i, 2)
	return out
}

# Mark bytes FROM..TO (1-based) of instruction K masked.
function maskb(k, from, to,   i) {
	for (i = from; i <= to; i++)
		m[k, i] = 1
}

# Mask the bytes PAT (hex, no spaces) of instruction K, found past its
# first byte; 0 if they are not there.
function maskpat(k, pat,   len, i, j, s) {
	len = length(pat) / 2
	for (i = 2; i + len - 1 <= nbytes[k]; i++) {
		s = ""
		for (j = 0; j < len; j++)
			s = s byte[k, i + j]
		if (s == pat) {
			maskb(k, i, i + len - 1)
			return 1
		}
	}
	return 0
}

# Mask what instruction K has of layout-dependent operands; 0 if some
# could not be found in its bytes.
function mask_operands(k, t,   s, v, ok) {
	ok = 1
	s = t
	while (match(s, /-?0x[0-9a-f]+\(%rip\)/)) {
		v = substr(s, RSTART, RLENGTH - 6)
		ok = ok && maskpat(k, le32(v))
		s = substr(s, RSTART + RLENGTH)
	}
	s = t
	while (match(s, /\$0xffffffff[89ab][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/)) {
		v = substr(s, RSTART, RLENGTH)
		if (t ~ /^movabs/)
			ok = ok && maskpat(k, le_digits(v, 16))
		else
			ok = ok && maskpat(k, le_digits(v, 8))
		s = substr(s, RSTART + RLENGTH)
	}
	s = t
	while (match(s, /-0x[4-7][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]\(/)) {
		v = substr(s, RSTART, RLENGTH - 1)
		ok = ok && maskpat(k, le32(v))
		s = substr(s, RSTART + RLENGTH)
	}
	# An address in any other form: not decoded here.
	s = t
	gsub(/\$0xffffffff[89ab][0-9a-f]+/, "", s)
	if (s ~ /0xffffffff[89ab][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]/)
		ok = 0
	return ok
}

END {
	size = 0
	for (k = 1; k <= ni; k++)
		size += nbytes[k]
	# Addresses as 16 hex digits, compared as strings (awk's numbers
	# cannot hold them); a function does not cross a 4 GiB boundary.
	first = addr[1]
	last = substr(first, 1, 8) sprintf("%08x", hexval(substr(first, 9)) + size)
	for (k = 1; k <= ni; k++) {
		t = insn[k]
		nb = nbytes[k]
		if (t ~ /^(nop|xchg +%ax,%ax|cs |ds |data16|int3|endbr|call|jmp|ret|bnd|notrack|rex)/ ||
		    t ~ /%gs:/) {
			maskb(k, 1, nb)
			continue
		}
		if (t ~ /^j[a-z]+ /) {
			target = t
			sub(/^j[a-z]+ +0x/, "", target)
			sub(/[^0-9a-f].*$/, "", target)
			if (length(target) != 16 || target < first || target >= last)
				maskb(k, 1, nb)
			else if (byte[k, 1] == "0f")
				maskb(k, 3, nb)
			else
				maskb(k, 2, nb)
			continue
		}
		if (t ~ /^lock /)
			maskb(k, 1, 1)
		if (!mask_operands(k, t))
			maskb(k, 1, nb)
	}
	nm = 0
	off = 0
	hex = ""
	for (k = 1; k <= ni; k++) {
		for (i = 1; i <= nbytes[k]; i++) {
			hex = hex byte[k, i]
			if ((k, i) in m) {
				if (nm > 0 && moff[nm] + mlen[nm] == off)
					mlen[nm]++
				else {
					moff[++nm] = off
					mlen[nm] = 1
				}
			}
			off++
		}
	}
	print "size", size
	for (i = 1; i <= nm; i++)
		print "mask", moff[i], mlen[i]
	print "bytes", hex
}
