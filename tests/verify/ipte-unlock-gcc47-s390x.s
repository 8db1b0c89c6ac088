/*
 * The seed's bug, as gcc 4.7.2 (Fedora 18) compiled ipte_unlock_siif() of
 * arch/s390/kvm/gaccess.c: the instruction sequence quoted in the 001
 * patch, unchanged, wrapped into a probe.  `l` loads the upper half of the
 * lock word (k and kh), `lg` loads all of it again, and `csg` compares
 * against the second load -- so the lock word is read twice, and
 * rwonce verify must say "duplicated".
 *
 * Assembled with s390x-linux-gnu-as; run with
 *   rwonce verify --target s390x --probes tests/verify/ipte-unlock-gcc47-s390x.s
 */

/*@ probe ipte_unlock_siif_gcc47
 *  object o_ipte_unlock_siif_gcc47
 *  expect r0:8 x0:8
 *  about 001: ipte_unlock_siif as gcc 4.7 miscompiled it (l ... lg ... csg)
 */

	.machine "z196"		/* risbg, ngrk */

	.section rwonce_probe_objs,"aw"
	.balign	16
	.globl	o_ipte_unlock_siif_gcc47
	.type	o_ipte_unlock_siif_gcc47, @object
	.size	o_ipte_unlock_siif_gcc47, 8
o_ipte_unlock_siif_gcc47:
	.quad	0x8000000100000000	/* k = 1, kh = 1, kg = 0 */

	.text
	.balign	8
	.globl	rwonce_probe_ipte_unlock_siif_gcc47
	.type	rwonce_probe_ipte_unlock_siif_gcc47, @function
rwonce_probe_ipte_unlock_siif_gcc47:
	larl	%r3, o_ipte_unlock_siif_gcc47	/* ic */
.Lretry:
	/* --- quoted from the 001 patch --- */
	l	%r4,0(%r3)		/* load first 32 bit of lock (k and kh) */
	alfi	%r4,2147483647		/* add -1 to r4 */
	llgtr	%r4,%r4			/* zero out the sign bit of r4 */
	lg	%r1,0(%r3)		/* load all 64 bit of lock into new */
	lgr	%r2,%r1			/* load the same into old */
	risbg	%r1,%r4,1,31,32		/* insert r4 into bits 1-31 of new */
	llihf	%r4,2147483647
	ngrk	%r4,%r1,%r4
	jne	.Lcas			/* was: jne aa0 <ipte_unlock+0xf8> */
	nihh	%r1,32767
.Lcas:
	lgr	%r4,%r2
	csg	%r4,%r1,0(%r3)
	cgr	%r2,%r4
	jne	.Lretry			/* was: jne a70 <ipte_unlock+0xc8> */
	/* --- end of the quote --- */
	br	%r14
	.size	rwonce_probe_ipte_unlock_siif_gcc47, .-rwonce_probe_ipte_unlock_siif_gcc47

	.section .note.GNU-stack,"",@progbits
