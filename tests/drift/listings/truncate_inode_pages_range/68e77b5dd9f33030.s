<truncate_inode_pages_range>:
	endbr64
	call __fentry__
	push %r15
	mov $0x20,%ecx
	push %r14
	push %r13
	push %r12
	push %rbp
	mov %rdi,%rbp
	push %rbx
	sub $0x228,%rsp
	mov %rsi,0x18(%rsp)
	lea 0x120(%rsp),%rbx
	lea 0x28(%rsp),%r13
	mov %rdx,0x8(%rsp)
	mov %rbx,%rdi
	mov %gs:0x28,%rax
	mov %rax,0x220(%rsp)
	xor %eax,%eax
	cmpq $0x0,0x10(%rbp)
	movq $0x0,0x20(%rsp)
	rep stos %rax,%es:(%rdi)
	mov $0x1f,%ecx
	mov %r13,%rdi
	rep stos %rax,%es:(%rdi)
	je L18
	lea 0xfff(%rsi),%rax
	shr $0xc,%rax
	mov %rax,0x10(%rsp)
	cmp $0xffffffffffffffff,%rdx
	je L28
	mov 0x8(%rsp),%rax
	movb $0x0,0x122(%rsp)
	lea 0x1(%rax),%r14
	movzwl DATA(%rip),%eax
	sar $0xc,%r14
	mov %ax,0x120(%rsp)
	mov 0x10(%rsp),%rax
	mov %rax,0x20(%rsp)
	cmp %r14,%rax
	jae L8
L1:
	lea 0x20(%rsp),%rax
	lea -0x1(%r14),%r12
	mov %rax,(%rsp)
L2:
	mov (%rsp),%rsi
	mov %r13,%r8
	mov %rbx,%rcx
	mov %r12,%rdx
	mov %rbp,%rdi
	call find_lock_entries
	test %eax,%eax
	je L8
	mov %rbp,%rdi
	call shmem_mapping
	test %al,%al
	jne L3
	mov %r13,%rdx
	mov %rbx,%rsi
	mov %rbp,%rdi
	call truncate_folio_batch_exceptionals.part.0
L3:
	xor %r15d,%r15d
	cmpb $0x0,0x120(%rsp)
	je L5
L4:
	mov 0x8(%rbx,%r15,8),%rdi
	add $0x1,%r15
	call truncate_cleanup_folio
	movzbl 0x120(%rsp),%edx
	cmp %edx,%r15d
	jb L4
L5:
	mov %rbx,%rsi
	mov %rbp,%rdi
	xor %r15d,%r15d
	call delete_from_page_cache_batch
	cmpb $0x0,0x120(%rsp)
	je L7
L6:
	mov 0x8(%rbx,%r15,8),%rdi
	add $0x1,%r15
	call folio_unlock
	movzbl 0x120(%rsp),%ecx
	cmp %ecx,%r15d
	jb L6
	test %cl,%cl
	je L7
	mov %rbx,%rdi
	call __folio_batch_release
L7:
	call __SCT__cond_resched
	cmp %r14,0x20(%rsp)
	jb L2
L8:
	mov 0x18(%rsp),%r12
	mov 0x8(%rsp),%r15
	mov %rbp,%rdi
	xor %ecx,%ecx
	mov $0x2,%edx
	sar $0xc,%r12
	sar $0xc,%r15
	mov %r12,%rsi
	call __filemap_get_folio
	mov %rax,%rdi
	cmp $0xfffffffffffff000,%rax
	ja L15
	mov 0x20(%rax),%rax
	mov (%rdi),%rcx
	mov $0x1000,%edx
	shl $0xc,%rax
	and $0x40,%ecx
	je L9
	movzbl 0x40(%rdi),%ecx
	shl %cl,%rdx
L9:
	lea (%rax,%rdx,1),%r12
	mov 0x18(%rsp),%rsi
	mov 0x8(%rsp),%rdx
	mov %rdi,(%rsp)
	call truncate_inode_partial_folio
	mov (%rsp),%rdi
	test %al,%al
	jne L11
	mov (%rdi),%rcx
	mov 0x20(%rdi),%rax
	mov $0x1,%edx
	and $0x40,%ecx
	je L10
	mov 0x60(%rdi),%edx
