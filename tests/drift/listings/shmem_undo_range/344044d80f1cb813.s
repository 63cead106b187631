<shmem_undo_range>:
	call __fentry__
	push %r15
	lea 0xfff(%rsi),%rax
	push %r14
	shr $0xc,%rax
	push %r13
	push %r12
	push %rbp
	mov %ecx,%ebp
	push %rbx
	sub $0x248,%rsp
	mov %rdi,0x28(%rsp)
	mov %rsi,0x38(%rsp)
	mov %rdx,0x20(%rsp)
	mov %gs:__stack_chk_guard(%rip),%rbx
	mov %rbx,0x240(%rsp)
	mov 0x30(%rdi),%rbx
	mov %rax,0x10(%rsp)
	xor %eax,%eax
L1:
	mov %eax,%edx
	add $0x20,%eax
	movq $0x0,0x140(%rsp,%rdx,1)
	movq $0x0,0x148(%rsp,%rdx,1)
	movq $0x0,0x150(%rsp,%rdx,1)
	movq $0x0,0x158(%rsp,%rdx,1)
	cmp $0x100,%eax
	jb L1
	xor %eax,%eax
L2:
	mov %eax,%edx
	add $0x20,%eax
	movq $0x0,0x48(%rsp,%rdx,1)
	movq $0x0,0x50(%rsp,%rdx,1)
	movq $0x0,0x58(%rsp,%rdx,1)
	movq $0x0,0x60(%rsp,%rdx,1)
	cmp $0xe0,%eax
	jb L2
	movq $0x0,0x48(%rsp,%rax,1)
	movq $0x0,0x50(%rsp,%rax,1)
	movq $0x0,0x58(%rsp,%rax,1)
	mov 0x28(%rsp),%rax
	mov -0x10(%rax),%rax
	cmpq $0xffffffffffffffff,0x20(%rsp)
	je L48
	mov 0x20(%rsp),%rcx
	lea 0x1(%rcx),%r14
	shr $0xc,%r14
	mov %r14,(%rsp)
	cmp %rax,0x10(%rsp)
	jae L3
	cmp %rax,%r14
	jae L63
L3:
	xor %eax,%eax
	movb $0x0,0x142(%rsp)
	mov %ax,0x140(%rsp)
	mov 0x10(%rsp),%rax
	mov %rax,0x40(%rsp)
	cmp (%rsp),%rax
	jae L65
L4:
	mov (%rsp),%rax
	xor %r12d,%r12d
	lea -0x1(%rax),%r13
	lea 0x40(%rsp),%rax
	mov %rax,0x8(%rsp)
L5:
	mov 0x8(%rsp),%rsi
	lea 0x48(%rsp),%r8
	mov %r13,%rdx
	mov %rbx,%rdi
	lea 0x140(%rsp),%rcx
	call find_lock_entries
	test %eax,%eax
	je L19
	xor %r14d,%r14d
	cmpb $0x0,0x140(%rsp)
	jne L9
	jmp L17
L6:
	test %bpl,%bpl
	je L16
L7:
	testq $0x8,(%r15)
	je L16
L8:
	mov %r15,%rdi
	add $0x1,%r14d
	call folio_unlock
	movzbl 0x140(%rsp),%eax
	cmp %eax,%r14d
	jae L17
L9:
	mov %r14d,%eax
	cmp $0x1e,%r14d
	ja L70
L10:
	mov 0x148(%rsp,%rax,8),%r15
	test $0x1,%r15b
	je L6
	test %bpl,%bpl
	je L13
L11:
	movzbl 0x140(%rsp),%eax
	add $0x1,%r14d
	cmp %eax,%r14d
	jae L17
	mov %r14d,%eax
	cmp $0x1e,%r14d
	ja L74
L12:
	mov 0x148(%rsp,%rax,8),%r15
	test $0x1,%r15b
	jne L11
	jmp L7
L13:
	cmp $0x1f,%rax
	jae L73
