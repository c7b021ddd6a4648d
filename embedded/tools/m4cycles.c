/* m4cycles: a QEMU 7.2 TCG plugin that estimates Cortex-M4 cycles.
 *
 * QEMU executes Thumb-2 code but models no pipeline, so this plugin counts
 * the executed instructions per timing class and weights each class by the
 * Cortex-M4 instruction timings published for a zero-wait-state memory
 * system (ARM Cortex-M4 TRM r0p1, DDI 0439, section 3.3 "Instruction set
 * summary", Table 3-1, and its "Load/store timings" list; the same table is
 * reproduced as Table 3-25 of TI's SWCU192 manual). The classes and the cost
 * given to each (P is the pipeline refill after a taken branch, N the number
 * of registers transferred):
 *
 *   alu      data processing, shifts, packed 16-bit and saturating ops   1
 *   mul      MUL/MLA/MLS, SMULxy/SMLAxy/SMUAD/SMLAD/SMMUL... (32-bit)    1
 *   mull     SMULL/UMULL/SMLAL/UMLAL/UMAAL/SMLALxy/SMLALD (64-bit)       1
 *   div      SDIV/UDIV                                 2..12, taken as 12
 *   ld       single load                    2, or 1 when pipelined behind
 *            a single load whose destination is not in this address
 *   st       single store: immediate offset 1; register offset 2, or 1
 *            behind a single load
 *   ldrd     LDRD/STRD                                                    3
 *   ldm/stm  LDM/STM/PUSH/POP, VLDM/VSTM/VPUSH/VPOP                   1 + N
 *   branch   B/BL/CBZ/BX/BLX/POP{pc}/LDR pc/MOV pc: 1 when a conditional
 *            branch falls through, 1 + P when taken; TBB/TBH 2 + P
 *   fp       VFP data processing and moves 1; VLDR/VSTR 2
 *   agu      a load or store whose address register was written by the
 *            instruction just before it (no forwarding path into the
 *            address generation): +1 (TI SWCU192 "Load/store timings")
 *
 * P ranges over 1..3 in the TRM "depending on the alignment and width of the
 * target instruction, and whether the processor manages to speculate the
 * address early". This model takes P = 1 for a branch to an immediate
 * target (speculated in decode), + 1 for a register or loaded target, and
 * + 1 when the target is a 32-bit instruction that straddles a word. The
 * plugin also reports the taken branches so that P's bounds can be applied.
 *
 * Taken or not: QEMU 7.2's plugin API does not say whether a branch was
 * taken. Every translation block ends at a branch, so a block ending in a
 * conditional branch was taken exactly when the next block executed does
 * not start at its fall-through address.
 *
 * Not modelled: flash wait states (pqm4 runs at 24 MHz with none), IT
 * folding, conditional instructions that fail their condition (counted as
 * executed), the write buffer, interrupts' stacking, unaligned accesses.
 *
 * Arguments: begin=ADDR,end=ADDR (hex): the entry addresses of two marker
 * functions. Each time `end` runs the plugin prints one line,
 *   PQLAB-M4 seq=N insns=... cycles=... <class>=... ...
 * with the counts since the last `begin`. Without them it prints the
 * whole run's totals at exit.
 *
 * With profile=1 as well, each `end` is followed by one line per
 * translation block that ran since the `begin`,
 *   PQLAB-M4-PROF seq=N pc=HEX execs=... insns=... cycles=...
 * (a taken branch's refill is charged to the block that branched), which
 * embedded/run.py's `profile` command adds up per function.
 *
 * Build: cc -O2 -shared -fPIC -fvisibility=hidden -o libm4cycles.so m4cycles.c
 * (QEMU installs no plugin header; the few declarations needed follow.)
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU 7.2 plugin API (version 1), the subset used here ---- */
#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct {
  const char* target_name;
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
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void* userdata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void* userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb* tb);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb* tb, qemu_plugin_vcpu_udata_cb_t cb,
                                          enum qemu_plugin_cb_flags flags, void* userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb* tb);
struct qemu_plugin_insn* qemu_plugin_tb_get_insn(const struct qemu_plugin_tb* tb, size_t idx);
const void* qemu_plugin_insn_data(const struct qemu_plugin_insn* insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn* insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn* insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void* userdata);
void qemu_plugin_outs(const char* string);
QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

