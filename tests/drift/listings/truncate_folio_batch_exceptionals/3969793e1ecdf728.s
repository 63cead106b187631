<truncate_folio_batch_exceptionals.part.0>:
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	sub $0x50,%rsp
	mov %rdi,0x8(%rsp)
	mov %gs:0x28,%rax
	mov %rax,0x48(%rsp)
	xor %eax,%eax
	movzbl (%rsi),%eax
	test %al,%al
	je L11
	mov %rsi,%r12
	mov %rdx,%r15
	xor %ebx,%ebx
	jmp L2
	data16 cs nopw 0x0(%rax,%rax,1)
	nopl 0x0(%rax,%rax,1)
L1:
	add $0x1,%ebx
	cmp %eax,%ebx
	je L11
L2:
	movslq %ebx,%r13
	movzbl 0x8(%r12,%r13,8),%ebp
	and $0x1,%ebp
	je L1
	cmp %eax,%ebx
	je L11
	mov 0x8(%rsp),%rcx
	mov (%rcx),%rdi
	test %rdi,%rdi
	je L7
	testb $0x20,0xd(%rdi)
	je L7
	cmp %eax,%ebx
	jae L10
L3:
	mov 0x8(%rsp),%rax
	lea (%r15,%r13,8),%r14
	mov %ebx,%r13d
	add $0x8,%rax
	mov %rax,(%rsp)
	jmp L6
L4:
	mov (%r14),%rsi
	test %bpl,%bpl
	jne L17
	mov (%rsp),%rax
	lea 0x10(%rsp),%rdi
	mov %rsi,0x18(%rsp)
	movq $0x0,0x40(%rsp)
	mov %rax,0x10(%rsp)
	movq $0x0,0x20(%rsp)
	movq $0x3,0x28(%rsp)
	movq $0x0,0x30(%rsp)
	movq $workingset_update_node,0x38(%rsp)
	call xas_load
	cmp %rax,%r15
	lea 0x10(%rsp),%rdi
	je L8
L5:
	movzbl (%r12),%eax
	add $0x1,%r13d
	add $0x8,%r14
	cmp %eax,%r13d
	jae L9
L6:
	movslq %r13d,%rax
	mov 0x8(%r12,%rax,8),%r15
	test $0x1,%r15b
	jne L4
	movslq %ebx,%rax
	add $0x1,%ebx
	mov %r15,0x8(%r12,%rax,8)
	jmp L5
L7:
	sub $0xffffffffffffff80,%rdi
	xor %ebp,%ebp
	call _raw_spin_lock
	mov 0x8(%rsp),%rax
	lea 0x8(%rax),%rdi
	mov %rdi,(%rsp)
	call _raw_spin_lock_irq
	movzbl (%r12),%eax
	mov (%rsp),%rdi
	cmp %eax,%ebx
	jb L3
	jmp L13
L8:
	xor %esi,%esi
	call xas_store
	jmp L5
L9:
	test %bpl,%bpl
	je L12
L10:
	mov %bl,(%r12)
L11:
	mov 0x48(%rsp),%rax
	sub %gs:0x28,%rax
	jne L18
	add $0x50,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L12:
	mov 0x8(%rsp),%rax
	lea 0x8(%rax),%rdi
L13:
	call _raw_spin_unlock_irq
	mov 0x8(%rsp),%rax
	mov 0x10(%rax),%rax
	test %rax,%rax
	je L15
	mov %rax,%rdx
	and $0x3,%edx
	cmp $0x2,%rdx
	jne L14
	cmp $0x1000,%rax
	ja L16
L14:
	test $0x1,%al
	je L16
L15:
	mov 0x8(%rsp),%rax
	mov (%rax),%rdi
	call inode_add_lru
L16:
	mov 0x8(%rsp),%rax
	mov (%rax),%rdi
	sub $0xffffffffffffff80,%rdi
	call _raw_spin_unlock
	mov %bl,(%r12)
	jmp L11
L17:
	mov 0x8(%rsp),%rdi
	call dax_delete_mapping_entry
	jmp L5
L18:
	call __stack_chk_fail
