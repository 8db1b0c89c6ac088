/*
 * A probe whose only access is an s390x MVC (storage-to-storage move):
 * QEMU 7.2 plugins do not see the accesses MVC makes, so rwonce verify
 * must say "unobservable" -- never "elided" -- and must not fail the run
 * for it (tests/t1009-verify-blind.t).
 */

/*@ probe mvc_copy
 *  object o_mvc_copy
 *  expect r0:8
 *  about an 8-byte copy made by MVC, invisible to QEMU 7.2 plugins
 */

	.section rwonce_probe_objs,"aw"
	.balign	16
	.globl	o_mvc_copy
	.type	o_mvc_copy, @object
	.size	o_mvc_copy, 8
o_mvc_copy:
	.quad	42

	.data
	.balign	8
mvc_copy_dst:
	.quad	0

	.text
	.balign	8
	.globl	rwonce_probe_mvc_copy
	.type	rwonce_probe_mvc_copy, @function
rwonce_probe_mvc_copy:
	larl	%r1, o_mvc_copy
	larl	%r2, mvc_copy_dst
	mvc	0(8,%r2), 0(%r1)
	br	%r14
	.size	rwonce_probe_mvc_copy, .-rwonce_probe_mvc_copy

	.section .note.GNU-stack,"",@progbits
