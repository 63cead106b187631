<shmem_undo_range>:
	call __fentry__
	push %r15
	mov %rdx,%r11
	mov %rdi,%r10
	push %r14
	push %r13
	push %r12
	push %rbp
	mov %ecx,%ebp
	push %rbx
	sub $0x258,%rsp
	mov 0x30(%rdi),%rbx
	mov %rdi,0x28(%rsp)
	lea 0x150(%rsp),%r13
	mov %rdx,0x20(%rsp)
	mov %ecx,%edx
	lea 0xfff(%rsi),%rcx
	mov %r13,%rdi
	mov %rsi,0x38(%rsp)
	shr $0xc,%rcx
	mov %gs:__stack_chk_guard(%rip),%rax
	mov %rax,0x250(%rsp)
	xor %eax,%eax
	mov %rcx,0x18(%rsp)
	mov $0x20,%ecx
	rep stos %rax,%es:(%rdi)
	mov $0x1f,%ecx
	lea 0x58(%rsp),%rdi
	rep stos %rax,%es:(%rdi)
	mov -0x10(%r10),%rax
	cmp $0xffffffffffffffff,%r11
	je L51
	mov 0x20(%rsp),%rsi
	lea 0x1(%rsi),%rcx
	shr $0xc,%rcx
	mov %rcx,0x8(%rsp)
	cmp %rax,0x18(%rsp)
	jae L1
	cmp %rax,%rcx
	jae L60
L1:
	xor %eax,%eax
	mov 0x8(%rsp),%rsi
	movb $0x0,0x152(%rsp)
	mov %ax,0x150(%rsp)
	mov 0x18(%rsp),%rax
	mov %rax,0x50(%rsp)
	cmp %rsi,%rax
	jae L26
L2:
	mov 0x8(%rsp),%rax
	mov %edx,0x30(%rsp)
	xor %r12d,%r12d
	sub $0x1,%rax
	mov %rax,(%rsp)
	lea 0x50(%rsp),%rax
	mov %rax,0x10(%rsp)
L3:
	mov (%rsp),%rdx
	mov 0x10(%rsp),%rsi
	mov %r13,%rcx
	mov %rbx,%rdi
	lea 0x58(%rsp),%r8
	call find_lock_entries
	test %eax,%eax
	je L19
	xor %r14d,%r14d
	cmpb $0x0,0x150(%rsp)
	jne L7
	jmp L16
L4:
	test %bpl,%bpl
	je L15
L5:
	mov (%r15),%rax
	test $0x8,%al
	je L15
L6:
	mov %r15,%rdi
	add $0x1,%r14d
	call folio_unlock
	movzbl 0x150(%rsp),%eax
	cmp %eax,%r14d
	jae L16
L7:
	movslq %r14d,%rax
	cmp $0x1f,%rax
	jae L70
L8:
	mov 0x158(%rsp,%rax,8),%r15
	test $0x1,%r15b
	je L4
	test %bpl,%bpl
	je L11
L9:
	movzbl 0x150(%rsp),%eax
	add $0x1,%r14d
	cmp %eax,%r14d
	jae L16
	movslq %r14d,%r15
	cmp $0x1f,%r15
	jae L72
L10:
	mov 0x158(%rsp,%r15,8),%r15
	test $0x1,%r15b
	jne L9
	jmp L5
L11:
	mov %r15,%rcx
	mov %rax,%r15
L12:
	cmp $0x1f,%r15
	jae L71
L13:
	mov 0x58(%rsp,%r15,8),%rsi
	mov (%rsp),%rdx
	mov %rbx,%rdi
	add $0x1,%r14d
	call shmem_free_swap
	add %rax,%r12
	movzbl 0x150(%rsp),%eax
	cmp %eax,%r14d
	jae L16
	movslq %r14d,%r15
	cmp $0x1f,%r15
	jae L73
