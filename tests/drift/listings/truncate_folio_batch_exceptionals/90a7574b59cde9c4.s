<truncate_folio_batch_exceptionals>:
	call __fentry__
	add $0xffffffffffffff80,%rsp
	lea 0x8(%rdi),%rax
	mov %rbx,0x58(%rsp)
	mov %rdi,%rbx
	mov %rbp,0x60(%rsp)
	mov %rsi,%rbp
	mov %r13,0x70(%rsp)
	mov %r14,0x78(%rsp)
	movzbl (%rsi),%r13d
	mov %gs:__stack_chk_guard(%rip),%r14
	mov %r14,0x50(%rsp)
	mov %rdx,%r14
	mov %rax,0x18(%rsp)
	mov (%rdx),%rax
	movq $0x0,0x28(%rsp)
	movq $0x0,0x38(%rsp)
	movq $0x0,0x40(%rsp)
	movq $0x0,0x48(%rsp)
	mov %rax,0x20(%rsp)
	movq $0x3,0x30(%rsp)
	call shmem_mapping
	test %al,%al
	jne L14
	test %r13d,%r13d
	je L14
	mov %r12,0x68(%rsp)
	xor %edx,%edx
	lea 0x8(%rbp),%r12
	jmp L2
L1:
	add $0x1,%edx
	add $0x8,%r12
	cmp %edx,%r13d
	je L16
L2:
	mov %edx,%esi
	cmp $0x1e,%edx
	ja L21
L3:
	testb $0x1,(%r12)
	je L1
	cmp %edx,%r13d
	je L16
	mov (%rbx),%rdi
	test %rdi,%rdi
	je L4
	testb $0x20,0x5(%rdi)
	jne L17
L4:
	mov (%r14,%rsi,8),%rax
	sub $0xffffffffffffff80,%rdi
	movq $0x3,0x30(%rsp)
	movq $workingset_update_node,0x40(%rsp)
	mov %rax,0x20(%rsp)
	call _raw_spin_lock
	mov 0x18(%rsp),%rdi
	call _raw_spin_lock_irq
	lea -0x1(%r13),%eax
	lea (%r14,%rax,8),%r12
	lea 0x18(%rsp),%rdi
	mov (%r12),%rsi
	call xas_find
	test %rax,%rax
	je L10
L5:
	test $0x1,%al
	jne L15
L6:
	mov 0x30(%rsp),%r13
	mov (%r12),%r14
	test $0x3,%r13b
	jne L9
	test %r13,%r13
	je L9
	cmpb $0x0,0x0(%r13)
	jne L9
	mov 0x20(%rsp),%rcx
	movzbl 0x2a(%rsp),%edx
	mov %rcx,%rax
	and $0x3f,%eax
	cmp %rax,%rdx
	jne L9
	cmp %r14,%rcx
	jae L9
L7:
	movzbl 0x2a(%rsp),%edx
	cmp $0x3f,%dl
	je L9
	movzbl %dl,%eax
	add $0x1,%rax
	cmp $0x41,%rax
	jae L22
L8:
	mov 0x28(%r13,%rax,8),%rax
	mov %rax,%rsi
	and $0x3,%esi
	cmp $0x2,%rsi
	je L9
	add $0x1,%edx
	add $0x1,%rcx
	mov %dl,0x2a(%rsp)
	mov %rcx,0x20(%rsp)
	test %rax,%rax
	jne L5
	cmp %r14,%rcx
	jb L7
L9:
	mov %r14,%rsi
	lea 0x18(%rsp),%rdi
	call xas_find
	test %rax,%rax
	jne L5
L10:
	mov 0x18(%rsp),%rdi
	call _raw_spin_unlock_irq
	mov 0x10(%rbx),%rax
	test %rax,%rax
	je L11
	mov %rax,%rdx
	and $0x3,%edx
	cmp $0x2,%rdx
	je L12
	test $0x1,%al
	je L12
L11:
	mov (%rbx),%rdi
	call inode_lru_list_add
L12:
	mov (%rbx),%rdi
	sub $0xffffffffffffff80,%rdi
	call _raw_spin_unlock
L13:
	mov %rbp,%rdi
	call folio_batch_remove_exceptionals
	mov 0x68(%rsp),%r12
L14:
	mov 0x50(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L24
	mov 0x58(%rsp),%rbx
	mov 0x60(%rsp),%rbp
	mov 0x70(%rsp),%r13
	mov 0x78(%rsp),%r14
	sub $0xffffffffffffff80,%rsp
	jmp __x86_return_thunk
L15:
	xor %esi,%esi
	lea 0x18(%rsp),%rdi
	call xas_store
	jmp L6
L16:
	mov 0x68(%rsp),%r12
	jmp L14
L17:
	cmp %edx,%r13d
	jle L13
	lea 0x0(,%rsi,8),%rcx
	lea 0x8(%rbp,%rcx,1),%r12
	add %rcx,%r14
	jmp L19
L18:
	add $0x1,%edx
	add $0x8,%r12
	add $0x8,%r14
	cmp %edx,%r13d
	je L13
	mov %edx,%esi
L19:
	cmp $0x1f,%rsi
	jae L23
L20:
	testb $0x1,(%r12)
	je L18
	mov %edx,(%rsp)
	ud2
	mov (%r14),%rsi
	mov %rbx,%rdi
	call dax_delete_mapping_entry
	mov (%rsp),%edx
	jmp L18
L21:
	mov $DATA,%rdi
	mov %edx,0xc(%rsp)
	mov %rsi,(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0xc(%rsp),%edx
	mov (%rsp),%rsi
	jmp L3
L22:
	mov %rax,%rsi
	mov $DATA,%rdi
	mov %rcx,0x10(%rsp)
	mov %dl,0xc(%rsp)
	mov %rax,(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x10(%rsp),%rcx
	movzbl 0xc(%rsp),%edx
	mov (%rsp),%rax
	jmp L8
L23:
	mov $DATA,%rdi
	mov %edx,(%rsp)
	call __ubsan_handle_out_of_bounds
	mov (%rsp),%edx
	jmp L20
L24:
	mov %r12,0x68(%rsp)
	call __stack_chk_fail