/* ---- the model ---- */
enum Class {
  ALU,
  MUL,
  MULL,
  DIV,
  LD,
  LD_PIPE,
  ST,
  LDRD,
  LDM,
  LDM_REGS,
  BR_TAKEN,
  BR_NOT_TAKEN,
  REFILL,
  FP,
  AGU,
  OTHER,
  NCLASS
};
static const char* const kNames[NCLASS] = {"alu",     "mul",          "mull",      "div",
                                           "ld",      "ld_pipelined", "st",        "ldrd_strd",
                                           "ldm_stm", "ldm_stm_regs", "br_taken",  "br_not_taken",
                                           "refill",  "fp",           "agu_stall", "other"};
enum { DIV_CYCLES = 12 };
enum End { END_NONE, END_ALWAYS, END_COND };

struct Block {
  uint64_t vaddr, fallthrough;
  uint64_t n_insns, base_cycles; /* every cycle but the refill of a taken branch */
  uint32_t count[NCLASS];
  int end;             /* enum End */
  int indirect;        /* the final branch's target comes from a register or memory */
  int entry_straddles; /* first instruction is 32-bit at a halfword address */
  /* profile=1: this block's share of the current begin/end window. */
  uint64_t prof_execs, prof_refill;
  struct Block* next_block; /* every block ever translated, for the profile */
};

static uint64_t total[NCLASS], total_insns, total_cycles;
static uint64_t snap[NCLASS], snap_insns, snap_cycles;
static uint64_t mark_begin = UINT64_MAX, mark_end = UINT64_MAX, seq;
static struct Block* pending; /* the block executed last */
static struct Block* all_blocks;
static int profile;

/* The decoded facts about one instruction that the costs need. */
struct Insn {
  int cls;            /* enum Class (LD/ST/LDM/...), or ALU etc. */
  int cycles;         /* its cost before pipelining adjustments */
  int branch;         /* enum End: always taken, conditional, or none */
  int indirect;       /* branch target from a register or memory */
  int is_single_load; /* a pipelinable single load */
  int is_store_reg;   /* store with register offset */
  int rt;             /* loaded register (single load), else -1 */
  int addr_regs;      /* bit mask of registers forming a load/store address */
  int writes;         /* bit mask of registers a data-processing insn writes */
};

static int bit(uint32_t v, int i) { return (int)((v >> i) & 1u); }