L14:
	mov 0x48(%rsp,%rax,8),%rsi
	mov %r15,%rcx
	mov %r13,%rdx
	mov %rbx,%rdi
	add $0x1,%r14d
	call shmem_free_swap
	add %rax,%r12
	movzbl 0x140(%rsp),%eax
	cmp %eax,%r14d
	jae L17
	mov %r14d,%eax
	cmp $0x1e,%r14d
	ja L72
L15:
	mov 0x148(%rsp,%rax,8),%r15
	test $0x1,%r15b
	jne L13
L16:
	mov %r15,%rsi
	mov %rbx,%rdi
	call truncate_inode_folio
	jmp L8
L17:
	lea 0x140(%rsp),%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x140(%rsp)
	jne L28
L18:
	call __SCT__cond_resched
	mov (%rsp),%rax
	cmp %rax,0x40(%rsp)
	jb L5
L19:
	test %bpl,%bpl
	jne L24
L20:
	mov 0x38(%rsp),%r13
	mov 0x28(%rsp),%rdi
	mov 0x20(%rsp),%r14
	sar $0xc,%r13
	mov %r13,%rsi
	shr $0xc,%r14
	call shmem_get_partial_folio
	mov %rax,%r15
	test %rax,%rax
	je L57
	mov 0x20(%rax),%r13
	mov $0x1,%eax
	testq $0x40,(%r15)
	je L21
	mov 0x78(%r15),%eax
L21:
	mov %r15,%rdi
	add %rax,%r13
	call folio_mark_dirty
	mov 0x20(%rsp),%rdx
	mov %r15,%rdi
	shl $0xc,%r13
	mov 0x38(%rsp),%rsi
	call truncate_inode_partial_folio
	test %al,%al
	jne L52
	mov 0x20(%r15),%rax
	mov $0x1,%edx
	testq $0x40,(%r15)
	je L22
	mov 0x78(%r15),%edx
L22:
	lea (%rax,%rdx,1),%rcx
	mov %r15,%rdi
	mov %rcx,0x10(%rsp)
	cmp %r13,0x20(%rsp)
	jae L62
	mov %rax,(%rsp)
	call folio_unlock
	lock decl 0x34(%r15)
	mov (%rsp),%rax
	je L67
L23:
	mov %rax,(%rsp)
L24:
	mov 0x10(%rsp),%rax
	mov (%rsp),%rdx
	mov %rax,0x40(%rsp)
	cmp %rdx,%rax
	jae L27
	lea -0x1(%rdx),%rax
	mov %r12,0x30(%rsp)
	mov %rax,0x18(%rsp)
	lea 0x40(%rsp),%rax
	mov %rax,0x8(%rsp)
L25:
	call __SCT__cond_resched
	mov 0x18(%rsp),%rdx
	mov 0x8(%rsp),%rsi
	mov %rbx,%rdi
	lea 0x48(%rsp),%r8
	lea 0x140(%rsp),%rcx
	call find_get_entries
	test %eax,%eax
	jne L29
	mov 0x10(%rsp),%rax
	cmp %rax,0x40(%rsp)
	je L26
	cmpq $0xffffffffffffffff,(%rsp)
	je L50
L26:
	mov 0x30(%rsp),%r12
