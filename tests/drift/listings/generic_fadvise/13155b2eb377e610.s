<generic_fadvise>:
	endbr64
	call __fentry__
	sub $0x70,%rsp
	mov %r12,0x50(%rsp)
	mov %gs:__stack_chk_guard(%rip),%r12
	mov %r12,0x38(%rsp)
	mov 0x20(%rdi),%r12
	movzwl (%r12),%eax
	and $0xf000,%ax
	cmp $0x1000,%ax
	je L17
	mov %rdx,%rax
	mov %rbx,0x40(%rsp)
	mov %rdi,%rbx
	or %rsi,%rax
	mov %r13,0x58(%rsp)
	mov %rdx,%r13
	mov %r15,0x68(%rsp)
	mov %rsi,%r15
	mov %rbp,0x48(%rsp)
	mov 0x10(%rdi),%rbp
	js L11
	test %rbp,%rbp
	je L11
	mov %r14,0x60(%rsp)
	mov 0x0(%rbp),%rdi
	mov %ecx,%r14d
	call inode_to_bdi
	testb $0x20,0x5(%r12)
	jne L4
	cmp $noop_backing_dev_info,%rax
	je L4
	lea 0x0(%r13,%r15,1),%rdx
	test %r13,%r13
	je L7
	cmp %rdx,%r13
	jg L7
	lea -0x1(%rdx),%r13
	cmp $0x3,%r14d
	je L16
L1:
	cmp $0x3,%r14d
	jg L9
	cmp $0x1,%r14d
	je L15
	cmp $0x2,%r14d
	je L12
	test %r14d,%r14d
	jne L10
	mov 0x30(%rax),%rax
	mov %rbx,%rdi
	mov %eax,0x98(%rbx)
	call _raw_spin_lock
	andl $0xff7fefff,0x4(%rbx)
L2:
	mov %rbx,%rdi
	call _raw_spin_unlock
L3:
	xor %eax,%eax
	jmp L5
L4:
	cmp $0x6,%r14d
	sbb %eax,%eax
	not %eax
	and $0xffffffea,%eax
L5:
	mov 0x40(%rsp),%rbx
	mov 0x48(%rsp),%rbp
	mov 0x58(%rsp),%r13
	mov 0x60(%rsp),%r14
	mov 0x68(%rsp),%r15
L6:
	mov 0x38(%rsp),%rdx
	sub %gs:__stack_chk_guard(%rip),%rdx
	jne L18
	mov 0x50(%rsp),%r12
	add $0x70,%rsp
	jmp __x86_return_thunk
L7:
	movabs $0x7fffffffffffffff,%r13
	cmp $0x3,%r14d
	jne L1
	movabs $0x8000000000000,%rsi
	sar $0xc,%r15
	sub %r15,%rsi
L8:
	mov %rbx,(%rsp)
	mov %rsp,%rdi
	add $0x88,%rbx
	movq $0x0,0x20(%rsp)
	movq $0x0,0x28(%rsp)
	movq $0x0,0x30(%rsp)
	mov %rbp,0x8(%rsp)
	mov %rbx,0x10(%rsp)
	mov %r15,0x18(%rsp)
	call force_page_cache_ra
	xor %eax,%eax
	jmp L5
L9:
	cmp $0x4,%r14d
	je L13
	cmp $0x5,%r14d
	jne L10
	mov %rbx,%rdi
	call _raw_spin_lock
	orl $0x800000,0x4(%rbx)
	mov %rbx,%rdi
	call _raw_spin_unlock
	xor %eax,%eax
	jmp L5
L10:
	mov 0x60(%rsp),%r14
L11:
	mov 0x40(%rsp),%rbx
	mov 0x48(%rsp),%rbp
	mov $0xffffffea,%eax
	mov 0x58(%rsp),%r13
	mov 0x68(%rsp),%r15
	jmp L6
L12:
	mov 0x30(%rax),%rax
	mov %rbx,%rdi
	add %eax,%eax
	mov %eax,0x98(%rbx)
	call _raw_spin_lock
	andl $0xffffefff,0x4(%rbx)
	mov %rbx,%rdi
	call _raw_spin_unlock
	xor %eax,%eax
	jmp L5
L13:
	mov %r13,%rdx
	mov %r15,%rsi
	mov %rbp,%rdi
	mov %r13,%rbx
	call filemap_flush_range
	mov %r13,%rax
	sar $0xc,%rbx
	not %rax
	test $0xfff,%eax
	je L14
	mov 0x50(%r12),%rax
	sub $0x1,%rax
	cmp %r13,%rax
	je L14
	test %rbx,%rbx
	je L3
	sub $0x1,%rbx
L14:
	add $0xfff,%r15
	shr $0xc,%r15
	cmp %r15,%rbx
	jb L3
	movq $0x0,(%rsp)
	call lru_add_drain
	mov %rbx,%rdx
	mov %r15,%rsi
	mov %rbp,%rdi
	mov %rsp,%rcx
	call mapping_try_invalidate
	cmpq $0x0,(%rsp)
	je L3
	call lru_add_drain_all
	mov %rbx,%rdx
	mov %r15,%rsi
	mov %rbp,%rdi
	call invalidate_mapping_pages
	xor %eax,%eax
	jmp L5
L15:
	mov %rbx,%rdi
	call _raw_spin_lock
	orl $0x1000,0x4(%rbx)
	jmp L2
L16:
	mov %r13,%rsi
	sar $0xc,%r15
	mov $0xffffffffffffffff,%rax
	sar $0xc,%rsi
	sub %r15,%rsi
	add $0x1,%rsi
	cmove %rax,%rsi
	jmp L8
L17:
	mov $0xffffffe3,%eax
	jmp L6
L18:
	mov %rbx,0x40(%rsp)
	mov %rbp,0x48(%rsp)
	mov %r13,0x58(%rsp)
	mov %r14,0x60(%rsp)
	mov %r15,0x68(%rsp)
	call __stack_chk_fail