static struct Insn decode16(uint32_t hw) {
  struct Insn d = {ALU, 1, END_NONE, 0, 0, 0, -1, 0, 0};
  if ((hw & 0xFF00u) == 0x4700u) { /* BX, BLX register */
    d.branch = END_ALWAYS, d.indirect = 1, d.cls = OTHER;
  } else if ((hw & 0xFC00u) == 0x4400u) { /* ADD/CMP/MOV high registers */
    const int rd = (bit(hw, 7) << 3) | (int)(hw & 7u);
    if ((hw & 0x0300u) != 0x0100u) d.writes = 1 << rd; /* not CMP */
    if (rd == 15 && (hw & 0x0300u) != 0x0100u) d.branch = END_ALWAYS, d.indirect = 1;
  } else if ((hw & 0xF800u) == 0x4800u) { /* LDR literal */
    d.cls = LD, d.cycles = 2, d.is_single_load = 1, d.rt = (int)((hw >> 8) & 7u), d.addr_regs = 1 << 15;
  } else if ((hw & 0xF000u) == 0x5000u) { /* load/store register offset */
    const int op = (int)((hw >> 9) & 7u);
    d.addr_regs = (1 << ((hw >> 3) & 7u)) | (1 << ((hw >> 6) & 7u));
    if (op <= 2)
      d.cls = ST, d.cycles = 2, d.is_store_reg = 1;
    else
      d.cls = LD, d.cycles = 2, d.is_single_load = 1, d.rt = (int)(hw & 7u);
  } else if ((hw & 0xE000u) == 0x6000u || (hw & 0xF000u) == 0x8000u) { /* LDR/STR(B,H) immediate */
    d.addr_regs = 1 << ((hw >> 3) & 7u);
    if (bit(hw, 11))
      d.cls = LD, d.cycles = 2, d.is_single_load = 1, d.rt = (int)(hw & 7u);
    else
      d.cls = ST, d.cycles = 1;
  } else if ((hw & 0xF000u) == 0x9000u) { /* LDR/STR SP-relative */
    d.addr_regs = 1 << 13;
    if (bit(hw, 11))
      d.cls = LD, d.cycles = 2, d.is_single_load = 1, d.rt = (int)((hw >> 8) & 7u);
    else
      d.cls = ST, d.cycles = 1;
  } else if ((hw & 0xF000u) == 0xC000u) { /* LDM/STM */
    const int n = __builtin_popcount(hw & 0xFFu);
    d.cls = LDM, d.cycles = 1 + n, d.rt = n, d.addr_regs = 1 << ((hw >> 8) & 7u);
  } else if ((hw & 0xFE00u) == 0xB400u) { /* PUSH */
    const int n = __builtin_popcount(hw & 0x1FFu);
    d.cls = LDM, d.cycles = 1 + n, d.rt = n, d.addr_regs = 1 << 13;
  } else if ((hw & 0xFE00u) == 0xBC00u) { /* POP */
    const int n = __builtin_popcount(hw & 0x1FFu);
    d.cls = LDM, d.cycles = 1 + n, d.rt = n, d.addr_regs = 1 << 13;
    if (bit(hw, 8)) d.branch = END_ALWAYS, d.indirect = 1;
  } else if ((hw & 0xF500u) == 0xB100u) { /* CBZ/CBNZ */
    d.cls = OTHER, d.branch = END_COND;
  } else if ((hw & 0xFF00u) == 0xBF00u || (hw & 0xFF00u) == 0xBE00u) { /* IT, hints, BKPT */
    d.cls = OTHER;
  } else if ((hw & 0xF000u) == 0xD000u) { /* B<c>, UDF, SVC */
    d.cls = OTHER;
    if (((hw >> 8) & 0xFu) < 0xEu) d.branch = END_COND;
  } else if ((hw & 0xF800u) == 0xE000u) { /* B */
    d.cls = OTHER, d.branch = END_ALWAYS;
  } else if ((hw & 0xFFC0u) == 0x4340u) { /* MULS */
    d.cls = MUL, d.writes = 1 << (hw & 7u);
  } else if (hw < 0x2000u) { /* shift, add, subtract */
    d.writes = 1 << (hw & 7u);
  } else if (hw < 0x4000u) { /* MOV/CMP/ADD/SUB imm8 */
    if ((hw & 0xF800u) != 0x2800u) d.writes = 1 << ((hw >> 8) & 7u);
  } else if (hw < 0x4400u) { /* data processing */
    const int op = (int)((hw >> 6) & 0xFu);
    if (op != 8 && op != 10 && op != 11) d.writes = 1 << (hw & 7u); /* not TST/CMP/CMN */
  } else if ((hw & 0xF000u) == 0xA000u) {                           /* ADR, ADD Rd, SP */
    d.writes = 1 << ((hw >> 8) & 7u);
  } else if ((hw & 0xFF00u) == 0xB000u) { /* ADD/SUB SP */
    d.writes = 1 << 13;
  } else if ((hw & 0xFF00u) == 0xB200u || (hw & 0xFF00u) == 0xBA00u) { /* extend, reverse */
    d.writes = 1 << (hw & 7u);
  }
  return d;
}

