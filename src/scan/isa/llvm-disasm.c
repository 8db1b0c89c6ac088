/*
 * LLVM's C disassembler (llvm-disasm.h): RISC-V's decoder, s390x's
 * for what capstone 4.0.2 cannot decode, and the length of an x86
 * instruction capstone does not know.  Only this file sees LLVM's
 * headers.  libLLVM is loaded when the first file that needs it is met,
 * not linked: linked into the plugin it cost every `rwonce scan` 55-70
 * ms of start-up (doc/scan.md), and most runs need it for nothing.
 */
#include "scan/isa/llvm-disasm.h"
#include "lib/util.h"

#include <dlfcn.h>
#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The soname the build found (mk/70-scan.mk). */
#ifndef RWONCE_LIBLLVM
#define RWONCE_LIBLLVM "libLLVM.so.19.1"
#endif

struct llvm_disasm {
	LLVMDisasmContextRef dc;
};

/* LLVM's functions, typed by its own declarations. */
static struct {
	void *lib;
	__typeof__(LLVMCreateDisasmCPUFeatures) *create;
	__typeof__(LLVMSetDisasmOptions) *options;
	__typeof__(LLVMDisasmInstruction) *decode;
	__typeof__(LLVMDisasmDispose) *dispose;
	char error[256];  /* why libLLVM could not be used */
} llvm;

static pthread_once_t llvm_once = PTHREAD_ONCE_INIT;
/* The targets initialised so far (LLVM's initialisers are not
 * thread-safe): one at a time, each once. */
static pthread_mutex_t targets_lock = PTHREAD_MUTEX_INITIALIZER;
static char targets_done[64];

static void *llvm_sym(const char *name)
{
	void *p = dlsym(llvm.lib, name);

	if (!p && !llvm.error[0])
		snprintf(llvm.error, sizeof(llvm.error), "%s has no %s",
			 RWONCE_LIBLLVM, name);
	return p;
}

static void llvm_load(void)
{
	/* the tests' way to a machine without libLLVM (t4491) */
	if (getenv("RWONCE_TEST_NO_LIBLLVM")) {
		snprintf(llvm.error, sizeof(llvm.error), "cannot load %s (the "
			 "test hook RWONCE_TEST_NO_LIBLLVM)", RWONCE_LIBLLVM);
		return;
	}
	llvm.lib = dlopen(RWONCE_LIBLLVM, RTLD_NOW | RTLD_LOCAL);
	if (!llvm.lib) {
		snprintf(llvm.error, sizeof(llvm.error), "cannot load %s (%s): "
			 "apt-get install libllvm19", RWONCE_LIBLLVM, dlerror());
		return;
	}
	/* dlsym's void * to function pointers: POSIX guarantees it works */
	*(void **)&llvm.create = llvm_sym("LLVMCreateDisasmCPUFeatures");
	*(void **)&llvm.options = llvm_sym("LLVMSetDisasmOptions");
	*(void **)&llvm.decode = llvm_sym("LLVMDisasmInstruction");
	*(void **)&llvm.dispose = llvm_sym("LLVMDisasmDispose");
	/* the library stays loaded on error: nothing of it runs */
}

/* LLVMInitialize<target>{TargetInfo,TargetMC,Disassembler}, once. */
static int init_target(const char *target, struct strbuf *why)
{
	static const char *const parts[] = {
		"TargetInfo", "TargetMC", "Disassembler",
	};
	void (*init[ARRAY_SIZE(parts)])(void);
	char key[24], name[64];
	int ret = 0;

	snprintf(key, sizeof(key), ",%s,", target);
	pthread_mutex_lock(&targets_lock);
	if (strstr(targets_done, key))
		goto out;
	for (size_t i = 0; i < ARRAY_SIZE(parts); i++) {
		snprintf(name, sizeof(name), "LLVMInitialize%s%s", target,
			 parts[i]);
		/* as above: a data pointer to a function pointer */
		*(void **)&init[i] = dlsym(llvm.lib, name);
		if (!init[i]) {
			strbuf_addf(why, "%s has no %s", RWONCE_LIBLLVM, name);
			ret = -1;
			goto out;
		}
	}
	for (size_t i = 0; i < ARRAY_SIZE(init); i++)
		init[i]();
	if (strlen(targets_done) + strlen(key) < sizeof(targets_done))
		strcat(targets_done, key);
out:
	pthread_mutex_unlock(&targets_lock);
	return ret;
}

struct llvm_disasm *llvm_disasm_open(const char *target, const char *triple,
				     const char *cpu, const char *features,
				     struct strbuf *why)
{
	struct llvm_disasm *l;
	LLVMDisasmContextRef dc;

	pthread_once(&llvm_once, llvm_load);
	if (llvm.error[0]) {
		strbuf_addstr(why, llvm.error);
		return NULL;
	}
	if (init_target(target, why))
		return NULL;
	dc = llvm.create(triple, cpu, features, NULL, 0, NULL, NULL);
	if (!dc) {
		strbuf_addf(why, "%s has no %s disassembler", RWONCE_LIBLLVM,
			    target);
		return NULL;
	}
	/* displacements in hex, as objdump prints them */
	llvm.options(dc, LLVMDisassembler_Option_PrintImmHex);
	l = xcalloc(1, sizeof(*l));
	l->dc = dc;
	return l;
}

void llvm_disasm_close(struct llvm_disasm *l)
{
	if (!l)
		return;
	llvm.dispose(l->dc);
	free(l);
}

size_t llvm_disasm_decode(struct llvm_disasm *l, const unsigned char *code,
			  size_t left, uint64_t pc, char *mnemonic,
			  size_t msize, char *ops, size_t osize)
{
	char text[160];
	const char *s = text;
	size_t n, len;

	/* LLVM's interface takes a non-const buffer it does not write */
	len = llvm.decode(l->dc, (uint8_t *)(uintptr_t)code, left, pc,
			  text, sizeof(text));
	if (!len)
		return 0;
	/* "\tld\ta0, 0x8(a1)" */
	s += strspn(s, " \t");
	n = strcspn(s, " \t");
	snprintf(mnemonic, msize, "%.*s", (int)n, s);
	s += n;
	s += strspn(s, " \t");
	snprintf(ops, osize, "%s", s);
	return len;
}