L27:
	mov %r12,%rdx
	mov 0x28(%rsp),%rdi
	xor %esi,%esi
	neg %rdx
	call shmem_recalc_inode
	mov 0x240(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L80
	add $0x248,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L28:
	lea 0x140(%rsp),%rdi
	call __folio_batch_release
	jmp L18
L29:
	xor %r12d,%r12d
	cmpb $0x0,0x140(%rsp)
	jne L32
	jmp L44
L30:
	test %bpl,%bpl
	je L39
L31:
	movzbl 0x140(%rsp),%eax
	add $0x1,%r12d
	cmp %eax,%r12d
	jae L44
L32:
	mov %r12d,%r15d
	cmp $0x1e,%r12d
	ja L81
L33:
	mov 0x148(%rsp,%r15,8),%r14
	test $0x1,%r14b
	jne L30
L34:
	call __SCT__might_resched
	lock btsq $0x0,(%r14)
	jb L60
L35:
	test %bpl,%bpl
	je L46
	testq $0x8,(%r14)
	je L46
L36:
	mov %r14,%rdi
	call folio_unlock
	jmp L31
L37:
	add %rax,0x30(%rsp)
	movzbl 0x140(%rsp),%eax
	add $0x1,%r12d
	cmp %eax,%r12d
	jae L44
	mov %r12d,%r15d
	cmp $0x1e,%r12d
	ja L79
L38:
	mov 0x148(%rsp,%r15,8),%r14
	test $0x1,%r14b
	je L34
L39:
	cmp $0x1f,%r15
	jae L78
L40:
	mov 0x48(%rsp,%r15,8),%rsi
	mov 0x18(%rsp),%rdx
	mov %r14,%rcx
	mov %rbx,%rdi
	call shmem_free_swap
	test %rax,%rax
	jne L37
	cmp $0x1f,%r15
	jae L77
L41:
	mov 0x48(%rsp,%r15,8),%r13
	shr %r14
	cmp $0x1f,%r15
	jae L76
L42:
	mov %r14,%rdx
	mov %r13,%rsi
	mov %rbx,%rdi
	call shmem_confirm_swap
	test %eax,%eax
	jle L71
	cmp $0x1f,%eax
	ja shmem_undo_range.cold
	mov %eax,%ecx
	mov $0x1,%edx
	shl %cl,%edx
	movslq %edx,%rax
	neg %edx
	movslq %edx,%rdx
	and %rdx,%r13
	cmp 0x10(%rsp),%r13
	jb L51
	add %r13,%rax
	cmp %rax,(%rsp)
	jb L58
	mov %r13,%r15
L43:
	mov %r15,0x40(%rsp)
L44:
	lea 0x140(%rsp),%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x140(%rsp)
	jne L59
L45:
	mov 0x40(%rsp),%rax
	cmp (%rsp),%rax
	jb L25
	jmp L26
L46:
	mov %r14,%rdi
	call folio_mapping
	cmp %rbx,%rax
	jne L68
	testq $0x40,(%r14)
	jne L47
	mov %r14,%rsi
	mov %rbx,%rdi
	call truncate_inode_folio
	jmp L36
L47:
	mov 0x20(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	mov %r14,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	je L36
	testq $0x40,(%r14)
	jne L36
	mov %r14,%rdi
	call folio_unlock
	mov 0x10(%rsp),%rax
	mov %rax,0x40(%rsp)
	jmp L44
L48:
	mov 0x10(%rsp),%rdx
	cmp %rax,%rdx
	jae L56
	test %bpl,%bpl
	je L61
	xor %r8d,%r8d
	movb $0x0,0x142(%rsp)
	mov %r8w,0x140(%rsp)
	mov %rdx,0x40(%rsp)
L49:
	movq $0xffffffffffffffff,(%rsp)
	jmp L4
L50:
	mov %rax,0x40(%rsp)
	jmp L25
L51:
	movzbl 0x140(%rsp),%eax
	add $0x1,%r12d
	cmp %eax,%r12d
	jae L44
	mov %r12d,%r15d
	cmp $0x1e,%r12d
	jbe L38
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L38
L52:
	mov %r15,%rdi
	call folio_unlock
	lock decl 0x34(%r15)
	je L64
L53:
	cmp %r13,0x20(%rsp)
	jb L24
L54:
	mov 0x28(%rsp),%rdi
	mov %r14,%rsi
	call shmem_get_partial_folio
	mov %rax,%r13
	test %rax,%rax
	je L24
	mov %rax,%rdi
	call folio_mark_dirty
	mov 0x20(%rsp),%rdx
	mov 0x38(%rsp),%rsi
	mov %r13,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L55
	mov 0x20(%r13),%rax
	mov %rax,(%rsp)
L55:
	mov %r13,%rdi
	call folio_unlock
	lock decl 0x34(%r13)
	jne L24
	mov %r13,%rdi
	call __folio_put
	jmp L24
L56:
	mov 0x10(%rsp),%rax
	xor %edx,%edx
	movb $0x0,0x142(%rsp)
	mov %dx,0x140(%rsp)
	mov %rax,0x40(%rsp)
	jmp L49
L57:
	cmp %r14,%r13
	je L24
	jmp L54
L58:
	movzbl 0x140(%rsp),%eax
	add $0x1,%r12d
	cmp %eax,%r12d
	jae L44
	mov %r12d,%r15d
	cmp $0x1e,%r12d
	jbe L38
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L38
L59:
	lea 0x140(%rsp),%rdi
	call __folio_batch_release
	jmp L45
L60:
	mov %r14,%rdi
	call __folio_lock
	jmp L35
L61:
	mov 0x10(%rsp),%rax
	mov 0x28(%rsp),%rdx
	xor %esi,%esi
	movb $0x0,0x142(%rsp)
	mov %si,0x140(%rsp)
	mov %rax,-0x10(%rdx)
	mov %rax,0x40(%rsp)
	jmp L49
L62:
	call folio_unlock
	lock decl 0x34(%r15)
	jne L54
	mov %r15,%rdi
	call __folio_put
	jmp L54
L63:
	test %bpl,%bpl
	je L66
	mov 0x10(%rsp),%rax
	xor %edi,%edi
	movb $0x0,0x142(%rsp)
	mov %di,0x140(%rsp)
	mov %rax,0x40(%rsp)
	jmp L4
L64:
	mov %r15,%rdi
	call __folio_put
	jmp L53
L65:
	xor %r12d,%r12d
	test %bpl,%bpl
	jne L27
	jmp L20
L66:
	mov 0x28(%rsp),%rcx
	mov 0x10(%rsp),%rax
	movb $0x0,0x142(%rsp)
	mov %rax,-0x10(%rcx)
	xor %ecx,%ecx
	mov %cx,0x140(%rsp)
	mov %rax,0x40(%rsp)
	jmp L4
L67:
	mov %r15,%rdi
	call __folio_put
	mov (%rsp),%rax
	jmp L23
L68:
	mov %r14,%rdi
	mov %r15,%r13
	call folio_unlock
	cmp $0x1f,%r15
	jae L75
L69:
	mov 0x48(%rsp,%r13,8),%rax
	mov %rax,0x40(%rsp)
	jmp L44
L70:
	mov %rax,%rsi
	mov $DATA,%rdi
	mov %rax,0x18(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x18(%rsp),%rax
	jmp L10
L71:
	mov %r13,%r15
	jmp L43
L72:
	mov %rax,%rsi
	mov $DATA,%rdi
	mov %rax,0x18(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x18(%rsp),%rax
	jmp L15
L73:
	mov %rax,%rsi
	mov $DATA,%rdi
	mov %rax,0x18(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x18(%rsp),%rax
	jmp L14
L74:
	mov %rax,%rsi
	mov $DATA,%rdi
	mov %rax,0x18(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x18(%rsp),%rax
	jmp L12
L75:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L69
L76:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L42
L77:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L41
L78:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L40
L79:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L38
L80:
	call __stack_chk_fail
L81:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L33
<shmem_undo_range.cold>:
	mov %eax,%r14d
	mov $0x1,%esi
	mov $DATA,%rdi
	mov %r14,%rdx
	call __ubsan_handle_shift_out_of_bounds
	cmpq $0x0,0x10(%rsp)
	jne shmem_undo_range+0x420
	mov %r14,%rdx
	mov $0x1,%esi
	mov $DATA,%rdi
	xor %r15d,%r15d
	call __ubsan_handle_shift_out_of_bounds
	jmp shmem_undo_range+0x544
