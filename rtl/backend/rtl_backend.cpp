// The `rtl` kernel backend: pqlab's seam entries for the NTT, the inverse
// NTT, the pointwise / base-case products (ML-DSA, ML-KEM) and
// Keccak-f[1600] run on the Verilated RTL cores of rtl/, clocked cycle by
// cycle; every other entry is the portable one. Host only: the Verilated
// models live on the heap, and one mutex serialises the calls.
//
// Each call is what the PS would do with one core and an AXI DMA
// (rtl/README.md): program the core over AXI4-Lite, stream each operand
// into one of its banks (one AXI4-Stream burst = one DMA transfer, one
// 64-bit beat per clock), start it, poll its status, read its CYCLES
// register, and stream the result out.
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>

#include "kernels/kernels.hpp"
#include "kernels/portable/portable.hpp"
#include "kernels/rtl/rtl_stats.hpp"

// Verilator's runtime and generated headers are not written for the
// project's warning set.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wpedantic"
#include "Vkeccak_core.h"
#include "Vmldsa_ntt_core.h"
#include "Vmlkem_ntt_core.h"
#include "verilated.h"
#pragma GCC diagnostic pop

namespace pqlab::kernels::rtl {
namespace {

// Register map shared by the three cores (rtl/*.v headers).
constexpr std::uint8_t kCtrl = 0x00, kOp = 0x04, kStatus = 0x08, kCycles = 0x0C;
constexpr std::uint32_t kStart = 1, kLoad = 2, kUnload = 4;
constexpr std::uint32_t kBusy = 1, kDone = 2;

// The PL-side assumptions of the cost model (rtl/README.md, "Clock").
constexpr PlConfig kPlConfig{100.0, 8, 64.0};

// A Verilated core with its AXI4-Lite and AXI4-Stream ports, driven as a
// bus master and a DMA engine would drive them.
template <class Model>
class Core {
 public:
  explicit Core(VerilatedContext* context) : m_(std::make_unique<Model>(context)) {
    m_->clk = 0;
    m_->rst_n = 0;
    idle_inputs();
    for (int i = 0; i < 4; ++i) tick();
    m_->rst_n = 1;
    tick();
  }

  // One PL clock: inputs as set now are sampled at the rising edge.
  void tick() {
    m_->clk = 1;
    m_->eval();
    m_->clk = 0;
    m_->eval();
  }

  // AXI4-Lite write: address and data offered together, then the response.
  void write(std::uint8_t addr, std::uint32_t data) {
    m_->s_axil_awaddr = addr;
    m_->s_axil_awvalid = 1;
    m_->s_axil_wdata = data;
    m_->s_axil_wstrb = 0xF;
    m_->s_axil_wvalid = 1;
    m_->s_axil_bready = 1;
    while (m_->s_axil_awvalid || m_->s_axil_wvalid) {
      m_->eval();
      const bool aw = m_->s_axil_awready, w = m_->s_axil_wready;
      tick();
      if (aw) m_->s_axil_awvalid = 0;
      if (w) m_->s_axil_wvalid = 0;
    }
    for (;;) {
      m_->eval();
      const bool b = m_->s_axil_bvalid;
      tick();
      if (b) break;
    }
    m_->s_axil_bready = 0;
  }

  // AXI4-Lite read.
  std::uint32_t read(std::uint8_t addr) {
    m_->s_axil_araddr = addr;
    m_->s_axil_arvalid = 1;
    m_->s_axil_rready = 1;
    while (m_->s_axil_arvalid) {
      m_->eval();
      const bool ar = m_->s_axil_arready;
      tick();
      if (ar) m_->s_axil_arvalid = 0;
    }
    std::uint32_t data = 0;
    for (;;) {
      m_->eval();
      const bool r = m_->s_axil_rvalid;
      data = m_->s_axil_rdata;
      tick();
      if (r) break;
    }
    m_->s_axil_rready = 0;
    return data;
  }

  // One MM2S burst into bank `bank` (the core's OP register selects it).
  void stream_in(std::uint32_t op_word, const std::uint64_t* beats, std::size_t n, CoreCounters& c) {
    write(kOp, op_word);
    write(kCtrl, kLoad);
    std::size_t i = 0;
    while (i < n) {
      m_->s_axis_tdata = beats[i];
      m_->s_axis_tvalid = 1;
      m_->s_axis_tlast = i + 1 == n;
      m_->eval();
      const bool ready = m_->s_axis_tready;
      tick();
      if (ready) ++i;
    }
    m_->s_axis_tvalid = 0;
    m_->s_axis_tlast = 0;
    c.bytes_to_pl += 8 * n;
    ++c.transfers;
  }

