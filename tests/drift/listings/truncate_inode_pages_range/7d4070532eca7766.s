<truncate_inode_pages_range>:
	endbr64
	call __fentry__
	push %r15
	push %r14
	push %r13
	push %r12
	push %rbp
	push %rbx
	mov %rdi,%rbx
	sub $0x220,%rsp
	mov %rsi,0x8(%rsp)
	mov %rdx,(%rsp)
	mov %gs:__stack_chk_guard(%rip),%rax
	mov %rax,0x218(%rsp)
	xor %eax,%eax
L1:
	mov %eax,%edx
	add $0x20,%eax
	movq $0x0,0x118(%rsp,%rdx,1)
	movq $0x0,0x120(%rsp,%rdx,1)
	movq $0x0,0x128(%rsp,%rdx,1)
	movq $0x0,0x130(%rsp,%rdx,1)
	cmp $0x100,%eax
	jb L1
	xor %eax,%eax
L2:
	mov %eax,%edx
	add $0x20,%eax
	movq $0x0,0x20(%rsp,%rdx,1)
	movq $0x0,0x28(%rsp,%rdx,1)
	movq $0x0,0x30(%rsp,%rdx,1)
	movq $0x0,0x38(%rsp,%rdx,1)
	cmp $0xe0,%eax
	jb L2
	movq $0x0,0x20(%rsp,%rax,1)
	movq $0x0,0x28(%rsp,%rax,1)
	movq $0x0,0x30(%rsp,%rax,1)
	cmpq $0x0,0x10(%rbx)
	je L25
	mov 0x8(%rsp),%rax
	lea 0xfff(%rax),%r13
	shr $0xc,%r13
	cmpq $0xffffffffffffffff,(%rsp)
	je L30
	mov (%rsp),%rax
	movb $0x0,0x11a(%rsp)
	mov %r13,0x18(%rsp)
	lea 0x1(%rax),%rbp
	xor %eax,%eax
	shr $0xc,%rbp
	mov %ax,0x118(%rsp)
	cmp %rbp,%r13
	jae L11
L3:
	lea -0x1(%rbp),%r14
L4:
	lea 0x20(%rsp),%r8
	mov %r14,%rdx
	lea 0x18(%rsp),%rsi
	mov %rbx,%rdi
	lea 0x118(%rsp),%rcx
	call find_lock_entries
	test %eax,%eax
	je L11
	lea 0x20(%rsp),%rdx
	lea 0x118(%rsp),%rsi
	mov %rbx,%rdi
	call truncate_folio_batch_exceptionals
	cmpb $0x0,0x118(%rsp)
	je L7
	xor %r15d,%r15d
L5:
	mov %r15d,%edx
	cmp $0x1e,%r15d
	ja L38
L6:
	mov 0x120(%rsp,%rdx,8),%rdi
	add $0x1,%r15d
	call truncate_cleanup_folio
	movzbl 0x118(%rsp),%edx
	cmp %edx,%r15d
	jb L5
L7:
	lea 0x118(%rsp),%rsi
	mov %rbx,%rdi
	call delete_from_page_cache_batch
	cmpb $0x0,0x118(%rsp)
	je L10
	xor %r15d,%r15d
L8:
	mov %r15d,%edx
	cmp $0x1e,%r15d
	ja L37
L9:
	mov 0x120(%rsp,%rdx,8),%rdi
	add $0x1,%r15d
	call folio_unlock
	movzbl 0x118(%rsp),%ecx
	cmp %ecx,%r15d
	jb L8
	test %cl,%cl
	je L10
	lea 0x118(%rsp),%rdi
	call __folio_batch_release
L10:
	call __SCT__cond_resched
	cmp %rbp,0x18(%rsp)
	jb L4
L11:
	mov 0x8(%rsp),%r12
	mov (%rsp),%r15
	xor %r8d,%r8d
	xor %ecx,%ecx
	mov $0x2,%edx
	mov %rbx,%rdi
	sar $0xc,%r12
	shr $0xc,%r15
	mov %r12,%rsi
	call __filemap_get_folio_mpol
	mov %rax,%r14
	cmp $0xfffffffffffff000,%rax
	ja L35
	mov 0x20(%rax),%r12
	mov $0x1,%eax
	testq $0x40,(%r14)
	je L12
	mov 0x78(%r14),%eax
L12:
	mov (%rsp),%rdx
	mov 0x8(%rsp),%rsi
	add %rax,%r12
	mov %r14,%rdi
	shl $0xc,%r12
	call truncate_inode_partial_folio
	test %al,%al
	jne L26
	mov 0x20(%r14),%rax
	mov $0x1,%r13d
	testq $0x40,(%r14)
	je L13
	mov 0x78(%r14),%r13d
