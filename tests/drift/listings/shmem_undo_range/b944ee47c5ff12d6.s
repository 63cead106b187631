<shmem_undo_range>:
	call __fentry__
	push %r15
	mov %rsi,%r10
	push %r14
	push %r13
	mov %ecx,%r13d
	push %r12
	push %rbp
	push %rbx
	mov %rdi,%rbx
	sub $0x160,%rsp
	mov %rdi,0x40(%rsp)
	lea 0xd8(%rsp),%rbp
	lea 0x60(%rsp),%r12
	mov %rsi,0x48(%rsp)
	mov %ecx,%esi
	mov $0x10,%ecx
	mov %rdx,0x38(%rsp)
	mov %gs:0x28,%rax
	mov %rax,0x158(%rsp)
	mov 0x30(%rdi),%rax
	mov %rbp,%rdi
	mov %rax,(%rsp)
	lea 0xfff(%r10),%rax
	shr $0xc,%rax
	mov %rax,0x30(%rsp)
	xor %eax,%eax
	rep stos %rax,%es:(%rdi)
	mov $0xf,%ecx
	mov %r12,%rdi
	rep stos %rax,%es:(%rdi)
	mov -0x70(%rbx),%rax
	cmp $0xffffffffffffffff,%rdx
	je L42
	mov 0x38(%rsp),%rcx
	lea 0x1(%rcx),%rdx
	sar $0xc,%rdx
	mov %rdx,0x20(%rsp)
	cmp %rax,%rdx
	jb L1
	cmp %rax,0x30(%rsp)
	jb L47
L1:
	xor %edi,%edi
	mov 0x20(%rsp),%rax
	mov %di,0xd8(%rsp)
	cmp %rax,0x30(%rsp)
	jae L52
	sub $0x1,%rax
	mov %rax,0x28(%rsp)
L2:
	mov (%rsp),%rax
	mov 0x30(%rsp),%rbx
	mov %esi,0x54(%rsp)
	movq $0x0,0x18(%rsp)
	add $0x8,%rax
	mov %rax,0x8(%rsp)
L3:
	mov 0x28(%rsp),%rdx
	mov (%rsp),%rdi
	mov %r12,%r8
	mov %rbp,%rcx
	mov %rbx,%rsi
	call find_lock_entries
	test %eax,%eax
	je L13
	xor %r15d,%r15d
	cmpb $0x0,0xd8(%rsp)
	jne L6
	jmp L11
L4:
	test %r13b,%r13b
	je L10
L5:
	movzbl 0xd8(%rsp),%eax
	add $0x1,%r15
	cmp %eax,%r15d
	jae L11
L6:
	mov 0x8(%rbp,%r15,8),%r14
	mov (%r12,%r15,8),%rbx
	test $0x1,%r14b
	jne L4
	mov (%r14),%rax
	test $0x10000,%eax
	je L7
	mov 0x5c(%r14),%eax
	lea -0x1(%rbx,%rax,1),%rbx
L7:
	test %r13b,%r13b
	je L9
	mov (%r14),%rax
	test $0x4,%al
	je L9
L8:
	mov %r14,%rdi
	call folio_unlock
	jmp L5
L9:
	mov (%rsp),%rdi
	mov %r14,%rsi
	call truncate_inode_folio
	jmp L8
L10:
	mov 0x8(%rsp),%rdi
	call _raw_spin_lock_irq
	mov 0x8(%rsp),%rdi
	xor %r8d,%r8d
	xor %ecx,%ecx
	mov %r14,%rdx
	mov %rbx,%rsi
	call __xa_cmpxchg
	mov 0x8(%rsp),%rdi
	mov %rax,0x10(%rsp)
	call _raw_spin_unlock_irq
	mov 0x10(%rsp),%rax
	cmp %rax,%r14
	jne L5
	mov %r14,%rdi
	shr %rdi
	call free_swap_and_cache
	addq $0x1,0x18(%rsp)
	jmp L5
L11:
	mov %rbp,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0xd8(%rsp)
	jne L18
L12:
	call __SCT__cond_resched
	mov 0x20(%rsp),%rax
	add $0x1,%rbx
	cmp %rax,%rbx
	jb L3
L13:
	mov 0x54(%rsp),%esi
	test %sil,%sil
	je L19
L14:
	mov 0x20(%rsp),%rax
	lea -0x1(%rax),%rcx
	mov %rcx,0x8(%rsp)
	mov 0x30(%rsp),%rcx
	mov %rcx,%rbx
	cmp %rax,%rcx
	jae L16
