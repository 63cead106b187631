<invalidate_mapping_pagevec>:
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	xor %ebp,%ebp
	push %rbx
	mov %rsi,%rbx
	sub $0x118,%rsp
	mov %rdi,(%rsp)
	lea 0x90(%rsp),%r13
	lea 0x18(%rsp),%rdi
	mov %rcx,0x8(%rsp)
	mov $0xf,%ecx
	mov %rdx,0x10(%rsp)
	mov %gs:0x28,%rax
	mov %rax,0x110(%rsp)
	xor %eax,%eax
	rep stos %rax,%es:(%rdi)
	mov $0x10,%ecx
	mov %r13,%rdi
	rep stos %rax,%es:(%rdi)
L1:
	mov 0x10(%rsp),%rdx
	mov (%rsp),%rdi
	mov %r13,%rcx
	mov %rbx,%rsi
	lea 0x18(%rsp),%r8
	call find_lock_entries
	test %eax,%eax
	je L12
	xor %r15d,%r15d
	cmpb $0x0,0x90(%rsp)
	jne L4
	jmp L9
L2:
	add %r12,%rbp
L3:
	movzbl 0x90(%rsp),%eax
	add $0x1,%r15
	cmp %eax,%r15d
	jae L9
L4:
	mov 0x8(%r13,%r15,8),%r14
	mov 0x18(%rsp,%r15,8),%rbx
	test $0x1,%r14b
	jne L6
	mov (%r14),%rax
	test $0x10000,%eax
	je L5
	mov 0x5c(%r14),%eax
	lea -0x1(%rbx,%rax,1),%rbx
L5:
	mov (%rsp),%rdi
	mov %r14,%rsi
	call mapping_evict_folio
	mov %r14,%rdi
	mov %rax,%r12
	call folio_unlock
	test %r12,%r12
	jne L2
	mov %r14,%rdi
	call deactivate_file_folio
	mov 0x8(%rsp),%rax
	test %rax,%rax
	je L2
	addq $0x1,(%rax)
	jmp L2
L6:
	mov (%rsp),%rax
	cmpq $shmem_aops,0x90(%rax)
	je L8
	mov (%rax),%rax
	test %rax,%rax
	je L7
	testb $0x20,0xd(%rax)
	jne L8
L7:
	mov (%rsp),%rdi
	mov %r14,%rdx
	mov %rbx,%rsi
	call clear_shadow_entry
L8:
	add $0x1,%rbp
	jmp L3
L9:
	mov %r13,%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x90(%rsp)
	jne L11
L10:
	call __SCT__cond_resched
	add $0x1,%rbx
	jmp L1
L11:
	mov %r13,%rdi
	call __pagevec_release
	jmp L10
L12:
	mov 0x110(%rsp),%rax
	sub %gs:0x28,%rax
	jne L13
	add $0x118,%rsp
	mov %rbp,%rax
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L13:
	call __stack_chk_fail
