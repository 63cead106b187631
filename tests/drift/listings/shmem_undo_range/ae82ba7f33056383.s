<shmem_undo_range>:
	call __fentry__
	push %r15
	mov %rdi,%r9
	mov %rdx,%r10
	push %r14
	push %r13
	push %r12
	push %rbp
	mov %ecx,%ebp
	push %rbx
	sub $0x250,%rsp
	mov 0x30(%rdi),%r12
	mov %rdi,0x30(%rsp)
	lea 0x148(%rsp),%rbx
	lea 0x50(%rsp),%r14
	mov %rdx,0x28(%rsp)
	mov %rbx,%rdi
	mov %ecx,%edx
	mov $0x20,%ecx
	mov %rsi,0x38(%rsp)
	mov %gs:0x28,%rax
	mov %rax,0x248(%rsp)
	xor %eax,%eax
	lea 0xfff(%rsi),%rax
	shr $0xc,%rax
	mov %rax,0x20(%rsp)
	xor %eax,%eax
	rep stos %rax,%es:(%rdi)
	mov $0x1f,%ecx
	mov %r14,%rdi
	rep stos %rax,%es:(%rdi)
	mov -0x10(%r9),%rax
	cmp $0xffffffffffffffff,%r10
	je L54
	mov 0x28(%rsp),%rcx
	add $0x1,%rcx
	sar $0xc,%rcx
	mov %rcx,0x10(%rsp)
	cmp %rax,%rcx
	jb L1
	cmp %rax,0x20(%rsp)
	jb L56
L1:
	movzwl DATA(%rip),%eax
	mov 0x10(%rsp),%rcx
	movb $0x0,0x14a(%rsp)
	mov %ax,0x148(%rsp)
	mov 0x20(%rsp),%rax
	mov %rax,0x48(%rsp)
	cmp %rcx,%rax
	jae L26
L2:
	mov 0x10(%rsp),%rax
	mov %edx,0x40(%rsp)
	movq $0x0,0x8(%rsp)
	sub $0x1,%rax
	mov %rax,(%rsp)
	lea 0x48(%rsp),%rax
	mov %rax,0x18(%rsp)
L3:
	mov (%rsp),%rdx
	mov 0x18(%rsp),%rsi
	mov %r14,%r8
	mov %rbx,%rcx
	mov %r12,%rdi
	call find_lock_entries
	test %eax,%eax
	je L15
	xor %r15d,%r15d
	cmpb $0x0,0x148(%rsp)
	jne L6
	jmp L10
L4:
	test %bpl,%bpl
	je L9
L5:
	movzbl 0x148(%rsp),%eax
	add $0x1,%r15
	cmp %eax,%r15d
	jae L10
L6:
	mov 0x8(%rbx,%r15,8),%r13
	test $0x1,%r13b
	jne L4
	test %bpl,%bpl
	je L8
	mov 0x0(%r13),%rax
	test $0x8,%al
	je L8
L7:
	mov %r13,%rdi
	call folio_unlock
	jmp L5
L8:
	mov %r13,%rsi
	mov %r12,%rdi
	call truncate_inode_folio
	jmp L7
L9:
	mov (%r14,%r15,8),%rsi
	mov (%rsp),%rdx
	mov %r13,%rcx
	mov %r12,%rdi
	call shmem_free_swap
	add %rax,0x8(%rsp)
	jmp L5
L10:
	mov %rbx,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x148(%rsp)
	jne L23
L11:
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x828(%rax),%eax
	test %al,%al
	je L12
	mov %gs:pcpu_hot(%rip),%rax
	movb $0x0,0x828(%rax)
L12:
	mov %gs:pcpu_hot(%rip),%rax
	mov %gs:pcpu_hot(%rip),%rdx
	mov 0x858(%rax),%eax
	movzbl 0x861(%rdx),%edx
	cmp $0x1,%dl
	jne L13
	test %eax,%eax
	je L25
L13:
	test $0x7fffffff,%eax
	je L14
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x860(%rax),%eax
	test %al,%al
	je L24
L14:
	call __SCT__cond_resched
	mov 0x10(%rsp),%rax
	cmp %rax,0x48(%rsp)
	jb L3
L15:
	mov 0x40(%rsp),%edx
	test %dl,%dl
	je L27
L16:
	mov 0x20(%rsp),%rax
	mov 0x10(%rsp),%rcx
	mov %rax,0x48(%rsp)
	cmp %rcx,%rax
	jae L21
	lea -0x1(%rcx),%rax
	mov %rax,(%rsp)
	lea 0x48(%rsp),%rax
	mov %rax,0x18(%rsp)
L17:
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x828(%rax),%eax
	test %al,%al
	je L18
	mov %gs:pcpu_hot(%rip),%rax
	movb $0x0,0x828(%rax)
