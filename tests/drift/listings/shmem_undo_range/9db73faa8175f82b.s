<shmem_undo_range>:
	call __fentry__
	push %r15
	mov %rdx,%r10
	mov %rdi,%r9
	push %r14
	push %r13
	push %r12
	mov %ecx,%r12d
	push %rbp
	push %rbx
	sub $0x258,%rsp
	mov 0x30(%rdi),%rbp
	mov %rdi,0x38(%rsp)
	lea 0x150(%rsp),%rbx
	lea 0x58(%rsp),%r14
	mov %rdx,0x30(%rsp)
	mov %ecx,%edx
	lea 0xfff(%rsi),%rcx
	mov %rbx,%rdi
	mov %rsi,0x40(%rsp)
	shr $0xc,%rcx
	mov %gs:0x28,%rax
	mov %rax,0x250(%rsp)
	xor %eax,%eax
	mov %rcx,0x20(%rsp)
	mov $0x20,%ecx
	rep stos %rax,%es:(%rdi)
	mov $0x1f,%ecx
	mov %r14,%rdi
	rep stos %rax,%es:(%rdi)
	mov -0x10(%r9),%rax
	cmp $0xffffffffffffffff,%r10
	je L57
	mov 0x30(%rsp),%rsi
	lea 0x1(%rsi),%rcx
	sar $0xc,%rcx
	mov %rcx,0x10(%rsp)
	cmp %rax,0x20(%rsp)
	jae L1
	cmp %rax,%rcx
	jae L61
L1:
	xor %eax,%eax
	mov 0x10(%rsp),%rcx
	movb $0x0,0x152(%rsp)
	mov %ax,0x150(%rsp)
	mov 0x20(%rsp),%rax
	mov %rax,0x50(%rsp)
	cmp %rcx,%rax
	jae L28
L2:
	mov 0x10(%rsp),%rax
	mov %edx,0x28(%rsp)
	movq $0x0,0x8(%rsp)
	sub $0x1,%rax
	mov %rax,(%rsp)
	lea 0x50(%rsp),%rax
	mov %rax,0x18(%rsp)
L3:
	mov (%rsp),%rdx
	mov 0x18(%rsp),%rsi
	mov %r14,%r8
	mov %rbx,%rcx
	mov %rbp,%rdi
	call find_lock_entries
	test %eax,%eax
	je L14
	xor %r15d,%r15d
	cmpb $0x0,0x150(%rsp)
	jne L7
	jmp L9
L4:
	test %r12b,%r12b
	je L23
L5:
	mov 0x0(%r13),%rax
	test $0x8,%al
	je L23
L6:
	mov %r13,%rdi
	add $0x1,%r15
	call folio_unlock
	movzbl 0x150(%rsp),%eax
	cmp %eax,%r15d
	jae L9
L7:
	mov 0x8(%rbx,%r15,8),%r13
	test $0x1,%r13b
	je L4
	test %r12b,%r12b
	je L21
	movzbl 0x150(%rsp),%eax
	add $0x1,%r15
	cmp %eax,%r15d
	jae L9
L8:
	mov 0x8(%rbx,%r15,8),%r13
	test $0x1,%r13b
	je L5
	add $0x1,%r15
	cmp %eax,%r15d
	jb L8
L9:
	mov %rbx,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x150(%rsp)
	jne L24
L10:
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x828(%rax),%eax
	test %al,%al
	je L11
	mov %gs:pcpu_hot(%rip),%rax
	movb $0x0,0x828(%rax)
L11:
	mov %gs:pcpu_hot(%rip),%rax
	mov %gs:pcpu_hot(%rip),%rdx
	mov 0x858(%rax),%eax
	movzbl 0x861(%rdx),%edx
	cmp $0x1,%dl
	jne L12
	test %eax,%eax
	je L27
L12:
	test $0x7fffffff,%eax
	je L13
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x860(%rax),%eax
	test %al,%al
	je L25