  // START, poll STATUS until done, and return the core's own cycle count.
  std::uint32_t run(std::uint32_t op_word) {
    write(kOp, op_word);
    write(kCtrl, kStart);
    while ((read(kStatus) & (kBusy | kDone)) != kDone) {
    }
    return read(kCycles);
  }

  // One S2MM burst of the result bank.
  void stream_out(std::uint64_t* beats, std::size_t n, CoreCounters& c) {
    write(kCtrl, kUnload);
    std::size_t i = 0;
    m_->m_axis_tready = 1;
    while (i < n) {
      m_->eval();
      const bool valid = m_->m_axis_tvalid;
      if (valid) beats[i] = m_->m_axis_tdata;
      tick();
      if (valid) ++i;
    }
    m_->m_axis_tready = 0;
    c.bytes_from_pl += 8 * n;
    ++c.transfers;
  }

 private:
  void idle_inputs() {
    m_->s_axil_awvalid = 0;
    m_->s_axil_wvalid = 0;
    m_->s_axil_bready = 0;
    m_->s_axil_arvalid = 0;
    m_->s_axil_rready = 0;
    m_->s_axis_tvalid = 0;
    m_->s_axis_tlast = 0;
    m_->m_axis_tready = 0;
  }

  std::unique_ptr<Model> m_;
};

struct Sim {
  std::mutex lock;
  std::unique_ptr<VerilatedContext> context;
  std::unique_ptr<Core<Vmldsa_ntt_core>> mldsa;
  std::unique_ptr<Core<Vmlkem_ntt_core>> mlkem;
  std::unique_ptr<Core<Vkeccak_core>> keccak;
  Counters counters{};

