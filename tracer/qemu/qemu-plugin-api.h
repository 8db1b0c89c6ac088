/*
 * The part of QEMU's TCG plugin API (API version 1, as shipped by QEMU 7.2)
 * that rwonce-trace.c uses, declared here because Debian 12's qemu-user
 * package does not ship qemu-plugin.h.
 *
 * Written from the documented API (docs/devel/tcg-plugins.rst and the
 * function descriptions of include/qemu/qemu-plugin.h); only the types and
 * functions the tracer calls are declared.  The functions are exported by
 * the qemu-<arch> executable itself and resolved when QEMU dlopen()s the
 * plugin, so the plugin links against nothing.
 *
 * Layouts and enum values must match QEMU 7.2 exactly: they are part of
 * its binary interface.
 */
#ifndef RWONCE_QEMU_PLUGIN_API_H
#define RWONCE_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

/* The API level this plugin is written against; QEMU refuses a plugin
 * whose level it does not support. */
#define QEMU_PLUGIN_VERSION 1

typedef uint64_t qemu_plugin_id_t;

/* Handed to qemu_plugin_install(); only valid during that call. */
typedef struct qemu_info_t {
	const char *target_name;      /* "aarch64", "s390x", ... */
	struct {
		int min;
		int cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus;
			int max_vcpus;
		} system;
	};
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;

/* An opaque description of one memory access, queried with the
 * qemu_plugin_mem_* functions. */
typedef uint32_t qemu_plugin_meminfo_t;

enum qemu_plugin_cb_flags {
	QEMU_PLUGIN_CB_NO_REGS,
	QEMU_PLUGIN_CB_R_REGS,
	QEMU_PLUGIN_CB_RW_REGS,
};

enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};

enum qemu_plugin_op {
	QEMU_PLUGIN_INLINE_ADD_U64,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index,
					    void *userdata);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index,
					  qemu_plugin_meminfo_t info,
					  uint64_t vaddr, void *userdata);

/* Implemented by the plugin; called once when QEMU loads it.  argv holds
 * the "key=value" options and stays valid while the plugin is loaded.
 * Non-zero refuses the load. */
QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv);
extern QEMU_PLUGIN_EXPORT int qemu_plugin_version;

/* Implemented by QEMU. */
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);

size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);

const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
/* A malloc()ed string the caller frees. */
char *qemu_plugin_insn_disas(const struct qemu_plugin_insn *insn);

void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *userdata);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						enum qemu_plugin_op op,
						void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      qemu_plugin_vcpu_mem_cb_t cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw,
				      void *userdata);

/* log2 of the access size in bytes. */
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);


#endif
