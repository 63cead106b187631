<truncate_inode_pages_range>:
	call __fentry__
	push %r15
	mov $0x10,%ecx
	push %r14
	push %r13
	push %r12
	push %rbp
	mov %rdi,%rbp
	push %rbx
	sub $0x128,%rsp
	mov %rsi,0x18(%rsp)
	lea 0xa0(%rsp),%rbx
	lea 0x28(%rsp),%r13
	mov %rdx,0x10(%rsp)
	mov %rbx,%rdi
	mov %gs:0x28,%rax
	mov %rax,0x120(%rsp)
	xor %eax,%eax
	cmpq $0x0,0x10(%rbp)
	rep stos %rax,%es:(%rdi)
	mov $0xf,%ecx
	mov %r13,%rdi
	rep stos %rax,%es:(%rdi)
	je L21
	lea 0xfff(%rsi),%rax
	shr $0xc,%rax
	mov %rax,0x8(%rsp)
	cmp $0xffffffffffffffff,%rdx
	je L31
	mov 0x10(%rsp),%rax
	lea 0x1(%rax),%r14
	xor %eax,%eax
	sar $0xc,%r14
	mov %ax,0xa0(%rsp)
	mov %r14,(%rsp)
	cmp %r14,0x8(%rsp)
	jae L8
	lea -0x1(%r14),%r15
L1:
	mov 0x8(%rsp),%r12
L2:
	mov %r13,%r8
	mov %rbx,%rcx
	mov %r15,%rdx
	mov %r12,%rsi
	mov %rbp,%rdi
	call find_lock_entries
	test %eax,%eax
	je L8
	movzbl 0xa0(%rsp),%eax
	mov %eax,%edx
	sub $0x1,%eax
	mov 0x28(%rsp,%rax,8),%r12
	add $0x1,%r12
	cmpq $shmem_aops,0x90(%rbp)
	je L3
	mov %r13,%rdx
	mov %rbx,%rsi
	mov %rbp,%rdi
	call truncate_folio_batch_exceptionals.part.0
	movzbl 0xa0(%rsp),%edx
L3:
	xor %r14d,%r14d
	test %dl,%dl
	je L5
L4:
	mov 0x8(%rbx,%r14,8),%rdi
	add $0x1,%r14
	call truncate_cleanup_folio
	movzbl 0xa0(%rsp),%edx
	cmp %edx,%r14d
	jb L4
L5:
	mov %rbx,%rsi
	mov %rbp,%rdi
	xor %r14d,%r14d
	call delete_from_page_cache_batch
	cmpb $0x0,0xa0(%rsp)
	je L7
L6:
	mov 0x8(%rbx,%r14,8),%rdi
	add $0x1,%r14
	call folio_unlock
	movzbl 0xa0(%rsp),%ecx
	cmp %ecx,%r14d
	jb L6
	test %cl,%cl
	je L7
	mov %rbx,%rdi
	call __pagevec_release
L7:
	call __SCT__cond_resched
	mov (%rsp),%rax
	cmp %rax,%r12
	jb L2
L8:
	mov 0x18(%rsp),%r12
	mov 0x10(%rsp),%r15
	mov %rbp,%rdi
	xor %ecx,%ecx
	mov $0x2,%edx
	sar $0xc,%r12
	sar $0xc,%r15
	mov %r12,%rsi
	call __filemap_get_folio
	mov %rax,%rdi
	test %rax,%rax
	je L14
	mov 0x20(%rax),%rax
	mov (%rdi),%rcx
	mov $0x1000,%edx
	shl $0xc,%rax
	test $0x10000,%ecx
	je L9
	movzbl 0x51(%rdi),%ecx
	shl %cl,%rdx
L9:
	lea (%rax,%rdx,1),%r12
	mov 0x18(%rsp),%rsi
	mov 0x10(%rsp),%rdx
	mov %rdi,0x20(%rsp)
	call truncate_inode_partial_folio
	mov 0x20(%rsp),%rdi
	test %al,%al
	jne L11
	mov (%rdi),%rcx
	mov 0x20(%rdi),%rax
	mov $0x1,%edx
	test $0x10000,%ecx
	je L10
	mov 0x5c(%rdi),%edx