  Sim() : context(std::make_unique<VerilatedContext>()) {
    mldsa = std::make_unique<Core<Vmldsa_ntt_core>>(context.get());
    mlkem = std::make_unique<Core<Vmlkem_ntt_core>>(context.get());
    keccak = std::make_unique<Core<Vkeccak_core>>(context.get());
  }
};

Sim& sim() {
  static Sim s;
  return s;
}

// Coefficients to and from 64-bit beats: two int32 (ML-DSA) or four int16
// (ML-KEM) per beat, the lower index in the low bits.
template <class T>
void pack(std::uint64_t* beats, const T* a) {
  std::memcpy(beats, a, 256 * sizeof(T));  // little-endian host: lane order = beat bit order
}
template <class T>
void unpack(T* a, const std::uint64_t* beats) {
  std::memcpy(a, beats, 256 * sizeof(T));
}

// ML-DSA core operations (rtl/mldsa_ntt_core.v OP register).
enum DsaOp : std::uint32_t { kDsaNtt = 0, kDsaInvNtt = 1, kDsaPointwise = 2, kDsaPointwiseAcc = 3 };
constexpr std::uint32_t bank(std::uint32_t op, std::uint32_t b) { return op | (b << 4); }

void dsa_call(DsaOp op, std::int32_t* out, const std::int32_t* a, const std::int32_t* b, const std::int32_t* c,
              CoreCounters& counters) {
  Sim& s = sim();
  std::uint64_t beats[128];
  pack(beats, a);
  s.mldsa->stream_in(bank(op, 0), beats, 128, counters);
  if (b != nullptr) {
    pack(beats, b);
    s.mldsa->stream_in(bank(op, 1), beats, 128, counters);
  }
  if (c != nullptr) {
    pack(beats, c);
    s.mldsa->stream_in(bank(op, 2), beats, 128, counters);
  }
  counters.pl_cycles += s.mldsa->run(op);
  s.mldsa->stream_out(beats, 128, counters);
  unpack(out, beats);
  ++counters.calls;
}

enum KemOp : std::uint32_t { kKemNtt = 0, kKemInvNtt = 1, kKemBasemulAcc = 2 };

void kem_call(KemOp op, std::int16_t* out, const std::int16_t* a, const std::int16_t* b, const std::int16_t* c,
              CoreCounters& counters) {
  Sim& s = sim();
  std::uint64_t beats[64];
  pack(beats, a);
  s.mlkem->stream_in(bank(op, 0), beats, 64, counters);
  if (b != nullptr) {
    pack(beats, b);
    s.mlkem->stream_in(bank(op, 1), beats, 64, counters);
  }
  if (c != nullptr) {
    pack(beats, c);
    s.mlkem->stream_in(bank(op, 2), beats, 64, counters);
  }
  counters.pl_cycles += s.mlkem->run(op);
  s.mlkem->stream_out(beats, 64, counters);
  unpack(out, beats);
  ++counters.calls;
}

void keccak_call(std::uint64_t state[keccak_lanes]) {
  Sim& s = sim();
  CoreCounters& c = s.counters.keccak_f1600;
  s.keccak->stream_in(0, state, keccak_lanes, c);
  c.pl_cycles += s.keccak->run(0);
  s.keccak->stream_out(state, keccak_lanes, c);
  ++c.calls;
}

// ---- the seam's entries (contracts in kernels/entries.inc) ----

void mldsa_ntt(std::int32_t out[256], const std::int32_t in[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  dsa_call(kDsaNtt, out, in, nullptr, nullptr, s.counters.mldsa_ntt);
}

void mldsa_invntt_tomont(std::int32_t a[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  dsa_call(kDsaInvNtt, a, a, nullptr, nullptr, s.counters.mldsa_invntt);
}

void mldsa_pointwise_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  dsa_call(kDsaPointwise, r, a, b, nullptr, s.counters.mldsa_pointwise);
}

void mldsa_pointwise_acc_montgomery(std::int32_t r[256], const std::int32_t a[256], const std::int32_t b[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  dsa_call(kDsaPointwiseAcc, r, a, b, r, s.counters.mldsa_pointwise);
}

void mlkem_ntt(std::int16_t a[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  kem_call(kKemNtt, a, a, nullptr, nullptr, s.counters.mlkem_ntt);
}

void mlkem_invntt_tomont(std::int16_t a[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  kem_call(kKemInvNtt, a, a, nullptr, nullptr, s.counters.mlkem_invntt);
}

void mlkem_basemul_acc(std::int16_t r[256], const std::int16_t a[256], const std::int16_t b[256]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  kem_call(kKemBasemulAcc, r, a, b, r, s.counters.mlkem_basemul);
}

void keccak_f1600_x1(std::uint64_t state[keccak_lanes]) {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  keccak_call(state);
}

// The multi-state entries are loops over the one core (one state in it at
// a time); the lane-sliced one permutes whole states whatever `words` asks.
void keccak_f1600_x4(std::uint64_t states[4 * keccak_lanes]) {
  for (std::size_t i = 0; i < 4; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

void keccak_f1600_x8(std::uint64_t states[8 * keccak_lanes]) {
  for (std::size_t i = 0; i < 8; ++i) keccak_f1600_x1(states + i * keccak_lanes);
}

void keccak_f1600_sliced8(std::uint64_t lanes[8 * keccak_lanes], std::size_t count, std::size_t /*words*/) {
  for (std::size_t j = 0; j < count; ++j) {
    std::uint64_t state[keccak_lanes];
    for (std::size_t i = 0; i < keccak_lanes; ++i) state[i] = lanes[8 * i + j];
    keccak_f1600_x1(state);
    for (std::size_t i = 0; i < keccak_lanes; ++i) lanes[8 * i + j] = state[i];
  }
}

Table make_table() {
  Table t{};
  portable::fill(t);
  t.name = "rtl";
  t.keccak.keccak_f1600_x1 = keccak_f1600_x1;
  t.keccak.keccak_f1600_x4 = keccak_f1600_x4;
  t.keccak.keccak_f1600_x8 = keccak_f1600_x8;
  t.keccak.keccak_f1600_sliced8 = keccak_f1600_sliced8;
  // The multi-state calls are loops over x1: callers gain nothing from them.
  t.tuning.keccak_x4_min_ways = 4;
  t.tuning.keccak_x8_min_ways = 8;
  t.tuning.keccak_sliced_min_states = 1;
  t.mlkem.mlkem_ntt = mlkem_ntt;
  t.mlkem.mlkem_invntt_tomont = mlkem_invntt_tomont;
  t.mlkem.mlkem_basemul_acc = mlkem_basemul_acc;
  t.mldsa.mldsa_ntt = mldsa_ntt;
  t.mldsa.mldsa_invntt_tomont = mldsa_invntt_tomont;
  t.mldsa.mldsa_pointwise_montgomery = mldsa_pointwise_montgomery;
  t.mldsa.mldsa_pointwise_acc_montgomery = mldsa_pointwise_acc_montgomery;
  return t;
}

}  // namespace

Counters counters() {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  return s.counters;
}

void reset_counters() {
  Sim& s = sim();
  const std::lock_guard<std::mutex> guard(s.lock);
  s.counters = Counters{};
}

bool available() { return true; }

PlConfig pl_config() { return kPlConfig; }

}  // namespace pqlab::kernels::rtl

// The hook dispatch.cpp looks for (declared weak there): the rtl table.
extern "C" const pqlab::kernels::Table* pqlab_kernels_external_backend() {
  static const pqlab::kernels::Table table = pqlab::kernels::rtl::make_table();
  return &table;
}