L18:
	mov %gs:pcpu_hot(%rip),%rax
	mov %gs:pcpu_hot(%rip),%rcx
	mov 0x858(%rax),%eax
	movzbl 0x861(%rcx),%edx
	test %eax,%eax
	jne L19
	cmp $0x1,%dl
	je L58
L19:
	test $0x7fffffff,%eax
	je L20
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x860(%rax),%eax
	test %al,%al
	je L32
L20:
	call __SCT__cond_resched
	mov (%rsp),%rdx
	mov %r14,%r8
	mov %rbx,%rcx
	mov 0x18(%rsp),%rsi
	mov %r12,%rdi
	call find_get_entries
	test %eax,%eax
	jne L38
	mov 0x20(%rsp),%rax
	cmp %rax,0x48(%rsp)
	je L21
	cmpq $0xffffffffffffffff,0x10(%rsp)
	je L33
L21:
	mov 0x8(%rsp),%rax
	neg %rax
L22:
	mov 0x30(%rsp),%rdi
	mov %rax,%rdx
	xor %esi,%esi
	call shmem_recalc_inode
	mov 0x248(%rsp),%rax
	sub %gs:0x28,%rax
	jne L65
	add $0x250,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L23:
	mov %rbx,%rdi
	call __folio_batch_release
	jmp L11
L24:
	mov %gs:pcpu_hot(%rip),%rdi
	call rcu_tasks_trace_qs_blkd
	jmp L14
L25:
	mov %gs:pcpu_hot(%rip),%rdi
	mov $0x2,%edx
	mov $0x1,%esi
	call rcu_trc_cmpxchg_need_qs
	jmp L14
L26:
	xor %eax,%eax
	test %dl,%dl
	jne L22
	movq $0x0,0x8(%rsp)
L27:
	mov 0x38(%rsp),%r13
	mov 0x30(%rsp),%rdi
	mov 0x28(%rsp),%r15
	sar $0xc,%r13
	mov %r13,%rsi
	sar $0xc,%r15
	call shmem_get_partial_folio
	mov %rax,%rdi
	test %rax,%rax
	je L35
	mov 0x20(%rax),%r13
	mov (%rax),%rdx
	mov $0x1000,%eax
	shl $0xc,%r13
	and $0x40,%edx
	je L28
	movzbl 0x40(%rdi),%ecx
	shl %cl,%rax
