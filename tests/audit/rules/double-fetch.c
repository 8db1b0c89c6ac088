/* double-fetch: the amdgpu ring-pointer read of the seeds, and its cousins. */
typedef unsigned long long u64;
typedef unsigned int u32;
struct wb { u32 wb[64]; };
struct adev { struct wb wb; };
struct amdgpu_ring { struct adev *adev; int rptr_offs; };

/* The code before commit bf227a4f0558: *rptr printed, then returned. */
u64 sdma_v4_4_2_ring_get_rptr(struct amdgpu_ring *ring)
{
	u64 *rptr;

	rptr = ((u64 *)&ring->adev->wb.wb[ring->rptr_offs]);
	DRM_DEBUG("rptr before shift == 0x%016llx\n", *rptr);
	return ((*rptr) >> 2);
}

/* The fix: one READ_ONCE, no report. */
u64 fixed(struct amdgpu_ring *ring)
{
	u64 rptr;

	rptr = READ_ONCE(*((u64 *)&ring->adev->wb.wb[ring->rptr_offs]));
	return rptr >> 2;
}

/* A store between the reads: not one value read twice. */
u32 store_between(struct amdgpu_ring *ring)
{
	u32 *p = (u32 *)&ring->adev->wb.wb[0];
	u32 a = *p;

	*p = 0;
	return a + *p;
}

/* A volatile pointer: every read is meant to reach memory. */
u32 volatile_ptr(struct amdgpu_ring *ring)
{
	volatile u32 *p = (volatile u32 *)&ring->adev->wb.wb[0];

	return *p + *p;
}

/* Private memory, not reached through another object: no report. */
u32 private(void)
{
	u32 local = 3;
	u32 *p = &local;

	return *p + *p;
}

/* Reassigned between the reads: two different locations. */
u32 reassigned(struct amdgpu_ring *ring)
{
	u32 *p = (u32 *)&ring->adev->wb.wb[0];
	u32 a = *p;

	p = (u32 *)&ring->adev->wb.wb[1];
	return a + *p;
}

/* Initialised in the declaration, read in a condition and a return. */
u32 in_declaration(struct amdgpu_ring *ring)
{
	u32 *head = (u32 *)ring->adev->wb.wb;

	if (*head > 16)
		return 0;
	return *head;
}