L13:
	call __SCT__cond_resched
	mov 0x10(%rsp),%rax
	cmp %rax,0x50(%rsp)
	jb L3
L14:
	mov 0x28(%rsp),%edx
	test %dl,%dl
	je L29
L15:
	mov 0x20(%rsp),%rax
	mov %rax,0x50(%rsp)
	mov %rax,%rsi
	mov 0x10(%rsp),%rax
	cmp %rax,%rsi
	jae L20
	cmp $0xffffffffffffffff,%rax
	mov %r12b,(%rsp)
	setne 0x4f(%rsp)
	sub $0x1,%rax
	mov %rax,0x28(%rsp)
	lea 0x50(%rsp),%rax
	mov %rax,0x18(%rsp)
L16:
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x828(%rax),%eax
	test %al,%al
	je L17
	mov %gs:pcpu_hot(%rip),%rax
	movb $0x0,0x828(%rax)
L17:
	mov %gs:pcpu_hot(%rip),%rax
	mov %gs:pcpu_hot(%rip),%rdx
	mov 0x858(%rax),%eax
	movzbl 0x861(%rdx),%edx
	cmp $0x1,%dl
	jne L18
	test %eax,%eax
	je L64
L18:
	test $0x7fffffff,%eax
	je L19
	mov %gs:pcpu_hot(%rip),%rax
	movzbl 0x860(%rax),%eax
	test %al,%al
	je L36
L19:
	call __SCT__cond_resched
	mov 0x28(%rsp),%rdx
	mov %r14,%r8
	mov %rbx,%rcx
	mov 0x18(%rsp),%rsi
	mov %rbp,%rdi
	call find_get_entries
	test %eax,%eax
	jne L39
	mov 0x20(%rsp),%rax
	cmp %rax,0x50(%rsp)
	je L20
	cmpb $0x0,0x4f(%rsp)
	je L37
L20:
	mov 0x8(%rsp),%rdx
	mov 0x38(%rsp),%rdi
	xor %esi,%esi
	neg %rdx
	call shmem_recalc_inode
	mov 0x250(%rsp),%rax
	sub %gs:0x28,%rax
	jne L71
	add $0x258,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L21:
	mov %r13,%rcx
	mov 0x8(%rsp),%r13
L22:
	mov (%r14,%r15,8),%rsi
	mov (%rsp),%rdx
	mov %rbp,%rdi
	add $0x1,%r15
	call shmem_free_swap
	add %rax,%r13
	movzbl 0x150(%rsp),%eax
	cmp %eax,%r15d
	jae L26
	mov 0x8(%rbx,%r15,8),%rcx
	test $0x1,%cl
	jne L22
	mov %r13,0x8(%rsp)
	mov %rcx,%r13
L23:
	mov %r13,%rsi
	mov %rbp,%rdi
	call truncate_inode_folio
	jmp L6
L24:
	mov %rbx,%rdi
	call __folio_batch_release
	jmp L10
L25:
	mov %gs:pcpu_hot(%rip),%rdi
	call rcu_tasks_trace_qs_blkd
	jmp L13
L26:
	mov %r13,0x8(%rsp)
	jmp L9
L27:
	mov %gs:pcpu_hot(%rip),%rdi
	mov $0x2,%edx
	mov $0x1,%esi
	call rcu_trc_cmpxchg_need_qs
	jmp L13
L28:
	movq $0x0,0x8(%rsp)
	test %dl,%dl
	jne L20
L29:
	mov 0x40(%rsp),%r13
	mov 0x38(%rsp),%rdi
	mov 0x30(%rsp),%r15
	sar $0xc,%r13
	mov %r13,%rsi
	sar $0xc,%r15
	call shmem_get_partial_folio
	mov %rax,%rdi
	test %rax,%rax
	je L65
	mov 0x20(%rax),%r13
	mov (%rax),%rdx
	mov $0x1000,%eax
	shl $0xc,%r13
	and $0x40,%edx
	je L30
	movzbl 0x40(%rdi),%ecx
	shl %cl,%rax
