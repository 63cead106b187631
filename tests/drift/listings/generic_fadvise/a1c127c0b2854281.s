<generic_fadvise>:
	endbr64
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	sub $0x40,%rsp
	mov %gs:__stack_chk_guard(%rip),%r15
	mov %r15,0x38(%rsp)
	mov 0x20(%rdi),%r15
	movzwl (%r15),%eax
	and $0xf000,%ax
	cmp $0x1000,%ax
	je L14
	mov %rdx,%rax
	mov 0x10(%rdi),%r14
	mov %rdi,%rbx
	mov %rsi,%r13
	or %rsi,%rax
	mov %rdx,%rbp
	js L5
	test %r14,%r14
	je L5
	mov (%r14),%rdi
	mov %ecx,%r12d
	call inode_to_bdi
	testb $0x20,0x5(%r15)
	jne L4
	cmp $noop_backing_dev_info,%rax
	je L4
	lea 0x0(%rbp,%r13,1),%rdx
	test %rbp,%rbp
	je L6
	cmp %rdx,%rbp
	jg L6
	lea -0x1(%rdx),%rbp
	cmp $0x3,%r12d
	je L13
L1:
	cmp $0x3,%r12d
	jg L8
	cmp $0x1,%r12d
	je L12
	cmp $0x2,%r12d
	je L11
	test %r12d,%r12d
	jne L5
	mov 0x30(%rax),%rax
	mov %rbx,%rdi
	mov %eax,0x98(%rbx)
	call _raw_spin_lock
	andl $0xff7fefff,0x4(%rbx)
	mov %rbx,%rdi
	call _raw_spin_unlock
L2:
	xor %eax,%eax
L3:
	mov 0x38(%rsp),%rdx
	sub %gs:__stack_chk_guard(%rip),%rdx
	jne L15
	add $0x40,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L4:
	cmp $0x5,%r12d
	jbe L2
L5:
	mov $0xffffffea,%eax
	jmp L3
L6:
	movabs $0x7fffffffffffffff,%rbp
	cmp $0x3,%r12d
	jne L1
	movabs $0x8000000000000,%rsi
	sar $0xc,%r13
	sub %r13,%rsi
L7:
	mov %rbx,(%rsp)
	mov %rsp,%rdi
	add $0x88,%rbx
	mov %r14,0x8(%rsp)
	mov %rbx,0x10(%rsp)
	mov %r13,0x18(%rsp)
	movq $0x0,0x20(%rsp)
	movq $0x0,0x28(%rsp)
	movq $0x0,0x30(%rsp)
	call force_page_cache_ra
	jmp L2
L8:
	cmp $0x4,%r12d
	je L9
	cmp $0x5,%r12d
	jne L5
	mov %rbx,%rdi
	call _raw_spin_lock
	orl $0x800000,0x4(%rbx)
	mov %rbx,%rdi
	call _raw_spin_unlock
	jmp L2
L9:
	mov %rbp,%rdx
	mov %r13,%rsi
	mov %r14,%rdi
	mov %rbp,%r12
	call filemap_flush_range
	mov %rbp,%rax
	lea 0xfff(%r13),%rbx
	sar $0xc,%r12
	not %rax
	shr $0xc,%rbx
	test $0xfff,%eax
	je L10
	mov 0x50(%r15),%rax
	sub $0x1,%rax
	cmp %rbp,%rax
	je L10
	test %r12,%r12
	je L2
	sub $0x1,%r12
L10:
	cmp %rbx,%r12
	jb L2
	movq $0x0,(%rsp)
	call lru_add_drain
	mov %r12,%rdx
	mov %rbx,%rsi
	mov %r14,%rdi
	mov %rsp,%rcx
	call mapping_try_invalidate
	cmpq $0x0,(%rsp)
	je L2
	call lru_add_drain_all
	mov %r12,%rdx
	mov %rbx,%rsi
	mov %r14,%rdi
	call invalidate_mapping_pages
	jmp L2
L11:
	mov 0x30(%rax),%rax
	mov %rbx,%rdi
	add %eax,%eax
	mov %eax,0x98(%rbx)
	call _raw_spin_lock
	andl $0xffffefff,0x4(%rbx)
	mov %rbx,%rdi
	call _raw_spin_unlock
	jmp L2
L12:
	mov %rbx,%rdi
	call _raw_spin_lock
	orl $0x1000,0x4(%rbx)
	mov %rbx,%rdi
	call _raw_spin_unlock
	jmp L2
L13:
	mov %rbp,%rsi
	sar $0xc,%r13
	mov $0xffffffffffffffff,%rax
	sar $0xc,%rsi
	sub %r13,%rsi
	add $0x1,%rsi
	cmove %rax,%rsi
	jmp L7
L14:
	mov $0xffffffe3,%eax
	jmp L3
L15:
	call __stack_chk_fail