L15:
	call __SCT__cond_resched
	mov 0x8(%rsp),%rdx
	mov %r12,%r8
	mov %rbp,%rcx
	mov (%rsp),%rdi
	mov %rbx,%rsi
	call find_get_entries
	test %eax,%eax
	jne L31
	cmp %rbx,0x30(%rsp)
	je L16
	cmpq $0xffffffffffffffff,0x20(%rsp)
	je L26
L16:
	mov 0x18(%rsp),%r15
L17:
	mov 0x40(%rsp),%r14
	lea -0x90(%r14),%rbx
	mov %rbx,%rdi
	call _raw_spin_lock_irq
	sub %r15,-0x78(%r14)
	mov %r14,%rdi
	call shmem_recalc_inode
	mov %rbx,%rdi
	call _raw_spin_unlock_irq
	mov 0x158(%rsp),%rax
	sub %gs:0x28,%rax
	jne L54
	add $0x160,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L18:
	mov %rbp,%rdi
	call __pagevec_release
	jmp L12
L19:
	mov 0x40(%rsp),%rax
	mov 0x30(%rax),%rdi
L20:
	mov 0x48(%rsp),%rbx
	mov 0x38(%rsp),%r15
	xor %ecx,%ecx
	mov $0x102,%edx
	sar $0xc,%rbx
	sar $0xc,%r15
	mov %rbx,%rsi
	call __filemap_get_folio
	mov %rax,%rdi
	test $0x1,%al
	je L21
	mov 0x40(%rsp),%rdi
	xor %ecx,%ecx
	mov %rbx,%rsi
	xor %r9d,%r9d
	movq $0x0,0x58(%rsp)
	mov 0x30(%rdi),%rax
	mov 0x40(%rax),%r8d
	push $0x0
	push $0x0
	lea 0x68(%rsp),%rdx
	call shmem_get_folio_gfp
	mov 0x68(%rsp),%rdi
	pop %rcx
	pop %rsi
L21:
	test %rdi,%rdi
	je L27
	mov 0x20(%rdi),%rbx
	mov (%rdi),%rdx
	mov $0x1000,%eax
	shl $0xc,%rbx
	test $0x10000,%edx
	je L22
	movzbl 0x51(%rdi),%ecx
	shl %cl,%rax
L22:
	mov %rdi,0x8(%rsp)
	add %rax,%rbx
	call folio_mark_dirty
	mov 0x8(%rsp),%rdi
	mov 0x38(%rsp),%rdx
	mov 0x48(%rsp),%rsi
	call truncate_inode_partial_folio
	mov 0x8(%rsp),%rdi
	test %al,%al
	jne L24
	mov (%rdi),%rcx
	mov 0x20(%rdi),%rax
	mov $0x1,%edx
	test $0x10000,%ecx
	je L23
	mov 0x5c(%rdi),%edx
L23:
	lea (%rax,%rdx,1),%rcx
	cmp %rbx,0x38(%rsp)
	cmovae 0x20(%rsp),%rax
	mov %rcx,0x30(%rsp)
	mov %rax,0x20(%rsp)
L24:
	mov %rdi,0x8(%rsp)
	call folio_unlock
	mov 0x8(%rsp),%rdi
	lock decl 0x34(%rdi)
	je L50
L25:
	cmp %rbx,0x38(%rsp)
	jb L14
	jmp L28
L26:
	mov 0x30(%rsp),%rbx
	jmp L15
L27:
	cmp %r15,%rbx
	je L14
L28:
	mov 0x40(%rsp),%r14
	xor %ecx,%ecx
	mov $0x102,%edx
	mov %r15,%rsi
	mov 0x30(%r14),%rdi
	call __filemap_get_folio
	mov %rax,%rbx
	test $0x1,%al
	jne L46
L29:
	test %rbx,%rbx
	je L14
	mov %rbx,%rdi
	call folio_mark_dirty
	mov 0x38(%rsp),%rdx
	mov 0x48(%rsp),%rsi
	mov %rbx,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L30
	mov 0x20(%rbx),%rax
	mov %rax,0x20(%rsp)
L30:
	mov %rbx,%rdi
	call folio_unlock
	lock decl 0x34(%rbx)
	jne L14
	mov %rbx,%rdi
	call __folio_put
	jmp L14
L31:
	mov (%rsp),%rax
	xor %r15d,%r15d
	add $0x8,%rax
	cmpb $0x0,0xd8(%rsp)
	mov %rax,0x10(%rsp)
	je L34