L28:
	mov %rdi,(%rsp)
	add %rax,%r13
	call folio_mark_dirty
	mov (%rsp),%rdi
	mov 0x28(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	call truncate_inode_partial_folio
	mov (%rsp),%rdi
	test %al,%al
	jne L30
	mov (%rdi),%rcx
	mov 0x20(%rdi),%rax
	mov $0x1,%edx
	and $0x40,%ecx
	je L29
	mov 0x60(%rdi),%edx
L29:
	add %rax,%rdx
	cmp %r13,0x28(%rsp)
	cmovae 0x10(%rsp),%rax
	mov %rdx,0x20(%rsp)
	mov %rax,0x10(%rsp)
L30:
	mov %rdi,(%rsp)
	call folio_unlock
	mov (%rsp),%rdi
	lock decl 0x34(%rdi)
	je L60
L31:
	cmp %r13,0x28(%rsp)
	jb L16
	jmp L36
L32:
	mov %gs:pcpu_hot(%rip),%rdi
	call rcu_tasks_trace_qs_blkd
	jmp L20
L33:
	mov 0x20(%rsp),%rax
	mov %rax,0x48(%rsp)
L34:
	mov 0x10(%rsp),%rcx
	cmp %rcx,%rax
	jb L17
	jmp L21
L35:
	cmp %r15,%r13
	je L16
L36:
	mov 0x30(%rsp),%rdi
	mov %r15,%rsi
	call shmem_get_partial_folio
	mov %rax,%r13
	test %rax,%rax
	je L16
	mov %rax,%rdi
	call folio_mark_dirty
	mov 0x28(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	mov %r13,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L37
	mov 0x20(%r13),%rax
	mov %rax,0x10(%rsp)
L37:
	mov %r13,%rdi
	call folio_unlock
	lock decl 0x34(%r13)
	jne L16
	mov %r13,%rdi
	call __folio_put
	jmp L16
L38:
	xor %r13d,%r13d
	cmpb $0x0,0x148(%rsp)
	je L41
L39:
	mov 0x8(%rbx,%r13,8),%r15
	test $0x1,%r15b
	je L43
	test %bpl,%bpl
	jne L46
	mov (%r14,%r13,8),%rsi
	mov (%rsp),%rdx
	mov %r15,%rcx
	mov %r12,%rdi
	call shmem_free_swap
	test %rax,%rax
	jne L47
	mov (%r14,%r13,8),%rsi
	mov %r15,%rdx
	mov %r12,%rdi
	shr %rdx
	mov %rsi,0x40(%rsp)
	call shmem_confirm_swap
	mov 0x40(%rsp),%rsi
	test %eax,%eax
	jle L40
	mov %eax,%ecx
	mov $0x1,%edx
	shl %cl,%edx
	movslq %edx,%rax
	neg %edx
	movslq %edx,%rdx
	and %rdx,%rsi
	mov 0x20(%rsp),%rdx
	add %rsi,%rax
	cmp %rdx,%rsi
	jb L53
	cmp %rax,0x10(%rsp)
	jb L53
L40:
	mov %rsi,0x48(%rsp)
L41:
	mov %rbx,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x148(%rsp)
	jne L59
L42:
	mov 0x48(%rsp),%rax
	jmp L34
L43:
	call __SCT__might_resched
	lock btsq $0x0,(%r15)
	jb L52
L44:
	test %bpl,%bpl
	je L50
	mov (%r15),%rax
	test $0x8,%al
	je L48
L45:
	mov %r15,%rdi
	call folio_unlock
L46:
	movzbl 0x148(%rsp),%eax
	add $0x1,%r13
	cmp %eax,%r13d
	jb L39
	jmp L41
L47:
	add %rax,0x8(%rsp)
	jmp L46
L48:
	mov %r15,%rdi
	call folio_mapping
	cmp %rax,%r12
	jne L64
L49:
	mov %r15,%rsi
	mov %r12,%rdi
	call truncate_inode_folio
	jmp L45
L50:
	mov %r15,%rdi
	call folio_mapping
	cmp %rax,%r12
	jne L64
	mov (%r15),%rax
	test $0x40,%al
	jne L57
L51:
	mov (%r15),%rax
	test $0x40,%al
	je L49
	mov 0x28(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	mov %r15,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	je L61
	mov (%r15),%rax
	test $0x40,%al
	jne L45
	mov %r15,%rdi
	call folio_unlock
	mov 0x20(%rsp),%rax
	mov %rax,0x48(%rsp)
	jmp L41
L52:
	mov %r15,%rdi
	call __folio_lock
	jmp L44
L53:
	mov 0x20(%rsp),%rdx
	cmp %rax,%rdx
	cmovae %rdx,%rax
	mov %rax,0x20(%rsp)
	jmp L46
L54:
	cmp %rax,0x20(%rsp)
	jae L55
	test %dl,%dl
	jne L55
	mov 0x30(%rsp),%rax
	mov 0x20(%rsp),%rcx
	mov %rcx,-0x10(%rax)
L55:
	movzwl DATA(%rip),%eax
	movb $0x0,0x14a(%rsp)
	movq $0xffffffffffffffff,0x10(%rsp)
	mov %ax,0x148(%rsp)
	mov 0x20(%rsp),%rax
	mov %rax,0x48(%rsp)
	jmp L2
L56:
	test %dl,%dl
	jne L63
	mov 0x30(%rsp),%rax
	mov 0x20(%rsp),%rcx
	movb $0x0,0x14a(%rsp)
	mov %rcx,-0x10(%rax)
	movzwl DATA(%rip),%eax
	mov %rcx,0x48(%rsp)
	mov %ax,0x148(%rsp)
	jmp L2
L57:
	mov %r15,%rdi
	call folio_mark_dirty
	jmp L51
L58:
	mov $0x2,%edx
	mov $0x1,%esi
	mov %rcx,%rdi
	call rcu_trc_cmpxchg_need_qs
	jmp L20
L59:
	mov %rbx,%rdi
	call __folio_batch_release
	jmp L42
L60:
	call __folio_put
	jmp L31
L61:
	cmpq $0x0,0x18(%r15)
	je L45
	mov (%r15),%rsi
	mov 0x20(%r15),%rdx
	mov $0x1,%eax
	and $0x40,%esi
	je L62
	mov 0x60(%r15),%eax
L62:
	add %rdx,%rax
	mov 0x20(%rsp),%rdx
	cmp %rax,%rdx
	cmovae %rdx,%rax
	mov %rax,0x20(%rsp)
	jmp L45
L63:
	movzwl DATA(%rip),%eax
	movb $0x0,0x14a(%rsp)
	mov %ax,0x148(%rsp)
	mov 0x20(%rsp),%rax
	mov %rax,0x48(%rsp)
	jmp L2
L64:
	mov %r15,%rdi
	call folio_unlock
	movslq %r13d,%r8
	mov 0x50(%rsp,%r8,8),%rax
	mov %rax,0x48(%rsp)
	jmp L41
L65:
	call __stack_chk_fail
