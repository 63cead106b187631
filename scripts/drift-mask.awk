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
# Masked: every instruction the running kernel may rewrite or whose bytes
# depend on the link layout: NOPs and ENDBR (ftrace sites, alternatives,
# jump labels, IBT sealing), calls, jumps and returns (static calls, return
# thunks, retpolines, livepatch and BPF trampolines at the ftrace site),
# INT3 padding, lock prefixes (rewritten on a one-CPU boot), per-CPU
# accesses (%gs), RIP-relative operands and absolute kernel addresses
# (KASLR relocates them: 0xffffffff8... to 0xffffffffb..., printed as
# such or as a negative 32-bit displacement).
BEGIN { FS = "\t"; size = 0; n = 0 }

# "ffffffff812aaad0:\t65 48 8b ...\tmov    %gs:0x28,%rax"
/^ *[0-9a-f]+:\t/ {
	addr = $1
	sub(/^ */, "", addr)
	sub(/:$/, "", addr)
	nb = split($2, b, " ")
	if (size == 0)
		first = addr
	insn = $3
	for (i = 1; i <= nb; i++)
		hex = hex b[i]
	masked = insn ~ /^(nop|xchg +%ax,%ax|cs |ds |data16|int3|endbr|call|jmp|j[a-z]+ |ret|bnd|notrack|lock|rex)/ ||
		 insn ~ /%gs:|\(%rip\)|<|0xffffffff[89ab][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]|-0x[4-7][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][^0-9a-f]/
	if (masked) {
		if (n > 0 && moff[n] + mlen[n] == size)
			mlen[n] += nb
		else {
			moff[++n] = size
			mlen[n] = nb
		}
	}
	size += nb
}

END {
	print "size", size
	for (i = 1; i <= n; i++)
		print "mask", moff[i], mlen[i]
	print "bytes", hex
}
