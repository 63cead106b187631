<truncate_inode_pages_range>:
	endbr64
	call __fentry__
	push %r15
	mov $0x20,%ecx
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	mov %rdi,%rbx
	sub $0x230,%rsp
	mov %rsi,0x18(%rsp)
	lea 0x128(%rsp),%rbp
	lea 0x30(%rsp),%r12
	mov %rdx,0x10(%rsp)
	mov %rbp,%rdi
	mov %gs:__stack_chk_guard(%rip),%rax
	mov %rax,0x228(%rsp)
	xor %eax,%eax
	cmpq $0x0,0x10(%rbx)
	movq $0x0,0x28(%rsp)
	rep stos %rax,%es:(%rdi)
	mov $0x1f,%ecx
	mov %r12,%rdi
	rep stos %rax,%es:(%rdi)
	je L15
	lea 0xfff(%rsi),%rax
	shr $0xc,%rax
	mov %rax,0x8(%rsp)
	cmp $0xffffffffffffffff,%rdx
	je L27
	mov 0x10(%rsp),%rax
	movb $0x0,0x12a(%rsp)
	lea 0x1(%rax),%r14
	xor %eax,%eax
	mov %ax,0x128(%rsp)
	mov 0x8(%rsp),%rax
	shr $0xc,%r14
	mov %rax,0x28(%rsp)
	cmp %r14,%rax
	jae L9
L1:
	lea 0x28(%rsp),%rax
	lea -0x1(%r14),%r13
	mov %rax,(%rsp)
L2:
	mov (%rsp),%rsi
	mov %r12,%r8
	mov %rbp,%rcx
	mov %r13,%rdx
	mov %rbx,%rdi
	call find_lock_entries
	test %eax,%eax
	je L9
	mov %r12,%rdx
	mov %rbp,%rsi
	mov %rbx,%rdi
	xor %r15d,%r15d
	call truncate_folio_batch_exceptionals
	cmpb $0x0,0x128(%rsp)
	je L5
L3:
	movslq %r15d,%rdx
	cmp $0x1f,%rdx
	jae L37
L4:
	mov 0x130(%rsp,%rdx,8),%rdi
	add $0x1,%r15d
	call truncate_cleanup_folio
	movzbl 0x128(%rsp),%edx
	cmp %edx,%r15d
	jb L3
L5:
	mov %rbp,%rsi
	mov %rbx,%rdi
	xor %r15d,%r15d
	call delete_from_page_cache_batch
	cmpb $0x0,0x128(%rsp)
	je L8
L6:
	movslq %r15d,%rdx
	cmp $0x1f,%rdx
	jae L36
L7:
	mov 0x130(%rsp,%rdx,8),%rdi
	add $0x1,%r15d
	call folio_unlock
	movzbl 0x128(%rsp),%ecx
	cmp %ecx,%r15d
	jb L6
	test %cl,%cl
	je L8
	mov %rbp,%rdi
	call __folio_batch_release
L8:
	call __SCT__cond_resched
	cmp %r14,0x28(%rsp)
	jb L2
L9:
	mov 0x18(%rsp),%r13
	mov 0x10(%rsp),%rax
	xor %r8d,%r8d
	xor %ecx,%ecx
	mov $0x2,%edx
	mov %rbx,%rdi
	sar $0xc,%r13
	shr $0xc,%rax
	mov %r13,%rsi
	mov %rax,(%rsp)
	call __filemap_get_folio_mpol
	mov %rax,%r15
	cmp $0xfffffffffffff000,%rax
	ja L34
	mov (%r15),%rcx
	mov 0x20(%rax),%rax
	mov $0x1,%edx
	and $0x40,%ecx
	je L10
	mov 0x78(%r15),%edx
L10:
	add %rdx,%rax
	mov 0x18(%rsp),%rsi
	mov 0x10(%rsp),%rdx
	mov %r15,%rdi
	shl $0xc,%rax
	mov %rax,%r13
	call truncate_inode_partial_folio
	test %al,%al
	je L16
	mov %r15,%rdi
	call folio_unlock
	lock decl 0x34(%r15)
	je L33
L11:
	cmp %r13,0x10(%rsp)
	jae L29
L12:
	lea -0x1(%r14),%rsi
	mov 0x8(%rsp),%rax
	mov %rsi,0x10(%rsp)
	lea 0x28(%rsp),%rsi
	mov %rax,0x28(%rsp)
	mov %rsi,(%rsp)
