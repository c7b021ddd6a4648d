// Arm semihosting (Arm's semihosting specification v2.0): the operation in
// r0, its parameter block in r1, and a trap QEMU (-semihosting-config
// enable=on) serves. The trap depends on the core: `bkpt 0xAB` on an
// M-profile core (the Cortex-M4 images), `svc 0x123456` on an A-profile one
// in the A32 state (the Cortex-A9 image of embedded/zynq/, §2.1).
#include "semihost.hpp"

#if defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'M'
#define PQLAB_SEMIHOST_TRAP "bkpt 0xAB"
#elif defined(__ARM_ARCH_PROFILE) && __ARM_ARCH_PROFILE == 'A' && !defined(__thumb__)
#define PQLAB_SEMIHOST_TRAP "svc 0x123456"
#else
#error "semihosting: an M-profile core, or an A-profile one in the A32 state"
#endif

namespace firmware::semihost {
namespace {

constexpr std::uint32_t kSysWrite0 = 0x04;
constexpr std::uint32_t kSysGetCmdline = 0x15;
constexpr std::uint32_t kSysExitExtended = 0x20;
constexpr std::uint32_t kAdpStoppedApplicationExit = 0x20026;

std::uint32_t call(std::uint32_t operation, const void* argument) {
  register std::uint32_t r0 asm("r0") = operation;
  register const void* r1 asm("r1") = argument;
  asm volatile(PQLAB_SEMIHOST_TRAP : "+r"(r0) : "r"(r1) : "memory");
  return r0;
}

}  // namespace

void write(const char* text) { call(kSysWrite0, text); }

std::size_t command_line(std::span<char> buffer) {
  if (buffer.empty()) return 0;
  struct {
    char* data;
    std::uint32_t length;
  } block = {buffer.data(), static_cast<std::uint32_t>(buffer.size() - 1)};
  if (call(kSysGetCmdline, &block) != 0) return 0;
  const std::size_t length = block.length < buffer.size() ? block.length : buffer.size() - 1;
  buffer[length] = '\0';
  return length;
}

void exit(std::uint32_t code) {
  const std::uint32_t block[2] = {kAdpStoppedApplicationExit, code};
  call(kSysExitExtended, block);
  for (;;) {
  }
}

}  // namespace firmware::semihost