static struct Insn decode32(uint32_t h1, uint32_t h2) {
  struct Insn d = {ALU, 1, END_NONE, 0, 0, 0, -1, 0, 0};
  const int rn = (int)(h1 & 0xFu);
  if ((h1 & 0xEC00u) == 0xEC00u) {   /* coprocessor: the FPU */
    if ((h1 & 0xFFE0u) == 0xEC40u) { /* VMOV two core registers */
      d.cls = FP;
    } else if ((h1 & 0x0E00u) == 0x0C00u) { /* VLDR/VSTR/VLDM/VSTM */
      d.addr_regs = 1 << rn;
      if (bit(h1, 8) && !bit(h1, 5))
        d.cls = FP, d.cycles = 2;
      else
        d.cls = LDM, d.rt = (int)(h2 & 0xFFu), d.cycles = 1 + d.rt;
    } else {
      d.cls = FP;
    }
  } else if ((h1 & 0xFE40u) == 0xE800u) { /* LDM/STM */
    const int n = __builtin_popcount(h2 & 0xFFFFu);
    d.cls = LDM, d.cycles = 1 + n, d.rt = n, d.addr_regs = 1 << rn;
    if (bit(h1, 4) && bit(h2, 15)) d.branch = END_ALWAYS, d.indirect = 1;
  } else if ((h1 & 0xFE40u) == 0xE840u) { /* dual, exclusive, table branch */
    if ((h1 & 0xFFF0u) == 0xE8D0u && (h2 & 0xFFE0u) == 0xF000u) {
      d.cls = OTHER, d.cycles = 2, d.branch = END_ALWAYS, d.indirect = 1; /* TBB/TBH */
    } else if ((h1 & 0xFFE0u) == 0xE840u) {
      d.addr_regs = 1 << rn; /* LDREX/STREX */
      if (bit(h1, 4))
        d.cls = LD, d.cycles = 2;
      else
        d.cls = ST, d.cycles = 2;
    } else {
      d.cls = LDRD, d.cycles = 3, d.addr_regs = 1 << rn;
    }
  } else if ((h1 & 0xFE00u) == 0xEA00u) { /* data processing, shifted register */
    d.writes = 1 << ((h2 >> 8) & 0xFu);
  } else if ((h1 & 0xF800u) == 0xF000u) {
    if (!bit(h2, 15)) { /* data processing, immediate */
      d.writes = 1 << ((h2 >> 8) & 0xFu);
    } else if ((h2 & 0xD000u) == 0x9000u) { /* B.W */
      d.cls = OTHER, d.branch = END_ALWAYS;
    } else if ((h2 & 0xD000u) == 0xD000u) { /* BL */
      d.cls = OTHER, d.branch = END_ALWAYS;
    } else if ((h2 & 0xD000u) == 0x8000u && ((h1 >> 7) & 7u) != 7u) { /* B<c>.W */
      d.cls = OTHER, d.branch = END_COND;
    } else {
      d.cls = OTHER; /* MSR, MRS, barriers, hints */
    }
  } else if ((h1 & 0xFE00u) == 0xF800u) { /* single load/store */
    const int reg_offset = !bit(h1, 7) && (h2 & 0x0FC0u) == 0;
    const int rt = (int)((h2 >> 12) & 0xFu);
    d.addr_regs = (1 << rn) | (reg_offset ? 1 << (h2 & 0xFu) : 0);
    if (!bit(h1, 4)) {
      d.cls = ST, d.cycles = reg_offset ? 2 : 1, d.is_store_reg = reg_offset;
    } else if (rt == 15 && (h1 & 0x0060u) != 0x0040u) {
      d.cls = OTHER; /* PLD, PLI */
    } else {
      d.cls = LD, d.cycles = 2, d.is_single_load = 1, d.rt = rt;
      if (rt == 15) d.branch = END_ALWAYS, d.indirect = 1;
    }
  } else if ((h1 & 0xFF00u) == 0xFA00u) { /* register shifts, extends, SIMD add/sub, misc */
    d.writes = 1 << ((h2 >> 8) & 0xFu);
  } else if ((h1 & 0xFF80u) == 0xFB00u) { /* 32-bit multiplies */
    d.cls = MUL, d.writes = 1 << ((h2 >> 8) & 0xFu);
  } else if ((h1 & 0xFF80u) == 0xFB80u) { /* long multiplies, divide */
    const int op1 = (int)((h1 >> 4) & 7u);
    if ((op1 == 1 || op1 == 3) && (h2 & 0xF0u) == 0xF0u) {
      d.cls = DIV, d.cycles = DIV_CYCLES, d.writes = 1 << ((h2 >> 8) & 0xFu);
    } else {
      d.cls = MULL, d.writes = (1 << ((h2 >> 8) & 0xFu)) | (1 << ((h2 >> 12) & 0xFu));
    }
  } else {
    d.cls = OTHER;
  }
  return d;
}

/* profile=1: the blocks that ran in window `window`, with their cycles. */
static void print_profile(uint64_t window) {
  for (const struct Block* x = all_blocks; x; x = x->next_block) {
    if (x->prof_execs == 0) continue;
    char line[256];
    snprintf(line, sizeof line,
             "PQLAB-M4-PROF seq=%" PRIu64 " pc=%" PRIx64 " execs=%" PRIu64 " insns=%" PRIu64 " cycles=%" PRIu64 "\n",
             window, x->vaddr, x->prof_execs, x->prof_execs * x->n_insns,
             x->prof_execs * x->base_cycles + x->prof_refill);
    qemu_plugin_outs(line);
  }
}

