<mapping_try_invalidate>:
	endbr64
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	sub $0x220,%rsp
	mov %rdi,(%rsp)
	mov %rdx,0x10(%rsp)
	mov %rcx,0x8(%rsp)
	mov %gs:__stack_chk_guard(%rip),%rax
	mov %rax,0x218(%rsp)
	xor %eax,%eax
L1:
	mov %eax,%edx
	add $0x20,%eax
	movq $0x0,0x20(%rsp,%rdx,1)
	movq $0x0,0x28(%rsp,%rdx,1)
	movq $0x0,0x30(%rsp,%rdx,1)
	movq $0x0,0x38(%rsp,%rdx,1)
	cmp $0xe0,%eax
	jb L1
	movq $0x0,0x20(%rsp,%rax,1)
	movq $0x0,0x28(%rsp,%rax,1)
	movq $0x0,0x30(%rsp,%rax,1)
	xor %eax,%eax
L2:
	mov %eax,%edx
	add $0x20,%eax
	movq $0x0,0x118(%rsp,%rdx,1)
	movq $0x0,0x120(%rsp,%rdx,1)
	movq $0x0,0x128(%rsp,%rdx,1)
	movq $0x0,0x130(%rsp,%rdx,1)
	cmp $0x100,%eax
	jb L2
	xor %eax,%eax
	mov %rsi,0x18(%rsp)
	xor %ebx,%ebx
	mov %ax,0x118(%rsp)
	movb $0x0,0x11a(%rsp)
L3:
	mov 0x10(%rsp),%rdx
	mov (%rsp),%rdi
	lea 0x20(%rsp),%r8
	lea 0x118(%rsp),%rcx
	lea 0x18(%rsp),%rsi
	call find_lock_entries
	test %eax,%eax
	je L14
	movzbl 0x118(%rsp),%ebp
	test %ebp,%ebp
	je L10
	xor %r15d,%r15d
	xor %r12d,%r12d
	jmp L5
L4:
	add $0x1,%r15
	add $0x1,%rbx
	mov %eax,%r12d
	cmp %r15d,%ebp
	jle L8
L5:
	mov %r15d,%esi
	cmp $0x1e,%r15d
	ja L15
L6:
	mov 0x120(%rsp,%r15,8),%r13
	mov %r13d,%eax
	and $0x1,%eax
	jne L4
	mov (%rsp),%rdi
	mov %r13,%rsi
	call mapping_evict_folio
	mov %r13,%rdi
	mov %rax,%r14
	call folio_unlock
	test %r14,%r14
	je L12
L7:
	add $0x1,%r15
	add %r14,%rbx
	cmp %r15d,%ebp
	jg L5
L8:
	test %r12b,%r12b
	je L10
	sub $0x1,%ebp
	cmp $0x1f,%rbp
	jae L16
L9:
	mov 0x20(%rsp,%rbp,8),%rdx
	mov 0x20(%rsp),%rsi
	mov (%rsp),%rdi
	call clear_shadow_entries
L10:
	lea 0x118(%rsp),%rdi
	call folio_batch_remove_exceptionals
	cmpb $0x0,0x118(%rsp)
	jne L13
L11:
	call __SCT__cond_resched
	jmp L3
L12:
	mov %r13,%rdi
	call deactivate_file_folio
	mov 0x8(%rsp),%rax
	test %rax,%rax
	je L7
	addq $0x1,(%rax)
	jmp L7
L13:
	lea 0x118(%rsp),%rdi
	call __folio_batch_release
	jmp L11
L14:
	mov 0x218(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L17
	add $0x220,%rsp
	mov %rbx,%rax
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L15:
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L6
L16:
	mov %rbp,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L9
L17:
	call __stack_chk_fail
