<truncate_folio_batch_exceptionals>:
	call __fentry__
	push %r15
	lea 0x8(%rdi),%rax
	push %r14
	push %r13
	push %r12
	mov %rsi,%r12
	push %rbp
	mov %rdi,%rbp
	push %rbx
	sub $0x58,%rsp
	movzbl (%rsi),%r14d
	mov %gs:__stack_chk_guard(%rip),%r15
	mov %r15,0x50(%rsp)
	mov %rdx,%r15
	mov %rax,0x18(%rsp)
	mov (%rdx),%rax
	movq $0x0,0x28(%rsp)
	mov %rax,0x20(%rsp)
	movq $0x3,0x30(%rsp)
	movq $0x0,0x38(%rsp)
	movq $0x0,0x40(%rsp)
	movq $0x0,0x48(%rsp)
	call shmem_mapping
	test %al,%al
	jne L14
	test %r14d,%r14d
	je L14
	lea 0x8(%r12),%r13
	xor %ebx,%ebx
	jmp L2
L1:
	add $0x1,%ebx
	add $0x8,%r13
	cmp %ebx,%r14d
	je L14
L2:
	movslq %ebx,%rsi
	cmp $0x1f,%rsi
	jae L21
L3:
	testb $0x1,0x0(%r13)
	je L1
	cmp %ebx,%r14d
	je L14
	mov 0x0(%rbp),%rdi
	test %rdi,%rdi
	je L4
	testb $0x20,0x5(%rdi)
	jne L16
L4:
	mov (%r15,%rsi,8),%rax
	sub $0xffffffffffffff80,%rdi
	sub $0x1,%r14d
	movq $0x3,0x30(%rsp)
	movq $workingset_update_node,0x40(%rsp)
	movslq %r14d,%r14
	mov %rax,0x20(%rsp)
	lea (%r15,%r14,8),%r13
	call _raw_spin_lock
	mov 0x18(%rsp),%rdi
	call _raw_spin_lock_irq
	mov 0x0(%r13),%rsi
	lea 0x18(%rsp),%rbx
	mov %rbx,%rdi
	call xas_find
	test %rax,%rax
	je L10
L5:
	test $0x1,%al
	jne L15
L6:
	mov 0x30(%rsp),%rdx
	mov 0x0(%r13),%r8
	test $0x3,%dl
	jne L9
	test %rdx,%rdx
	je L9
	cmpb $0x0,(%rdx)
	jne L9
	mov 0x20(%rsp),%rcx
	movzbl 0x2a(%rsp),%esi
	mov %rcx,%rax
	and $0x3f,%eax
	cmp %rax,%rsi
	jne L9
	cmp %r8,%rcx
	jae L9
L7:
	movzbl 0x2a(%rsp),%r14d
	cmp $0x3f,%r14b
	je L9
	movzbl %r14b,%eax
	lea 0x1(%rax),%r15
	cmp $0x41,%r15
	jae L22
L8:
	add $0x4,%r15
	mov 0x8(%rdx,%r15,8),%rax
	mov %rax,%rsi
	and $0x3,%esi
	cmp $0x2,%rsi
	je L9
	add $0x1,%r14d
	add $0x1,%rcx
	mov %r14b,0x2a(%rsp)
	mov %rcx,0x20(%rsp)
	test %rax,%rax
	jne L5
	cmp %r8,%rcx
	jb L7
L9:
	mov %r8,%rsi
	mov %rbx,%rdi
	call xas_find
	test %rax,%rax
	jne L5
L10:
	mov 0x18(%rsp),%rdi
	call _raw_spin_unlock_irq
	mov 0x10(%rbp),%rax
	test %rax,%rax
	je L20
	mov %rax,%rdx
	and $0x3,%edx
	cmp $0x2,%rdx
	jne L11
	cmp $0x1000,%rax
	ja L12
L11:
	test $0x1,%al
	jne L20
L12:
	mov 0x0(%rbp),%rdi
	sub $0xffffffffffffff80,%rdi
	call _raw_spin_unlock
L13:
	mov %r12,%rdi
	call folio_batch_remove_exceptionals
L14:
	mov 0x50(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L24
	add $0x58,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L15:
	xor %esi,%esi
	mov %rbx,%rdi
	call xas_store
	jmp L6
L16:
	lea 0x0(,%rsi,8),%r13
	cmp %ebx,%r14d
	jg L18
	jmp L13
L17:
	add $0x1,%ebx
	add $0x8,%r13
	cmp %ebx,%r14d
	je L13
	movslq %ebx,%rsi
L18:
	cmp $0x1f,%rsi
	jae L23
L19:
	testb $0x1,0x8(%r12,%r13,1)
	je L17
	ud2
	mov (%r15,%r13,1),%rsi
	mov %rbp,%rdi
	call dax_delete_mapping_entry
	jmp L17
L20:
	mov 0x0(%rbp),%rdi
	call inode_lru_list_add
	jmp L12
L21:
	mov $DATA,%rdi
	mov %rsi,(%rsp)
	call __ubsan_handle_out_of_bounds
	mov (%rsp),%rsi
	jmp L3
L22:
	mov %r15,%rsi
	mov $DATA,%rdi
	mov %rcx,0x10(%rsp)
	mov %rdx,0x8(%rsp)
	mov %r8,(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x10(%rsp),%rcx
	mov 0x8(%rsp),%rdx
	mov (%rsp),%r8
	jmp L8
L23:
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L19
L24:
	call __stack_chk_fail
