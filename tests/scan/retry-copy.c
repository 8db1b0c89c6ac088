#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct vcpu_time { unsigned version; long system, tsc, mul, shift, flags; };
struct vcpu_time shared_time;
long xen_time(void)
{
	struct vcpu_time t;
	unsigned v;

	do {
		v = shared_time.version;
		t = READ_ONCE(shared_time);
	} while (v != t.version);
	return t.system;
}