L13:
	add %rax,%r13
	mov %r14,%rdi
	cmp %r12,(%rsp)
	jae L32
	mov %rax,(%rsp)
	call folio_unlock
	lock decl 0x34(%r14)
	mov (%rsp),%rax
	je L36
L14:
	mov %rax,%rbp
L15:
	mov %r13,0x18(%rsp)
	cmp %rbp,%r13
	jae L25
	lea -0x1(%rbp),%rax
	mov %rax,(%rsp)
L16:
	call __SCT__cond_resched
	mov (%rsp),%rdx
	mov %rbx,%rdi
	lea 0x20(%rsp),%r8
	lea 0x118(%rsp),%rcx
	lea 0x18(%rsp),%rsi
	call find_get_entries
	test %eax,%eax
	jne L17
	cmp %r13,0x18(%rsp)
	je L25
	mov %r13,0x18(%rsp)
	jmp L16
L17:
	xor %r15d,%r15d
	cmpb $0x0,0x118(%rsp)
	je L23
L18:
	mov %r15d,%r14d
	cmp $0x1e,%r15d
	ja L39
L19:
	mov 0x120(%rsp,%r14,8),%r14
	test $0x1,%r14b
	jne L22
	call __SCT__might_resched
	lock btsq $0x0,(%r14)
	jb L31
L20:
	mov %r14,%rdi
	call folio_wait_writeback
	cmp 0x18(%r14),%rbx
	jne L21
	mov %r14,%rdi
	call truncate_cleanup_folio
	mov %r14,%rdi
	call filemap_remove_folio
L21:
	mov %r14,%rdi
	call folio_unlock
L22:
	movzbl 0x118(%rsp),%eax
	add $0x1,%r15d
	cmp %eax,%r15d
	jb L18
L23:
	lea 0x20(%rsp),%rdx
	lea 0x118(%rsp),%rsi
	mov %rbx,%rdi
	call truncate_folio_batch_exceptionals
	cmpb $0x0,0x118(%rsp)
	jne L33
L24:
	mov 0x18(%rsp),%rax
	cmp %rbp,%rax
	jb L16
L25:
	mov 0x218(%rsp),%rax
	sub %gs:__stack_chk_guard(%rip),%rax
	jne L40
	add $0x220,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L26:
	mov %r14,%rdi
	call folio_unlock
	lock decl 0x34(%r14)
	je L34
L27:
	cmp %r12,(%rsp)
	jb L15
L28:
	xor %r8d,%r8d
	xor %ecx,%ecx
	mov $0x2,%edx
	mov %r15,%rsi
	mov %rbx,%rdi
	call __filemap_get_folio_mpol
	mov %rax,%r12
	cmp $0xfffffffffffff000,%rax
	ja L15
	mov (%rsp),%rdx
	mov 0x8(%rsp),%rsi
	mov %rax,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L29
	mov 0x20(%r12),%rbp
L29:
	mov %r12,%rdi
	call folio_unlock
	lock decl 0x34(%r12)
	jne L15
	mov %r12,%rdi
	call __folio_put
	jmp L15
L30:
	xor %edx,%edx
	movb $0x0,0x11a(%rsp)
	mov $0xffffffffffffffff,%rbp
	mov %dx,0x118(%rsp)
	mov %r13,0x18(%rsp)
	jmp L3
L31:
	mov %r14,%rdi
	call __folio_lock
	jmp L20
L32:
	call folio_unlock
	lock decl 0x34(%r14)
	jne L28
	mov %r14,%rdi
	call __folio_put
	jmp L28
L33:
	lea 0x118(%rsp),%rdi
	call __folio_batch_release
	jmp L24
L34:
	mov %r14,%rdi
	call __folio_put
	jmp L27
L35:
	cmp %r15,%r12
	je L15
	jmp L28
L36:
	mov %r14,%rdi
	call __folio_put
	mov (%rsp),%rax
	jmp L14
L37:
	mov %rdx,%rsi
	mov $DATA,%rdi
	mov %rdx,0x10(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x10(%rsp),%rdx
	jmp L9
L38:
	mov %rdx,%rsi
	mov $DATA,%rdi
	mov %rdx,0x10(%rsp)
	call __ubsan_handle_out_of_bounds
	mov 0x10(%rsp),%rdx
	jmp L6
L39:
	mov %r14,%rsi
	mov $DATA,%rdi
	call __ubsan_handle_out_of_bounds
	jmp L19
L40:
	call __stack_chk_fail