L14:
	mov 0x158(%rsp,%r15,8),%rcx
	test $0x1,%cl
	jne L12
	mov %rcx,%r15
L15:
	mov %r15,%rsi
	mov %rbx,%rdi
	call truncate_inode_folio
	jmp L6
L16:
	mov %r13,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x150(%rsp)
	jne L25
L17:
	mov %gs:current_task(%rip),%rax
	movzbl 0x9e8(%rax),%eax
	test %al,%al
	je L18
	mov %gs:current_task(%rip),%rax
	movb $0x0,0x9e8(%rax)
L18:
	call __SCT__cond_resched
	mov 0x8(%rsp),%rax
	cmp %rax,0x50(%rsp)
	jb L3
L19:
	mov 0x30(%rsp),%edx
	test %dl,%dl
	je L27
L20:
	mov 0x18(%rsp),%rax
	mov %rax,0x50(%rsp)
	mov %rax,%rdx
	mov 0x8(%rsp),%rax
	cmp %rax,%rdx
	jae L24
	cmp $0xffffffffffffffff,%rax
	mov %r12,0x30(%rsp)
	setne 0x40(%rsp)
	sub $0x1,%rax
	mov %rax,(%rsp)
	lea 0x50(%rsp),%rax
	mov %rax,0x10(%rsp)
L21:
	mov %gs:current_task(%rip),%rax
	movzbl 0x9e8(%rax),%eax
	test %al,%al
	je L22
	mov %gs:current_task(%rip),%rax
	movb $0x0,0x9e8(%rax)
L22:
	call __SCT__cond_resched
	mov (%rsp),%rdx
	mov %r13,%rcx
	mov %rbx,%rdi
	mov 0x10(%rsp),%rsi
	lea 0x58(%rsp),%r8
	call find_get_entries
	test %eax,%eax
	jne L32
	mov 0x18(%rsp),%rax
	cmp %rax,0x50(%rsp)
	je L23
	cmpb $0x0,0x40(%rsp)
	je L31
L23:
	mov 0x30(%rsp),%r12