L13:
	cmp %r14,%rax
	jae L15
L14:
	call __SCT__cond_resched
	mov 0x10(%rsp),%rdx
	mov %r12,%r8
	mov %rbp,%rcx
	mov (%rsp),%rsi
	mov %rbx,%rdi
	call find_get_entries
	test %eax,%eax
	jne L19
	mov 0x8(%rsp),%rax
	cmp %rax,0x28(%rsp)
	je L15
	mov %rax,0x28(%rsp)
	jmp L14
L15:
	mov 0x228(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L38
	add $0x230,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L16:
	mov (%r15),%rcx
	mov 0x20(%r15),%rdx
	mov $0x1,%eax
	and $0x40,%ecx
	je L17
	mov 0x78(%r15),%eax
L17:
	add %rdx,%rax
	mov %rdx,0x20(%rsp)
	mov %r15,%rdi
	mov %rax,0x8(%rsp)
	cmp %r13,0x10(%rsp)
	jae L28
	call folio_unlock
	lock decl 0x34(%r15)
	mov 0x20(%rsp),%rdx
	je L35
L18:
	mov %rdx,%r14
	jmp L12
L19:
	xor %r13d,%r13d
	cmpb $0x0,0x128(%rsp)
	je L25
L20:
	movslq %r13d,%r15
	cmp $0x1f,%r15
	jae L39
L21:
	mov 0x130(%rsp,%r15,8),%r15
	test $0x1,%r15b
	jne L24
	call __SCT__might_resched
	lock btsq $0x0,(%r15)
	jb L31
L22:
	mov %r15,%rdi
	call folio_wait_writeback
	cmp 0x18(%r15),%rbx
	jne L23
	mov %r15,%rdi
	call truncate_cleanup_folio
	mov %r15,%rdi
	call filemap_remove_folio
L23:
	mov %r15,%rdi
	call folio_unlock
L24:
	movzbl 0x128(%rsp),%eax
	add $0x1,%r13d
	cmp %eax,%r13d
	jb L20
L25:
	mov %r12,%rdx
	mov %rbp,%rsi
	mov %rbx,%rdi
	call truncate_folio_batch_exceptionals
	cmpb $0x0,0x128(%rsp)
	jne L32
L26:
	mov 0x28(%rsp),%rax
	jmp L13
L27:
	xor %edx,%edx
	movb $0x0,0x12a(%rsp)
	mov $0xffffffffffffffff,%r14
	mov %dx,0x128(%rsp)
	mov %rax,0x28(%rsp)
	jmp L1
L28:
	call folio_unlock
	lock decl 0x34(%r15)
	jne L29
	mov %r15,%rdi
	call __folio_put
L29:
	mov (%rsp),%rsi
	xor %r8d,%r8d
	xor %ecx,%ecx
	mov $0x2,%edx
	mov %rbx,%rdi
	call __filemap_get_folio_mpol
	mov %rax,%r13
	cmp $0xfffffffffffff000,%rax
	ja L12
	mov 0x10(%rsp),%rdx
	mov 0x18(%rsp),%rsi
	mov %rax,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L30
	mov 0x20(%r13),%r14
L30:
	mov %r13,%rdi
	call folio_unlock
	lock decl 0x34(%r13)
	jne L12
	mov %r13,%rdi
	call __folio_put
	jmp L12
L31:
	mov %r15,%rdi
	call __folio_lock
	jmp L22
L32:
	mov %rbp,%rdi
	call __folio_batch_release
	jmp L26
L33:
	mov %r15,%rdi
	call __folio_put
	jmp L11
L34:
	mov (%rsp),%rax
	cmp %rax,%r13
	je L12
	jmp L29
L35:
	mov %r15,%rdi
	mov %rdx,(%rsp)
	call __folio_put
	mov (%rsp),%rdx
	jmp L18
L36:
	mov %rdx,%rsi
	mov $DATA,%rdi
	mov %rdx,0x20(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x20(%rsp),%rdx
	jmp L7
L37:
	mov %rdx,%rsi
	mov $DATA,%rdi
	mov %rdx,0x20(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x20(%rsp),%rdx
	jmp L4
L38:
	call __stack_chk_fail
L39:
	mov %r15,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L21