L30:
	mov %rdi,(%rsp)
	add %rax,%r13
	call folio_mark_dirty
	mov (%rsp),%rdi
	mov 0x30(%rsp),%rdx
	mov 0x40(%rsp),%rsi
	call truncate_inode_partial_folio
	mov (%rsp),%rdi
	test %al,%al
	jne L32
	mov (%rdi),%rcx
	mov 0x20(%rdi),%rax
	mov $0x1,%edx
	and $0x40,%ecx
	je L31
	mov 0x60(%rdi),%edx
L31:
	lea (%rdx,%rax,1),%rcx
	cmp %r13,0x30(%rsp)
	cmovae 0x10(%rsp),%rax
	mov %rcx,0x20(%rsp)
	mov %rax,0x10(%rsp)
L32:
	mov %rdi,(%rsp)
	call folio_unlock
	mov (%rsp),%rdi
	lock decl 0x34(%rdi)
	je L67
L33:
	cmp %r13,0x30(%rsp)
	jb L15
L34:
	mov 0x38(%rsp),%rdi
	mov %r15,%rsi
	call shmem_get_partial_folio
	mov %rax,%r13
	test %rax,%rax
	je L15
	mov %rax,%rdi
	call folio_mark_dirty
	mov 0x30(%rsp),%rdx
	mov 0x40(%rsp),%rsi
	mov %r13,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L35
	mov 0x20(%r13),%rax
	mov %rax,0x10(%rsp)
L35:
	mov %r13,%rdi
	call folio_unlock
	lock decl 0x34(%r13)
	jne L15
	mov %r13,%rdi
	call __folio_put
	jmp L15
L36:
	mov %gs:pcpu_hot(%rip),%rdi
	call rcu_tasks_trace_qs_blkd
	jmp L19
L37:
	mov %rax,0x50(%rsp)
L38:
	mov 0x10(%rsp),%rdx
	cmp %rdx,%rax
	jb L16
	jmp L20
L39:
	xor %r12d,%r12d
	cmpb $0x0,0x150(%rsp)
	jne L42
	jmp L50
L40:
	cmpb $0x0,(%rsp)
	je L48
L41:
	movzbl 0x150(%rsp),%eax
	add $0x1,%r12
	cmp %eax,%r12d
	jae L50
L42:
	mov 0x8(%rbx,%r12,8),%r13
	test $0x1,%r13b
	jne L40
L43:
	call __SCT__might_resched
	movslq %r12d,%r15
	lock btsq $0x0,0x0(%r13)
	jb L66
L44:
	cmpb $0x0,(%rsp)
	je L54
	mov 0x0(%r13),%rax
	test $0x8,%al
	je L52
L45:
	mov %r13,%rdi
	call folio_unlock
	jmp L41
L46:
	add %rax,0x8(%rsp)
	movzbl 0x150(%rsp),%eax
	add $0x1,%r12
	cmp %eax,%r12d
	jae L50
L47:
	mov 0x8(%rbx,%r12,8),%r13
	test $0x1,%r13b
	je L43
L48:
	mov (%r14,%r12,8),%rsi
	mov 0x28(%rsp),%rdx
	mov %r13,%rcx
	mov %rbp,%rdi
	call shmem_free_swap
	test %rax,%rax
	jne L46
	mov (%r14,%r12,8),%r15
	mov %r13,%rdx
	mov %rbp,%rdi
	shr %rdx
	mov %r15,%rsi
	call shmem_confirm_swap
	test %eax,%eax
	jle L49
	mov %eax,%ecx
	mov $0x1,%esi
	shl %cl,%esi
	mov 0x20(%rsp),%rcx
	movslq %esi,%rax
	mov %eax,%edx
	neg %edx
	movslq %edx,%rdx
	and %rdx,%r15
	add %r15,%rax
	cmp %rcx,%r15
	jb L56
	cmp %rax,0x10(%rsp)
	jb L56
