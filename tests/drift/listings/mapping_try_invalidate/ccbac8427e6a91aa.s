<mapping_try_invalidate>:
	endbr64
	call __fentry__
	push %r15
	push %r14
	push %r13
	xor %r13d,%r13d
	push %r12
	push %rbp
	push %rbx
	xor %ebx,%ebx
	sub $0x220,%rsp
	mov %rdi,(%rsp)
	lea 0x118(%rsp),%rbp
	lea 0x20(%rsp),%rdi
	mov %rcx,0x8(%rsp)
	mov $0x1f,%ecx
	mov %rdx,0x10(%rsp)
	mov %gs:0x28,%rax
	mov %rax,0x218(%rsp)
	xor %eax,%eax
	mov %rsi,0x18(%rsp)
	rep stos %rax,%es:(%rdi)
	mov $0x20,%ecx
	mov %rbp,%rdi
	rep stos %rax,%es:(%rdi)
L1:
	mov 0x10(%rsp),%rdx
	mov (%rsp),%rdi
	lea 0x20(%rsp),%r8
	mov %rbp,%rcx
	lea 0x18(%rsp),%rsi
	call find_lock_entries
	test %eax,%eax
	je L12
	xor %r15d,%r15d
	cmpb $0x0,0x118(%rsp)
	jne L4
	jmp L7
	data16 cs nopw 0x0(%rax,%rax,1)
	data16 cs nopw 0x0(%rax,%rax,1)
	nopl (%rax)
L2:
	add $0x1,%rbx
	mov %eax,%r13d
L3:
	movzbl 0x118(%rsp),%eax
	add $0x1,%r15
	cmp %eax,%r15d
	jae L7
L4:
	mov 0x8(%rbp,%r15,8),%r12
	mov %r12d,%eax
	and $0x1,%eax
	jne L2
	mov (%rsp),%rdi
	mov %r12,%rsi
	call mapping_evict_folio
	mov %r12,%rdi
	mov %rax,%r14
	call folio_unlock
	test %r14,%r14
	je L6
L5:
	add %r14,%rbx
	jmp L3
L6:
	mov %r12,%rdi
	call deactivate_file_folio
	mov 0x8(%rsp),%rax
	test %rax,%rax
	je L5
	addq $0x1,(%rax)
	jmp L5
L7:
	test %r13b,%r13b
	jne L10
L8:
	mov %rbp,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x118(%rsp)
	jne L11
L9:
	call __SCT__cond_resched
	jmp L1
L10:
	mov (%rsp),%rdi
	lea 0x20(%rsp),%rdx
	mov %rbp,%rsi
	call clear_shadow_entries
	jmp L8
L11:
	mov %rbp,%rdi
	call __folio_batch_release
	jmp L9
L12:
	mov 0x218(%rsp),%rax
	sub %gs:0x28,%rax
	jne L13
	add $0x220,%rsp
	mov %rbx,%rax
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L13:
	call __stack_chk_fail