L32:
	mov 0x8(%rbp,%r15,8),%r14
	mov (%r12,%r15,8),%rbx
	test $0x1,%r14b
	je L37
	test %r13b,%r13b
	jne L33
	mov 0x10(%rsp),%rdi
	call _raw_spin_lock_irq
	mov 0x10(%rsp),%rdi
	xor %r8d,%r8d
	xor %ecx,%ecx
	mov %r14,%rdx
	mov %rbx,%rsi
	call __xa_cmpxchg
	mov 0x10(%rsp),%rdi
	mov %rax,0x28(%rsp)
	call _raw_spin_unlock_irq
	mov 0x28(%rsp),%rax
	cmp %rax,%r14
	jne L35
	mov %r14,%rdi
	shr %rdi
	call free_swap_and_cache
	addq $0x1,0x18(%rsp)
L33:
	movzbl 0xd8(%rsp),%eax
	add $0x1,%r15
	cmp %eax,%r15d
	jb L32
L34:
	add $0x1,%rbx
L35:
	mov %rbp,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0xd8(%rsp)
	jne L49
L36:
	mov 0x20(%rsp),%rax
	cmp %rax,%rbx
	jae L16
	jmp L15
L37:
	call __SCT__might_resched
	lock btsq $0x0,(%r14)
	jb L44
L38:
	test %r13b,%r13b
	je L41
	mov (%r14),%rax
	test $0x4,%al
	je L41
L39:
	mov (%r14),%rax
	mov 0x20(%r14),%rbx
	test $0x10000,%eax
	je L40
	mov 0x5c(%r14),%eax
	lea -0x1(%rbx,%rax,1),%rbx
L40:
	mov %r14,%rdi
	call folio_unlock
	jmp L33
L41:
	mov %r14,%rdi
	call folio_mapping
	cmp %rax,(%rsp)
	jne L53
	mov (%r14),%rax
	test $0x10000,%eax
	jne L45
	mov (%rsp),%rdi
	mov %r14,%rsi
	call truncate_inode_folio
	jmp L39
L42:
	cmp %rax,0x30(%rsp)
	jae L43
	test %sil,%sil
	jne L51
	mov 0x40(%rsp),%rax
	mov 0x30(%rsp),%rcx
	mov %rcx,-0x70(%rax)
L43:
	movq $0xfffffffffffffffe,0x28(%rsp)
	xor %r9d,%r9d
	mov %r9w,0xd8(%rsp)
	movq $0xffffffffffffffff,0x20(%rsp)
	jmp L2
L44:
	mov %r14,%rdi
	call __folio_lock
	jmp L38
L45:
	mov 0x38(%rsp),%rdx
	mov 0x48(%rsp),%rsi
	mov %r14,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	je L39
	mov (%r14),%rax
	test $0x10000,%eax
	jne L39
	mov %r14,%rdi
	call folio_unlock
	mov 0x30(%rsp),%rax
	lea 0x1(%rax),%rbx
	jmp L35
L46:
	mov 0x30(%r14),%rax
	mov %r14,%rdi
	xor %r9d,%r9d
	xor %ecx,%ecx
	movq $0x0,0x58(%rsp)
	mov %r15,%rsi
	mov 0x40(%rax),%r8d
	push $0x0
	push $0x0
	lea 0x68(%rsp),%rdx
	call shmem_get_folio_gfp
	mov 0x68(%rsp),%rbx
	pop %rax
	pop %rdx
	jmp L29
L47:
	test %sil,%sil
	jne L48
	mov 0x40(%rsp),%rax
	mov 0x30(%rsp),%rcx
	mov %rcx,-0x70(%rax)
L48:
	mov 0x20(%rsp),%rax
	xor %r8d,%r8d
	mov %r8w,0xd8(%rsp)
	sub $0x1,%rax
	mov %rax,0x28(%rsp)
	jmp L2
L49:
	mov %rbp,%rdi
	call __pagevec_release
	jmp L36
L50:
	call __folio_put
	jmp L25
L51:
	movq $0xffffffffffffffff,0x20(%rsp)
	jmp L48
L52:
	xor %r15d,%r15d
	test %sil,%sil
	jne L17
	movq $0x0,0x18(%rsp)
	mov (%rsp),%rdi
	jmp L20
L53:
	mov %r14,%rdi
	call folio_unlock
	jmp L35
L54:
	call __stack_chk_fail
