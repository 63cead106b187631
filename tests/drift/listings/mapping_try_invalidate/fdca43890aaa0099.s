<mapping_try_invalidate>:
	endbr64
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	xor %ebx,%ebx
	sub $0x228,%rsp
	mov %rdi,0x8(%rsp)
	lea 0x120(%rsp),%r12
	lea 0x28(%rsp),%rdi
	mov %rcx,0x10(%rsp)
	mov $0x1f,%ecx
	mov %rdx,0x18(%rsp)
	mov %gs:__stack_chk_guard(%rip),%rax
	mov %rax,0x220(%rsp)
	xor %eax,%eax
	mov %rsi,0x20(%rsp)
	rep stos %rax,%es:(%rdi)
	mov $0x20,%ecx
	mov %r12,%rdi
	rep stos %rax,%es:(%rdi)
L1:
	mov 0x18(%rsp),%rdx
	mov 0x8(%rsp),%rdi
	lea 0x28(%rsp),%r8
	mov %r12,%rcx
	lea 0x20(%rsp),%rsi
	call find_lock_entries
	test %eax,%eax
	je L13
	movzbl 0x120(%rsp),%ebp
	test %ebp,%ebp
	je L7
	movb $0x0,0x7(%rsp)
	xor %r15d,%r15d
	jmp L3
L2:
	add $0x1,%r15
	mov %al,0x7(%rsp)
	add $0x1,%rbx
	cmp %r15d,%ebp
	jle L6
L3:
	movslq %r15d,%rsi
	cmp $0x1f,%rsi
	jae L14
L4:
	mov 0x8(%r12,%r15,8),%r14
	mov %r14d,%eax
	and $0x1,%eax
	jne L2
	mov 0x8(%rsp),%rdi
	mov %r14,%rsi
	call mapping_evict_folio
	mov %r14,%rdi
	mov %rax,%r13
	call folio_unlock
	test %r13,%r13
	je L9
L5:
	add $0x1,%r15
	add %r13,%rbx
	cmp %r15d,%ebp
	jg L3
L6:
	cmpb $0x0,0x7(%rsp)
	jne L10
L7:
	mov %r12,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x120(%rsp)
	jne L12
L8:
	call __SCT__cond_resched
	jmp L1
L9:
	mov %r14,%rdi
	call deactivate_file_folio
	mov 0x10(%rsp),%rax
	test %rax,%rax
	je L5
	addq $0x1,(%rax)
	jmp L5
L10:
	sub $0x1,%ebp
	movslq %ebp,%rbp
	cmp $0x1f,%rbp
	jae L16
L11:
	mov 0x28(%rsp,%rbp,8),%rdx
	mov 0x28(%rsp),%rsi
	mov 0x8(%rsp),%rdi
	call clear_shadow_entries
	jmp L7
L12:
	mov %r12,%rdi
	call __folio_batch_release
	jmp L8
L13:
	mov 0x220(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L15
	add $0x228,%rsp
	mov %rbx,%rax
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L14:
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L4
L15:
	call __stack_chk_fail
L16:
	mov %rbp,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L11
