<generic_fadvise>:
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	sub $0x40,%rsp
	mov 0x20(%rdi),%r15
	mov %gs:0x28,%rax
	mov %rax,0x38(%rsp)
	xor %eax,%eax
	movzwl (%r15),%eax
	and $0xf000,%ax
	cmp $0x1000,%ax
	je L14
	mov 0xd8(%rdi),%r14
	mov %rdi,%rbx
	test %r14,%r14
	je L6
	mov %rdx,%r12
	test %rdx,%rdx
	js L6
	mov (%r14),%rdi
	mov %rsi,%r13
	mov %ecx,%ebp
	call inode_to_bdi
	testb $0x20,0xd(%r15)
	jne L5
	cmp $noop_backing_dev_info,%rax
	je L5
	lea (%r12,%r13,1),%rdx
	test %r12,%r12
	je L7
	cmp %rdx,%r12
	jg L7
	lea -0x1(%rdx),%r12
L1:
	cmp $0x3,%ebp
	je L13
	jg L9
	cmp $0x1,%ebp
	je L12
	cmp $0x2,%ebp
	jne L8
	mov 0x30(%rax),%rax
	add %eax,%eax
L2:
	mov %eax,0xa8(%rbx)
	lea 0x30(%rbx),%rbp
	mov %rbp,%rdi
	call _raw_spin_lock
	andl $0xffffefff,0x44(%rbx)
	mov %rbp,%rdi
	call _raw_spin_unlock
L3:
	xor %eax,%eax
L4:
	mov 0x38(%rsp),%rdx
	sub %gs:0x28,%rdx
	jne L15
	add $0x40,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L5:
	cmp $0x5,%ebp
	jbe L3
L6:
	mov $0xffffffea,%eax
	jmp L4
L7:
	mov $0xffffffffffffffff,%r12
	jmp L1
L8:
	test %ebp,%ebp
	jne L6
	mov 0x30(%rax),%rax
	jmp L2
L9:
	cmp $0x4,%ebp
	je L10
	cmp $0x5,%ebp
	je L3
	jmp L6
L10:
	mov %r13,%rsi
	xor %ecx,%ecx
	mov %r12,%rdx
	mov %r14,%rdi
	call __filemap_fdatawrite_range
	mov %r12,%rax
	add $0xfff,%r13
	mov %r12,%rbx
	shr $0xc,%r13
	and $0xfff,%eax
	sar $0xc,%rbx
	cmp $0xfff,%rax
	je L11
	mov 0x50(%r15),%rax
	sub $0x1,%rax
	cmp %r12,%rax
	je L11
	test %rbx,%rbx
	je L3
	sub $0x1,%rbx
L11:
	cmp %r13,%rbx
	jb L3
	movq $0x0,(%rsp)
	call lru_add_drain
	mov %rbx,%rdx
	mov %r13,%rsi
	mov %r14,%rdi
	mov %rsp,%rcx
	call invalidate_mapping_pagevec
	cmpq $0x0,(%rsp)
	je L3
	call lru_add_drain_all
	mov %rbx,%rdx
	mov %r13,%rsi
	mov %r14,%rdi
	call invalidate_mapping_pages
	jmp L3
L12:
	lea 0x30(%rbx),%rbp
	mov %rbp,%rdi
	call _raw_spin_lock
	orl $0x1000,0x44(%rbx)
	mov %rbp,%rdi
	call _raw_spin_unlock
	jmp L3
L13:
	mov %r12,%rsi
	sar $0xc,%r13
	mov %rbx,(%rsp)
	mov %rsp,%rdi
	sar $0xc,%rsi
	mov $0xffffffffffffffff,%rax
	mov %r14,0x8(%rsp)
	sub %r13,%rsi
	mov %r13,0x18(%rsp)
	movq $0x0,0x20(%rsp)
	add $0x1,%rsi
	movq $0x0,0x28(%rsp)
	cmove %rax,%rsi
	add $0x98,%rbx
	mov %rbx,0x10(%rsp)
	movq $0x0,0x30(%rsp)
	call force_page_cache_ra
	jmp L3
L14:
	mov $0xffffffe3,%eax
	jmp L4
L15:
	call __stack_chk_fail