L24:
	mov %r12,%rdx
	mov 0x28(%rsp),%rdi
	xor %esi,%esi
	neg %rdx
	call shmem_recalc_inode
	mov 0x250(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L79
	add $0x258,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L25:
	mov %r13,%rdi
	call __folio_batch_release
	jmp L17
L26:
	xor %r12d,%r12d
	test %dl,%dl
	jne L24
L27:
	mov 0x38(%rsp),%r14
	mov 0x28(%rsp),%rdi
	mov 0x20(%rsp),%r15
	sar $0xc,%r14
	mov %r14,%rsi
	shr $0xc,%r15
	call shmem_get_partial_folio
	mov %rax,%rdi
	test %rax,%rax
	je L62
	mov (%rax),%rdx
	mov 0x20(%rax),%r14
	mov $0x1,%eax
	and $0x40,%edx
	je L28
	mov 0x78(%rdi),%eax
L28:
	add %rax,%r14
	mov %rdi,(%rsp)
	call folio_mark_dirty
	mov (%rsp),%rdi
	mov 0x20(%rsp),%rdx
	shl $0xc,%r14
	mov 0x38(%rsp),%rsi
	call truncate_inode_partial_folio
	mov (%rsp),%rdi
	test %al,%al
	jne L55
	mov (%rdi),%rcx
	mov 0x20(%rdi),%rax
	mov $0x1,%edx
	and $0x40,%ecx
	je L29
	mov 0x78(%rdi),%edx
L29:
	add %rax,%rdx
	mov %rax,(%rsp)
	mov %rdx,0x18(%rsp)
	cmp %r14,0x20(%rsp)
	jae L65
	mov %rdi,0x8(%rsp)
	call folio_unlock
	mov 0x8(%rsp),%rdi
	lock decl 0x34(%rdi)
	mov (%rsp),%rax
	je L67
L30:
	mov %rax,0x8(%rsp)
	jmp L20
L31:
	mov %rax,0x50(%rsp)
	jmp L21
L32:
	xor %r14d,%r14d
	cmpb $0x0,0x150(%rsp)
	jne L35
	jmp L47
L33:
	test %bpl,%bpl
	je L42
L34:
	movzbl 0x150(%rsp),%eax
	add $0x1,%r14d
	cmp %eax,%r14d
	jae L47
L35:
	movslq %r14d,%r15
	cmp $0x1f,%r15
	jae L75
L36:
	mov 0x158(%rsp,%r15,8),%r12
	test $0x1,%r12b
	jne L33
L37:
	call __SCT__might_resched
	lock btsq $0x0,(%r12)
	jb L64
L38:
	test %bpl,%bpl
	je L49
	mov (%r12),%rax
	test $0x8,%al
	je L49
L39:
	mov %r12,%rdi
	call folio_unlock
	jmp L34
L40:
	add %rax,0x30(%rsp)
	movzbl 0x150(%rsp),%eax
	add $0x1,%r14d
	cmp %eax,%r14d
	jae L47
	movslq %r14d,%r15
	cmp $0x1f,%r15
	jae L77
L41:
	mov 0x158(%rsp,%r15,8),%r12
	test $0x1,%r12b
	je L37
L42:
	cmp $0x1f,%r15
	jae L78
L43:
	mov 0x58(%rsp,%r15,8),%rsi
	mov (%rsp),%rdx
	mov %r12,%rcx
	mov %rbx,%rdi
	call shmem_free_swap
	test %rax,%rax
	jne L40
	cmp $0x1f,%r15
	jae L80
L44:
	mov 0x58(%rsp,%r15,8),%r9
	shr %r12
	cmp $0x1f,%r15
	jae L76
L45:
	mov %r9,%rsi
	mov %r12,%rdx
	mov %rbx,%rdi
	mov %r9,0x48(%rsp)
	call shmem_confirm_swap
	mov 0x48(%rsp),%r9
	test %eax,%eax
	jle L46
	cmp $0x1f,%eax
	ja shmem_undo_range.cold
	mov %eax,%ecx
	mov $0x1,%edx
	shl %cl,%edx
	movslq %edx,%rax
	neg %edx
	movslq %edx,%rdx
	and %rdx,%r9
	mov 0x18(%rsp),%rdx
	cmp %rdx,%r9
	jb L54
	add %r9,%rax
	cmp %rax,0x8(%rsp)
	jb L63
L46:
	mov %r9,0x50(%rsp)
L47:
	mov %r13,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x150(%rsp)
	jne L61
L48:
	mov 0x50(%rsp),%rax
	mov 0x8(%rsp),%rdx
	cmp %rdx,%rax
	jb L21
	jmp L23
L49:
	mov %r12,%rdi
	call folio_mapping
	cmp %rax,%rbx
	jne L68
	mov (%r12),%rax
	test $0x40,%al
	jne L50
	mov %r12,%rsi
	mov %rbx,%rdi
	call truncate_inode_folio
	jmp L39
L50:
	mov 0x20(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	mov %r12,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	je L39
	mov (%r12),%rax
	test $0x40,%al
	jne L39
	mov %r12,%rdi
	call folio_unlock
	mov 0x18(%rsp),%rax
	mov %rax,0x50(%rsp)
	jmp L47
L51:
	cmp %rax,0x18(%rsp)
	jae L59
	test %dl,%dl
	jne L52
	mov 0x28(%rsp),%rax
	mov 0x18(%rsp),%rsi
	mov %rsi,-0x10(%rax)
L52:
	movq $0xffffffffffffffff,0x8(%rsp)
L53:
	mov 0x18(%rsp),%rax
	xor %esi,%esi
	movb $0x0,0x152(%rsp)
	mov %si,0x150(%rsp)
	mov %rax,0x50(%rsp)
	jmp L2
L54:
	movzbl 0x150(%rsp),%eax
	add $0x1,%r14d
	cmp %eax,%r14d
	jae L47
	movslq %r14d,%r15
	cmp $0x1f,%r15
	jb L41
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L41
L55:
	mov %rdi,(%rsp)
	call folio_unlock
	mov (%rsp),%rdi
	lock decl 0x34(%rdi)
	je L66
L56:
	cmp %r14,0x20(%rsp)
	jb L20
L57:
	mov 0x28(%rsp),%rdi
	mov %r15,%rsi
	call shmem_get_partial_folio
	mov %rax,%r14
	test %rax,%rax
	je L20
	mov %rax,%rdi
	call folio_mark_dirty
	mov 0x20(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	mov %r14,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L58
	mov 0x20(%r14),%rax
	mov %rax,0x8(%rsp)
L58:
	mov %r14,%rdi
	call folio_unlock
	lock decl 0x34(%r14)
	jne L20
	mov %r14,%rdi
	call __folio_put
	jmp L20
L59:
	mov 0x18(%rsp),%rax
	xor %ecx,%ecx
	movb $0x0,0x152(%rsp)
	mov %cx,0x150(%rsp)
	mov %rax,0x50(%rsp)
	movq $0xffffffffffffffff,0x8(%rsp)
	jmp L2
L60:
	test %dl,%dl
	jne L53
	mov 0x28(%rsp),%rax
	mov 0x18(%rsp),%rsi
	mov %rsi,-0x10(%rax)
	jmp L53
L61:
	mov %r13,%rdi
	call __folio_batch_release
	jmp L48
L62:
	cmp %r15,%r14
	je L20
	jmp L57
L63:
	movzbl 0x150(%rsp),%eax
	add $0x1,%r14d
	cmp %eax,%r14d
	jae L47
	movslq %r14d,%r15
	cmp $0x1f,%r15
	jb L41
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L41
L64:
	mov %r12,%rdi
	call __folio_lock
	jmp L38
L65:
	mov %rdi,(%rsp)
	call folio_unlock
	mov (%rsp),%rdi
	lock decl 0x34(%rdi)
	jne L57
	call __folio_put
	jmp L57
L66:
	call __folio_put
	jmp L56
L67:
	call __folio_put
	mov (%rsp),%rax
	jmp L30
L68:
	mov %r15,%rax
	mov %r12,%r15
	mov %r15,%rdi
	mov %rax,%r12
	call folio_unlock
	cmp $0x1f,%r12
	jae L74
L69:
	mov 0x58(%rsp,%r12,8),%rax
	mov %rax,0x50(%rsp)
	jmp L47
L70:
	mov %rax,%rsi
	mov $DATA,%rdi
	mov %rax,0x40(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x40(%rsp),%rax
	jmp L8
L71:
	mov %r15,%rsi
	mov $DATA,%rdi
	mov %rcx,0x40(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x40(%rsp),%rcx
	jmp L13
L72:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L10
L73:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L14
L74:
	mov %r12,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L69
L75:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L36
L76:
	mov %r15,%rsi
	mov $DATA,%rdi
	mov %r9,0x48(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x48(%rsp),%r9
	jmp L45
L77:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L41
L78:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L43
L79:
	call __stack_chk_fail
L80:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L44
<shmem_undo_range.cold>:
	movslq %eax,%r12
	mov $0x1,%esi
	mov $DATA,%rdi
	mov %r12,%rdx
	call __ubsan_handle_shift_out_of_bounds
	cmpq $0x0,0x18(%rsp)
	jne shmem_undo_range+0x430
	mov %r12,%rdx
	mov $0x1,%esi
	mov $DATA,%rdi
	call __ubsan_handle_shift_out_of_bounds
	xor %r9d,%r9d
	jmp shmem_undo_range+0x55a