L49:
	mov %r15,0x50(%rsp)
L50:
	mov %rbx,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x150(%rsp)
	jne L63
L51:
	mov 0x50(%rsp),%rax
	jmp L38
L52:
	mov %r13,%rdi
	call folio_mapping
	cmp %rax,%rbp
	jne L70
L53:
	mov %r13,%rsi
	mov %rbp,%rdi
	call truncate_inode_folio
	jmp L45
L54:
	mov %r13,%rdi
	call folio_mapping
	cmp %rax,%rbp
	jne L70
	mov 0x0(%r13),%rax
	test $0x40,%al
	jne L62
L55:
	mov 0x0(%r13),%rax
	test $0x40,%al
	je L53
	mov 0x30(%rsp),%rdx
	mov 0x40(%rsp),%rsi
	mov %r13,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	je L68
	mov 0x0(%r13),%rax
	test $0x40,%al
	jne L45
	mov %r13,%rdi
	call folio_unlock
	mov 0x20(%rsp),%rax
	mov %rax,0x50(%rsp)
	jmp L50
L56:
	mov 0x20(%rsp),%rdx
	cmp %rax,%rdx
	cmovae %rdx,%rax
	add $0x1,%r12
	mov %rax,0x20(%rsp)
	movzbl 0x150(%rsp),%eax
	cmp %eax,%r12d
	jb L47
	jmp L50
L57:
	cmp %rax,0x20(%rsp)
	jae L60
	test %dl,%dl
	jne L58
	mov 0x38(%rsp),%rax
	mov 0x20(%rsp),%rcx
	mov %rcx,-0x10(%rax)
L58:
	movq $0xffffffffffffffff,0x10(%rsp)
L59:
	mov 0x20(%rsp),%rax
	xor %esi,%esi
	movb $0x0,0x152(%rsp)
	mov %si,0x150(%rsp)
	mov %rax,0x50(%rsp)
	jmp L2
L60:
	mov 0x20(%rsp),%rax
	xor %ecx,%ecx
	movb $0x0,0x152(%rsp)
	mov %cx,0x150(%rsp)
	mov %rax,0x50(%rsp)
	movq $0xffffffffffffffff,0x10(%rsp)
	jmp L2
L61:
	test %dl,%dl
	jne L59
	mov 0x38(%rsp),%rax
	mov 0x20(%rsp),%rcx
	mov %rcx,-0x10(%rax)
	jmp L59
L62:
	mov %r13,%rdi
	call folio_mark_dirty
	jmp L55
L63:
	mov %rbx,%rdi
	call __folio_batch_release
	jmp L51
L64:
	mov %gs:pcpu_hot(%rip),%rdi
	mov $0x2,%edx
	mov $0x1,%esi
	call rcu_trc_cmpxchg_need_qs
	jmp L19
L65:
	cmp %r15,%r13
	je L15
	jmp L34
L66:
	mov %r13,%rdi
	call __folio_lock
	jmp L44
L67:
	call __folio_put
	jmp L33
L68:
	cmpq $0x0,0x18(%r13)
	je L45
	mov 0x0(%r13),%rsi
	mov 0x20(%r13),%rax
	mov $0x1,%edx
	and $0x40,%esi
	je L69
	mov 0x60(%r13),%edx
L69:
	mov 0x20(%rsp),%rsi
	add %rdx,%rax
	cmp %rax,%rsi
	cmovae %rsi,%rax
	mov %rax,0x20(%rsp)
	jmp L45
L70:
	mov %r13,%rdi
	call folio_unlock
	mov 0x58(%rsp,%r15,8),%rax
	mov %rax,0x50(%rsp)
	jmp L50
L71:
	call __stack_chk_fail
