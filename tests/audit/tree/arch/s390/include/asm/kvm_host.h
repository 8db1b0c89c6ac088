#ifndef ASM_KVM_HOST_H
#define ASM_KVM_HOST_H
union ipte_control {
	unsigned long val;
	struct {
		unsigned long k  : 1;
		unsigned long kh : 31;
		unsigned long kg : 32;
	};
};
struct sca_block {
	union ipte_control ipte_control;
};
struct kvm_arch {
	struct sca_block *sca;
};
struct kvm {
	struct kvm_arch arch;
};
#endif
