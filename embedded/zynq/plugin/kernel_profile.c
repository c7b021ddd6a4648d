/* TCG plugin for QEMU 7.2: counts executed guest instructions, in total and
 * inside named address ranges (the offloadable kernels, from the ELF symbol
 * table), and the calls of each range (executions of its entry address);
 * writes a snapshot of every counter each time a marker address executes.
 *
 *   -plugin libkernel_profile.so,out=FILE,mark=0xADDR,
 *           range=NAME:0xSTART:0xEND,...,entry=NAME:0xADDR,...
 *
 * Output (FILE): one line per marker execution and one at exit,
 *   mark total=N NAME=instructions/calls ...
 *   exit total=N NAME=instructions/calls ...
 * in the order NAMEs first appear among range= and entry= arguments.
 *
 * Counting is per translated block: when a block executes, its instruction
 * count is added to the total and, for each range, the number of its
 * instructions that lie in the range (classified once, at translation). A
 * block left early by an exception is still counted whole; the firmware
 * takes none inside a measurement. Build: cc -O2 -shared -fPIC
 * -fvisibility=hidden kernel_profile.c -o libkernel_profile.so */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu_plugin_api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

enum { kMaxNames = 16, kMaxRanges = 64, kMaxEntries = 64 };

static char g_names[kMaxNames][64];
static unsigned g_name_count;
static struct {
  uint64_t start, end; /* [start, end) */
  unsigned name;
} g_ranges[kMaxRanges];
static unsigned g_range_count;
static struct {
  uint64_t address;
  unsigned name;
} g_entries[kMaxEntries];
static unsigned g_entry_count;
static uint64_t g_mark = UINT64_MAX;
static FILE* g_out;

static uint64_t g_total;
static uint64_t g_in_range[kMaxNames];
static uint64_t g_calls[kMaxNames];

static int name_index(const char* name, size_t length) {
  for (unsigned i = 0; i < g_name_count; ++i)
    if (strlen(g_names[i]) == length && memcmp(g_names[i], name, length) == 0) return (int)i;
  if (g_name_count == kMaxNames || length == 0 || length >= sizeof g_names[0]) return -1;
  memcpy(g_names[g_name_count], name, length);
  g_names[g_name_count][length] = '\0';
  return (int)g_name_count++;
}

static void snapshot(const char* what) {
  fprintf(g_out, "%s total=%" PRIu64, what, g_total);
  for (unsigned i = 0; i < g_name_count; ++i)
    fprintf(g_out, " %s=%" PRIu64 "/%" PRIu64, g_names[i], g_in_range[i], g_calls[i]);
  fputc('\n', g_out);
  fflush(g_out);
}

static void on_mark(unsigned int vcpu, void* userdata) {
  (void)vcpu;
  (void)userdata;
  snapshot("mark");
}

static void on_exit_cb(qemu_plugin_id_t id, void* userdata) {
  (void)id;
  (void)userdata;
  snapshot("exit");
  if (g_out != stderr) fclose(g_out);
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  uint64_t per_name[kMaxNames] = {0};
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn* insn = qemu_plugin_tb_get_insn(tb, i);
    const uint64_t pc = qemu_plugin_insn_vaddr(insn);
    for (unsigned r = 0; r < g_range_count; ++r)
      if (pc >= g_ranges[r].start && pc < g_ranges[r].end) {
        per_name[g_ranges[r].name] += 1;
        break;
      }
    for (unsigned e = 0; e < g_entry_count; ++e)
      if (pc == g_entries[e].address)
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &g_calls[g_entries[e].name], 1);
    if (pc == g_mark) qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark, QEMU_PLUGIN_CB_NO_REGS, NULL);
  }
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &g_total, n);
  for (unsigned k = 0; k < g_name_count; ++k)
    if (per_name[k] != 0)
      qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &g_in_range[k], per_name[k]);
}

/* "NAME:0x..." or "NAME:0x...:0x...": the name's index, and the numbers. */
static int parse_named(const char* value, uint64_t* numbers, int count) {
  const char* colon = strchr(value, ':');
  if (colon == NULL) return -1;
  const int name = name_index(value, (size_t)(colon - value));
  if (name < 0) return -1;
  const char* p = colon + 1;
  for (int i = 0; i < count; ++i) {
    char* end;
    numbers[i] = strtoull(p, &end, 0);
    if (end == p || (i + 1 < count ? *end != ':' : *end != '\0')) return -1;
    p = end + 1;
  }
  return name;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc, char** argv) {
  (void)info;
  g_out = stderr;
  for (int i = 0; i < argc; ++i) {
    const char* arg = argv[i];
    uint64_t numbers[2];
    int name;
    if (strncmp(arg, "out=", 4) == 0) {
      g_out = fopen(arg + 4, "w");
      if (g_out == NULL) {
        fprintf(stderr, "kernel_profile: cannot write %s\n", arg + 4);
        return -1;
      }
    } else if (strncmp(arg, "mark=", 5) == 0) {
      char* end;
      g_mark = strtoull(arg + 5, &end, 0);
      if (*end != '\0') goto bad;
    } else if (strncmp(arg, "range=", 6) == 0) {
      if (g_range_count == kMaxRanges || (name = parse_named(arg + 6, numbers, 2)) < 0 || numbers[1] <= numbers[0])
        goto bad;
      g_ranges[g_range_count].start = numbers[0];
      g_ranges[g_range_count].end = numbers[1];
      g_ranges[g_range_count++].name = (unsigned)name;
    } else if (strncmp(arg, "entry=", 6) == 0) {
      if (g_entry_count == kMaxEntries || (name = parse_named(arg + 6, numbers, 1)) < 0) goto bad;
      g_entries[g_entry_count].address = numbers[0];
      g_entries[g_entry_count++].name = (unsigned)name;
    } else {
      goto bad;
    }
    continue;
  bad:
    fprintf(stderr, "kernel_profile: bad argument %s\n", arg);
    return -1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
  return 0;
}