L10:
	lea (%rdx,%rax,1),%rsi
	cmp %r12,0x8(%rsp)
	mov %rsi,0x10(%rsp)
	cmovb %rax,%r14
L11:
	mov %rdi,(%rsp)
	call folio_unlock
	mov (%rsp),%rdi
	lock decl 0x34(%rdi)
	je L27
	cmp %r12,0x8(%rsp)
	jae L16
L12:
	lea -0x1(%r14),%rsi
	mov 0x10(%rsp),%rax
	mov %rsi,0x8(%rsp)
	lea 0x20(%rsp),%rsi
	mov %rax,0x20(%rsp)
	mov %rsi,(%rsp)
L13:
	cmp %r14,%rax
	jae L18
L14:
	call __SCT__cond_resched
	mov 0x8(%rsp),%rdx
	mov %r13,%r8
	mov %rbx,%rcx
	mov (%rsp),%rsi
	mov %rbp,%rdi
	call find_get_entries
	test %eax,%eax
	jne L19
	mov 0x10(%rsp),%rax
	cmp %rax,0x20(%rsp)
	je L18
	mov %rax,0x20(%rsp)
	jmp L14
L15:
	cmp %r15,%r12
	je L12
L16:
	xor %ecx,%ecx
	mov $0x2,%edx
	mov %r15,%rsi
	mov %rbp,%rdi
	call __filemap_get_folio
	mov %rax,%r12
	cmp $0xfffffffffffff000,%rax
	ja L12
	mov 0x8(%rsp),%rdx
	mov 0x18(%rsp),%rsi
	mov %rax,%rdi
	call truncate_inode_partial_folio
	test %al,%al
	jne L17
	mov 0x20(%r12),%r14
L17:
	mov %r12,%rdi
	call folio_unlock
	lock decl 0x34(%r12)
	jne L12
	mov %r12,%rdi
	call __folio_put
	jmp L12
L18:
	mov 0x220(%rsp),%rax
	sub %gs:0x28,%rax
	jne L30
	add $0x228,%rsp
	pop %rbx
	pop %rbp
	pop %r12
	pop %r13
	pop %r14
	pop %r15
	jmp __x86_return_thunk
L19:
	xor %r12d,%r12d
	cmpb $0x0,0x120(%rsp)
	jne L26
L20:
	mov %rbp,%rdi
	call shmem_mapping
	test %al,%al
	jne L21
	mov %r13,%rdx
	mov %rbx,%rsi
	mov %rbp,%rdi
	call truncate_folio_batch_exceptionals.part.0
L21:
	cmpb $0x0,0x120(%rsp)
	jne L29
	mov 0x20(%rsp),%rax
	jmp L13
L22:
	mov %r15,%rdi
	call __folio_lock
L23:
	mov %r15,%rdi
	call folio_wait_writeback
	cmp 0x18(%r15),%rbp
	jne L24
	mov %r15,%rdi
	call truncate_cleanup_folio
	mov %r15,%rdi
	call filemap_remove_folio
L24:
	mov %r15,%rdi
	call folio_unlock
L25:
	movzbl 0x120(%rsp),%eax
	add $0x1,%r12
	cmp %eax,%r12d
	jae L20
L26:
	mov 0x8(%rbx,%r12,8),%r15
	test $0x1,%r15b
	jne L25
	call __SCT__might_resched
	lock btsq $0x0,(%r15)
	jae L23
	jmp L22
L27:
	call __folio_put
	cmp %r12,0x8(%rsp)
	jb L12
	jmp L16
L28:
	movzwl DATA(%rip),%eax
	movb $0x0,0x122(%rsp)
	mov $0xffffffffffffffff,%r14
	mov %ax,0x120(%rsp)
	mov 0x10(%rsp),%rax
	mov %rax,0x20(%rsp)
	jmp L1
L29:
	mov %rbx,%rdi
	call __folio_batch_release
	mov 0x20(%rsp),%rax
	jmp L13
L30:
	call __stack_chk_fail