L10:
	lea (%rax,%rdx,1),%rsi
	cmp %r12,0x10(%rsp)
	cmovae (%rsp),%rax
	mov %rsi,0x8(%rsp)
	mov %rax,(%rsp)
L11:
	mov %rdi,0x20(%rsp)
	call folio_unlock
	mov 0x20(%rsp),%rdi
	lock decl 0x34(%rdi)
	je L32
	cmp %r12,0x10(%rsp)
	jae L15
L12:
	mov (%rsp),%rax
	lea -0x1(%rax),%rsi
	mov %rsi,0x10(%rsp)
	mov 0x8(%rsp),%rsi
	mov %rsi,%r12
	cmp %rax,%rsi
	jae L21
L13:
	call __SCT__cond_resched
	mov 0x10(%rsp),%rdx
	mov %r13,%r8
	mov %rbx,%rcx
	mov %r12,%rsi
	mov %rbp,%rdi
	call find_get_entries
	test %eax,%eax
	jne L22
	mov 0x8(%rsp),%rax
	cmp %rax,%r12
	je L21
	mov %rax,%r12
	jmp L13
L14:
	cmp %r15,%r12
	je L12
L15:
	xor %ecx,%ecx
	mov $0x2,%edx
	mov %r15,%rsi
	mov %rbp,%rdi
	call __filemap_get_folio
	mov %rax,%r12
	test %rax,%rax
	je L12
	mov 0x10(%rsp),%rdx
	mov 0x18(%rsp),%rsi
	mov %rax,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L16
	mov 0x20(%r12),%rax
	mov %rax,(%rsp)
L16:
	mov %r12,%rdi
	call folio_unlock
	lock decl 0x34(%r12)
	jne L12
	mov %r12,%rdi
	call __folio_put
	jmp L12
L17:
	cmpq $shmem_aops,0x90(%rbp)
	je L19
L18:
	mov %r13,%rdx
	mov %rbx,%rsi
	mov %rbp,%rdi
	call truncate_folio_batch_exceptionals.part.0
	movzbl 0xa0(%rsp),%eax
L19:
	test %al,%al
	je L20
	mov %rbx,%rdi
	call __pagevec_release
L20:
	mov (%rsp),%rax
	add $0x1,%r12
	cmp %rax,%r12
	jb L13
L21:
	mov 0x120(%rsp),%rax
	sub %gs:0x28,%rax
	jne L33
	add $0x128,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L22:
	xor %r14d,%r14d
	cmpb $0x0,0xa0(%rsp)
	jne L26
	cmpq $shmem_aops,0x90(%rbp)
	jne L18
	jmp L20
L23:
	mov (%r15),%rax
	test $0x4,%ah
	je L29
	mov %r15,%rdi
	call __page_file_index
	mov %rax,%r12
L24:
	mov (%r15),%rax
	test $0x10000,%eax
	je L25
	mov 0x5c(%r15),%eax
	lea -0x1(%r12,%rax,1),%r12
L25:
	movzbl 0xa0(%rsp),%ecx
	add $0x1,%r14
	mov %ecx,%eax
	cmp %ecx,%r14d
	jae L17
L26:
	mov 0x8(%rbx,%r14,8),%r15
	mov 0x0(%r13,%r14,8),%r12
	test $0x1,%r15b
	jne L25
	call __SCT__might_resched
	lock btsq $0x0,(%r15)
	jb L30
L27:
	mov %r15,%rdi
	call folio_wait_writeback
	cmp 0x18(%r15),%rbp
	jne L28
	mov %r15,%rdi
	call truncate_cleanup_folio
	mov %r15,%rdi
	call filemap_remove_folio
L28:
	mov %r15,%rdi
	call folio_unlock
	mov (%r15),%rax
	test $0x80000,%eax
	jne L23
L29:
	mov 0x20(%r15),%r12
	jmp L24
L30:
	mov %r15,%rdi
	call __folio_lock
	jmp L27
L31:
	xor %edx,%edx
	movq $0xffffffffffffffff,(%rsp)
	mov $0xfffffffffffffffe,%r15
	mov %dx,0xa0(%rsp)
	jmp L1
L32:
	call __folio_put
	cmp %r12,0x10(%rsp)
	jb L12
	jmp L15
L33:
	call __stack_chk_fail
