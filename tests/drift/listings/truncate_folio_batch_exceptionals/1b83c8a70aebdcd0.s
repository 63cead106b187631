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
	je L4
	mov %rsi,%rbp
	mov %rdx,%r15
	xor %ebx,%ebx
	jmp L2
L1:
	add $0x1,%ebx
	cmp %eax,%ebx
	je L4
L2:
	movslq %ebx,%r12
	testb $0x1,0x8(%rbp,%r12,8)
	je L1
	cmp %eax,%ebx
	je L4
	mov 0x8(%rsp),%rcx
	mov (%rcx),%rdi
	test %rdi,%rdi
	je L5
	testb $0x20,0xd(%rdi)
	je L5
	mov $0x1,%r14d
	cmp %eax,%ebx
	jb L6
L3:
	mov %bl,0x0(%rbp)
L4:
	mov 0x48(%rsp),%rax
	sub %gs:0x28,%rax
	jne L17
	add $0x50,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L5:
	sub $0xffffffffffffff80,%rdi
	call _raw_spin_lock
	mov 0x8(%rsp),%rax
	lea 0x8(%rax),%r14
	mov %r14,%rdi
	call _raw_spin_lock_irq
	movzbl 0x0(%rbp),%eax
	cmp %eax,%ebx
	jae L11
	xor %r14d,%r14d
L6:
	mov 0x8(%rsp),%rax
	lea (%r15,%r12,8),%r13
	mov %ebx,%r12d
	add $0x8,%rax
	mov %rax,(%rsp)
	jmp L9
L7:
	test %r14d,%r14d
	jne L15
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
	je L14
L8:
	movzbl 0x0(%rbp),%eax
	add $0x1,%r12d
	add $0x8,%r13
	cmp %eax,%r12d
	jae L10
L9:
	movslq %r12d,%rax
	mov 0x0(%r13),%rsi
	mov 0x8(%rbp,%rax,8),%r15
	test $0x1,%r15b
	jne L7
	movslq %ebx,%rax
	add $0x1,%ebx
	mov %r15,0x8(%rbp,%rax,8)
	jmp L8
L10:
	test %r14d,%r14d
	jne L3
	mov 0x8(%rsp),%rax
	lea 0x8(%rax),%r14
L11:
	mov %r14,%rdi
	call _raw_spin_unlock_irq
	mov 0x8(%rsp),%rax
	mov 0x10(%rax),%rax
	test %rax,%rax
	je L16
	mov %rax,%rdx
	and $0x3,%edx
	cmp $0x2,%rdx
	jne L12
	cmp $0x1000,%rax
	ja L13
L12:
	test $0x1,%al
	jne L16
L13:
	mov 0x8(%rsp),%rax
	mov (%rax),%rdi
	sub $0xffffffffffffff80,%rdi
	call _raw_spin_unlock
	mov %bl,0x0(%rbp)
	jmp L4
L14:
	xor %esi,%esi
	lea 0x10(%rsp),%rdi
	call xas_store
	jmp L8
L15:
	mov 0x8(%rsp),%rdi
	call dax_delete_mapping_entry
	jmp L8
L16:
	mov 0x8(%rsp),%rax
	mov (%rax),%rdi
	call inode_add_lru
	jmp L13
L17:
	call __stack_chk_fail