static void tb_exec(unsigned int vcpu, void* userdata) {
  (void)vcpu;
  struct Block* b = userdata;
  if (pending && pending->end != END_NONE) {
    const int taken = pending->end == END_ALWAYS || b->vaddr != pending->fallthrough;
    if (taken) {
      const uint64_t p = 1u + (uint64_t)pending->indirect + (uint64_t)b->entry_straddles;
      total[BR_TAKEN]++, total[REFILL] += p, total_cycles += p;
      pending->prof_refill += p;
    } else {
      total[BR_NOT_TAKEN]++;
    }
  }
  if (b->vaddr == mark_begin) {
    memcpy(snap, total, sizeof total), snap_insns = total_insns, snap_cycles = total_cycles;
    for (struct Block* x = all_blocks; x; x = x->next_block) x->prof_execs = 0, x->prof_refill = 0;
  } else if (b->vaddr == mark_end) {
    char line[1024];
    int n = snprintf(line, sizeof line, "PQLAB-M4 seq=%" PRIu64 " insns=%" PRIu64 " cycles=%" PRIu64, seq++,
                     total_insns - snap_insns, total_cycles - snap_cycles);
    for (int c = 0; c < NCLASS && n > 0 && (size_t)n < sizeof line; ++c)
      n += snprintf(line + n, sizeof line - (size_t)n, " %s=%" PRIu64, kNames[c], total[c] - snap[c]);
    if (n > 0 && (size_t)n < sizeof line - 1) line[n] = '\n', line[n + 1] = 0;
    qemu_plugin_outs(line);
    if (profile) print_profile(seq - 1);
  }
  b->prof_execs++;
  for (int c = 0; c < NCLASS; ++c) total[c] += b->count[c];
  total_insns += b->n_insns;
  total_cycles += b->base_cycles;
  pending = b;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  /* Blocks are never freed: QEMU may run a translation long after others
   * are flushed, and the firmware's code is small. */
  struct Block* b = calloc(1, sizeof *b);
  if (!b) abort();
  const size_t n = qemu_plugin_tb_n_insns(tb);
  b->vaddr = qemu_plugin_tb_vaddr(tb);
  b->n_insns = n;
  b->next_block = all_blocks, all_blocks = b;
  struct Insn prev = {OTHER, 0, END_NONE, 0, 0, 0, -1, 0, 0};
  for (size_t i = 0; i < n; ++i) {
    const struct qemu_plugin_insn* insn = qemu_plugin_tb_get_insn(tb, i);
    const uint8_t* p = qemu_plugin_insn_data(insn);
    const size_t size = qemu_plugin_insn_size(insn);
    const uint64_t at = qemu_plugin_insn_vaddr(insn);
    const uint32_t h1 = (uint32_t)p[0] | (uint32_t)p[1] << 8;
    struct Insn d = size == 4 ? decode32(h1, (uint32_t)p[2] | (uint32_t)p[3] << 8) : decode16(h1);
    if (i == 0) b->entry_straddles = size == 4 && (at & 2u);
    int cycles = d.cycles;
    /* Load/store timings: a load pipelines behind a single load whose
     * destination it does not use as an address; a register-offset store
     * pipelines behind a single load. */
    if (prev.is_single_load && (d.is_single_load || d.is_store_reg) && !(d.addr_regs & (1 << prev.rt))) {
      cycles -= 1;
      if (d.is_single_load) b->count[LD_PIPE]++;
    }
    if (d.addr_regs & prev.writes) cycles += 1, b->count[AGU]++;
    b->count[d.cls]++;
    if (d.cls == LDM) b->count[LDM_REGS] += (uint32_t)d.rt;
    b->base_cycles += (uint64_t)cycles;
    if (d.branch != END_NONE) b->end = d.branch, b->indirect = d.indirect;
    b->fallthrough = at + size;
    prev = d;
  }
  /* Only the block's last instruction may branch: QEMU ends a block there. */
  qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec, QEMU_PLUGIN_CB_NO_REGS, b);
}

static void at_exit(qemu_plugin_id_t id, void* userdata) {
  (void)id, (void)userdata;
  if (mark_end != UINT64_MAX) return;
  char line[1024];
  int n = snprintf(line, sizeof line, "PQLAB-M4 total insns=%" PRIu64 " cycles=%" PRIu64, total_insns, total_cycles);
  for (int c = 0; c < NCLASS && n > 0 && (size_t)n < sizeof line; ++c)
    n += snprintf(line + n, sizeof line - (size_t)n, " %s=%" PRIu64, kNames[c], total[c]);
  if (n > 0 && (size_t)n < sizeof line - 1) line[n] = '\n', line[n + 1] = 0;
  qemu_plugin_outs(line);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc, char** argv) {
  (void)info;
  for (int i = 0; i < argc; ++i) {
    /* The marker functions are Thumb code: clear the interworking bit. */
    if (strncmp(argv[i], "begin=", 6) == 0)
      mark_begin = strtoull(argv[i] + 6, NULL, 16) & ~1ull;
    else if (strncmp(argv[i], "end=", 4) == 0)
      mark_end = strtoull(argv[i] + 4, NULL, 16) & ~1ull;
    else if (strcmp(argv[i], "profile=1") == 0)
      profile = 1;
    else {
      fprintf(stderr, "m4cycles: unknown argument %s (want begin=HEX,end=HEX[,profile=1])\n", argv[i]);
      return -1;
    }
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
  qemu_plugin_register_atexit_cb(id, at_exit, NULL);
  return 0;
}
